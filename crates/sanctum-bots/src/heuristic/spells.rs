//! Which target the heuristic bot gives each card: the card's effect decides the kind of
//! target it wants (an enemy to hurt, a friend to help, a square near the enemy, the
//! globe), then the best of the engine's legal targets of that kind is taken; a card
//! with no good target is kept (or discarded when it can never help).

use sanctum_rules::cards::{CardId, DispelScope, Effect, Modifier, TargetType};
use sanctum_rules::game::orders::{aimable_targets, check_target};
use sanctum_rules::game::state::{Host, SpellRef};
use sanctum_rules::game::{GameState, Target};
use sanctum_rules::groups::Ability;
use sanctum_rules::map::StructureKind;
use sanctum_rules::terrain::Hazard;
use sanctum_rules::{Player, Side, Square};

use super::eval::{self, Threat, power};
use super::{land, squares};

/// The target to cast `card` on now, if the bot wants to cast it: of the engine's legal
/// targets, the one its effect scores highest (the first on a tie). Legality is asked
/// of the best-scored targets first, only until one passes, since on a crowded board
/// asking it of every target costs more than all the rest of the plan.
pub fn choose(state: &GameState, side: Side, card: CardId) -> Option<Target> {
    let aim = Aim::new(state, side, card);
    // A card of several effects is aimed for its first (Plague: a curse, then damage).
    let effect = card.def().effects().first().copied()?;
    // Each kind of card goes to its helper; `kind` names every effect, so a new one
    // cannot be left out without the compiler noticing.
    let aimed = match kind(effect) {
        Kind::Timely => aim.when_timely(effect),
        Kind::Hurt => aim.hurt(effect),
        Kind::BlessOrCurse => aim.bless_or_curse(effect),
        Kind::GroupInNeed => aim.group_in_need(effect),
        Kind::Structure => aim.structure(effect),
        Kind::SquareOrGlobe => aim.square_or_globe(effect),
        Kind::Kept => None,
    };
    aimed.flatten()
}

/// Which helper of `Aim` aims an effect.
enum Kind {
    /// `Aim::when_timely`.
    Timely,
    /// `Aim::hurt`.
    Hurt,
    /// `Aim::bless_or_curse`.
    BlessOrCurse,
    /// `Aim::group_in_need`.
    GroupInNeed,
    /// `Aim::structure`.
    Structure,
    /// `Aim::square_or_globe`.
    SquareOrGlobe,
    /// Never cast by this bot: the card is kept.
    Kept,
}

/// The kind of an effect. A few of a kind are still kept by their helper: HealOnSquare
/// spells not on a structure (Stone Circle goes where a wounded group will stand after
/// its move, so it is cast after the moves are planned: squares::cast_circles), and
/// SetTerrain spells other than those that nurture a summoning in hand.
fn kind(effect: Effect) -> Kind {
    match effect {
        Effect::ManaNextTurn { .. } | Effect::Leap | Effect::Hero { .. } => Kind::Timely,
        Effect::Price { .. } | Effect::Recruits { .. } | Effect::Sacrifice { .. } => Kind::Timely,
        Effect::King { .. } | Effect::ManaEachTurn { .. } | Effect::Mulligan => Kind::Timely,
        Effect::CaptureMana { .. } | Effect::Spread { .. } | Effect::Flood => Kind::Timely,
        Effect::Ambush { .. } | Effect::Burn { .. } | Effect::Foresight => Kind::Timely,
        Effect::DamageEach { .. } | Effect::Kill => Kind::Hurt,
        Effect::RevolverDamage { .. } | Effect::DamageByArmor | Effect::Exchange => Kind::Hurt,
        Effect::Modify { .. } | Effect::Combat { .. } | Effect::Grant { .. } => Kind::BlessOrCurse,
        Effect::Overwrite { .. } | Effect::BeforeMovement { .. } => Kind::BlessOrCurse,
        Effect::TerrainBind | Effect::Lure | Effect::Seize | Effect::Possess => Kind::BlessOrCurse,
        Effect::Ward | Effect::Mantle | Effect::Helm | Effect::Teleport => Kind::BlessOrCurse,
        Effect::DamageEachTurn { .. } | Effect::Give { .. } | Effect::Fog => Kind::BlessOrCurse,
        Effect::Companion { .. } | Effect::Guard { .. } | Effect::Jar => Kind::BlessOrCurse,
        Effect::Shapeshift | Effect::Enlist { .. } | Effect::Obeisance => Kind::BlessOrCurse,
        Effect::Devolve | Effect::Release | Effect::Remove | Effect::JumpingLand => {
            Kind::BlessOrCurse
        }
        Effect::HealEachTurn { .. } | Effect::Beckon { .. } => Kind::BlessOrCurse,
        Effect::Around { .. } | Effect::Encamp { .. } | Effect::Rebirth { .. } => Kind::GroupInNeed,
        Effect::HealEach { .. } | Effect::Dispel { .. } => Kind::GroupInNeed,
        Effect::StructureMana { .. } | Effect::Novices { .. } | Effect::HeldMana { .. } => {
            Kind::Structure
        }
        Effect::HealOnSquare { .. } | Effect::Forge | Effect::Grace => Kind::Structure,
        Effect::MakeTown | Effect::Dome | Effect::Endow { .. } => Kind::Structure,
        Effect::NoNovices | Effect::Entropy => Kind::Structure,
        Effect::Summon { .. } | Effect::Rift | Effect::Recede { .. } => Kind::SquareOrGlobe,
        Effect::Sweep { .. } | Effect::SetTerrain { .. } | Effect::Swallow => Kind::SquareOrGlobe,
        Effect::Brood { .. } | Effect::FoundColony | Effect::ModifyRecruits { .. } => {
            Kind::SquareOrGlobe
        }
        Effect::Horn | Effect::Truce | Effect::NoGlobeSpells | Effect::Blind => Kind::Kept,
        Effect::SwapInitiative | Effect::KillRecruits | Effect::Quake => Kind::Kept,
        Effect::ShiftingTerrain { .. } | Effect::Chaos | Effect::ChaosFeatures { .. } => Kind::Kept,
        Effect::ChaosEachTurn | Effect::Block { .. } | Effect::Attract => Kind::Kept,
        Effect::Nurture { .. } | Effect::Homeward | Effect::Pipes | Effect::Toll { .. } => {
            Kind::Kept
        }
        Effect::Shun { .. } | Effect::TerrainMana { .. } | Effect::HealIn { .. } => Kind::Kept,
        Effect::Fold | Effect::Inspire { .. } | Effect::All { .. } => Kind::Kept,
    }
}

/// A helper's answer for one effect: `None` when the effect is not of its kind (or is
/// kept), else `Some` of the target it picked (itself `None` to keep the card).
type Aimed = Option<Option<Target>>;

/// One card to aim: the position, the caster, the engine's targets for it and the
/// threat each enemy group poses.
struct Aim<'a> {
    state: &'a GameState,
    side: Side,
    me: Player,
    card: CardId,
    targets: Vec<Target>,
    threat: Threat,
}

impl<'a> Aim<'a> {
    /// Collects the card's aimable targets, then the side's threat table.
    fn new(state: &'a GameState, side: Side, card: CardId) -> Aim<'a> {
        let targets = aimable_targets(state, card);
        let threat = Threat::new(state, side);
        let me = Player::from(side);
        Aim {
            state,
            side,
            me,
            card,
            targets,
            threat,
        }
    }

    /// Whether the engine would accept the card cast on `t`.
    fn legal(&self, t: &Target) -> bool {
        check_target(self.state, self.side, self.card, *t).is_ok()
    }

    /// The first legal target in the engine's order, looked for only when `now` holds.
    fn first_if(&self, now: bool) -> Option<Target> {
        now.then(|| self.targets.iter().copied().find(|t| self.legal(t)))
            .flatten()
    }

    /// The legal target `score` rates highest, as [`best`] picks it.
    fn pick(&self, score: &dyn Fn(&Target) -> Option<f64>) -> Option<Target> {
        best(&self.targets, score, &|t| self.legal(t))
    }

    /// A blessing: on the side's most powerful group ([`own_biggest`]).
    fn bless(&self) -> Option<Target> {
        self.pick(&own_biggest(self.state, self.side))
    }

    /// A curse: on the most threatening enemy group of at least `min_threat`.
    fn curse(&self, min_threat: f64) -> Option<Target> {
        self.pick(&enemy_worst(
            self.state,
            self.side,
            &self.threat,
            min_threat,
        ))
    }

    /// A structure blessing: on the side's own structure nearest its Sanctum.
    fn own_structure(&self) -> Option<Target> {
        self.pick(&own_structure(self.state, self.side))
    }

    /// A summoning or something like one: on the safe square nearest the enemy.
    fn summon(&self) -> Option<Target> {
        self.pick(&summon_square(self.state, self.side))
    }

    /// Cards whose target hardly matters (mana, a new hand, the whole board): cast on the
    /// first legal target, but only while the game or the board makes them worth it.
    fn when_timely(&self, effect: Effect) -> Aimed {
        let (state, turn) = (self.state, self.state.turn);
        Some(match effect {
            Effect::ManaNextTurn { .. }
            | Effect::Leap
            | Effect::Hero { .. }
            | Effect::Price { .. }
            | Effect::Recruits { .. }
            | Effect::Sacrifice { .. }
            | Effect::King { .. } => self.first_if(true),
            Effect::ManaEachTurn { .. } => self.first_if(turn < 70),
            // Leap of Faith: a new hand while the game is young; Volgaris on the own monsters.
            Effect::Mulligan => self.first_if(turn < 30),
            // Dracha's Trade: while towns are still to be taken.
            Effect::CaptureMana { .. } => self.first_if(turn < 40),
            Effect::Spread { from, onto } => {
                self.first_if(land::seed_helps(state, self.side, from, onto))
            }
            Effect::Flood => self.first_if(self.flood_helps()),
            Effect::Ambush { from, .. } => self.first_if(self.ambush_ready(from)),
            // Pages to Dust while the other player holds cards; a Scrying Pool early on.
            Effect::Burn { .. } => {
                self.first_if(!state.player(self.side.opponent()).hand.is_empty())
            }
            Effect::Foresight => self.first_if(turn < 60),
            _ => return None,
        })
    }

    /// Deluge: true when more enemy groups than own stand where the water will rise.
    fn flood_helps(&self) -> bool {
        let state = self.state;
        let wet = |at: Square| {
            at.orthogonal().any(|n| {
                state.field.board().is_playable(n)
                    && state.field.terrain(n) == sanctum_rules::terrain::Terrain::Water
            })
        };
        let theirs = eval::enemies(state, self.side)
            .filter(|u| wet(u.at))
            .count();
        let mine = state
            .units
            .iter()
            .filter(|u| u.group.owner == self.me && wet(u.at))
            .count();
        theirs > mine
    }

    /// An off-board monster: true when an enemy group stands next to a free square of
    /// the terrain (`from`) it can come out of.
    fn ambush_ready(&self, from: &[sanctum_rules::terrain::Terrain]) -> bool {
        let state = self.state;
        let lair = |at: Square| {
            from.contains(&state.field.terrain(at))
                && state.unit_at(at).is_none()
                && state.field.structure(at).is_none()
        };
        eval::enemies(state, self.side).any(|u| {
            u.at.orthogonal()
                .any(|n| state.field.board().is_playable(n) && lair(n))
        })
    }

    /// Direct damage and removal: on the enemy group or minion where it does the most.
    fn hurt(&self, effect: Effect) -> Aimed {
        Some(match effect {
            Effect::DamageEach { amount } => self.pick(&self.damage_each(amount)),
            Effect::Kill | Effect::RevolverDamage { .. } | Effect::DamageByArmor => {
                self.pick(&self.damage_one(effect))
            }
            // Ch'tai Exchange: pull the strongest member out of the enemy group of two or
            // more that threatens most, leaving it weaker and the member alone (S61).
            Effect::Exchange => self.pick(&|t| {
                let (u, m) = minion_at(self.state, t)?;
                let danger = self.threat.of(u);
                (u.group.owner != self.me && u.group.size() >= 2 && danger >= 1.0)
                    .then(|| danger * 100.0 + f64::from(m.health()) + 5.0 * f64::from(m.level))
            }),
            _ => return None,
        })
    }

    /// Damage to each minion of a group: scores an enemy group by the health it takes
    /// and the minions it kills, wanted only from 8 up (and for a horde if it is priced).
    fn damage_each(&self, amount: u8) -> impl Fn(&Target) -> Option<f64> + '_ {
        let card = self.card;
        move |t| {
            let u = self.state.unit_at(group_at(t)?)?;
            if u.group.owner == self.me {
                return None;
            }
            let hurt: f64 = u
                .group
                .minions()
                .iter()
                .map(|m| f64::from(m.health().min(amount)))
                .sum();
            let kills = u
                .group
                .minions()
                .iter()
                .filter(|m| m.health() <= amount)
                .count() as f64;
            let score = hurt + 4.0 * kills + 2.0 * self.threat.of(u);
            // The Pact Is Sealed costs mana every turn: only for a horde.
            let priced = card
                .def()
                .effects()
                .iter()
                .any(|e| matches!(e, Effect::Toll { .. }));
            (score >= 8.0 && (!priced || kills >= 4.0)).then_some(score)
        }
    }

    /// Damage to one minion (or its death): scores an enemy minion by the health taken,
    /// its level, a bonus for a kill and its group's threat.
    fn damage_one(&self, effect: Effect) -> impl Fn(&Target) -> Option<f64> + '_ {
        // Cruel Greaves hurts each minion as much as its armor.
        let by_armor = effect == Effect::DamageByArmor;
        let amount = match effect {
            Effect::RevolverDamage { per } => {
                per.saturating_mul(self.state.player(self.side).revolver_m(self.card))
            }
            _ => u8::MAX,
        };
        move |t| {
            let (u, m) = minion_at(self.state, t)?;
            let amount = if by_armor { m.armor } else { amount };
            if u.group.owner == self.me || amount == 0 {
                return None;
            }
            let kill = m.health() <= amount;
            let value = f64::from(m.health().min(amount)) + f64::from(m.level) * 2.0;
            Some(value + if kill { 10.0 } else { 0.0 } + self.threat.of(u))
        }
    }

    /// Enchantments and items on a group: a blessing on the own biggest group, a curse
    /// or a hindrance on the enemy group that threatens most.
    fn bless_or_curse(&self, effect: Effect) -> Aimed {
        Some(match effect {
            Effect::Modify { by } if helps(by) => self.bless(),
            Effect::Combat { .. } => self.bless(),
            Effect::Modify { .. } => self.curse(0.0),
            Effect::Grant { ability } => match ability {
                Ability::Flight
                | Ability::Mountainwalk
                | Ability::Waterwalk
                | Ability::Desertwalk
                | Ability::MovesTwo
                | Ability::Firewalk
                | Ability::Driven => self.bless(),
                _ => self.curse(1.0),
            },
            Effect::Overwrite { .. }
            | Effect::BeforeMovement { .. }
            | Effect::TerrainBind
            | Effect::Lure => self.curse(1.0),
            Effect::Seize | Effect::Possess => self.curse(0.0),
            Effect::Ward | Effect::Mantle | Effect::Helm => self.bless(),
            Effect::DamageEachTurn { .. } => self.curse(0.0),
            // Helper items: a blessing on the own biggest, a curse on the enemy's worst.
            Effect::Give { item } if helps(item.modifier()) => self.bless(),
            Effect::Give { .. } => self.curse(0.0),
            Effect::Teleport => self.curse(1.0),
            Effect::Fog | Effect::Companion { .. } | Effect::Guard { .. } | Effect::Jar => {
                self.bless()
            }
            Effect::Shapeshift => self.bless(),
            Effect::Enlist { .. } => self.bless(),
            Effect::Obeisance => self.curse(0.0),
            Effect::Devolve | Effect::Release => self.curse(0.0),
            // Shifting Sands, Jumping Land: the enemy group that threatens most.
            Effect::Remove | Effect::JumpingLand => self.curse(0.0),
            Effect::HealEachTurn { .. } => self.bless(),
            Effect::Beckon { .. } => self.curse(1.0),
            _ => return None,
        })
    }

    /// Cards for a group in a particular plight, not the strongest one: beset, wounded,
    /// ready to camp, or carrying the other player's spells.
    fn group_in_need(&self, effect: Effect) -> Aimed {
        let (state, side, me) = (self.state, self.side, self.me);
        Some(match effect {
            // Harmattan, Man-Catcher: from the own group with the most enemies beside it.
            Effect::Around { .. } => self.pick(&|t| {
                let u = state.unit_at(group_at(t)?)?;
                let beside = eval::enemies(state, side)
                    .filter(|e| e.at.is_orthogonal_to(u.at))
                    .count();
                (u.group.owner == me && beside > 0).then_some(beside as f64)
            }),
            // Encampment: a group of two or more of its own on open ground with no enemy
            // group beside it makes camp, for a colony held three turns (S60).
            Effect::Encamp { .. } => self.pick(&|t| {
                let at = group_at(t)?;
                let u = state.unit_at(at)?;
                let beset = state
                    .units
                    .iter()
                    .any(|e| e.group.owner != me && e.at.is_orthogonal_to(at));
                (u.group.owner == me
                    && u.group.size() >= 2
                    && state.field.structure(at).is_none()
                    && !beset)
                    .then_some(-power(&u.group))
            }),
            // Dryad's Favors: a badly wounded recruit of its own, reborn whole later.
            Effect::Rebirth { .. } => self.pick(&|t| {
                let (u, m) = minion_at(state, t)?;
                (u.group.owner == me && m.damage * 2 >= m.hit_points.max(1))
                    .then_some(f64::from(m.damage))
            }),
            Effect::HealEach { .. } => self.pick(&|t| {
                let u = state.unit_at(group_at(t)?)?;
                let hurt: u32 = u.group.minions().iter().map(|m| u32::from(m.damage)).sum();
                (u.group.owner == me && hurt >= 3).then_some(f64::from(hurt))
            }),
            // Abatement: a square holding the other player's visible spells (squares.rs).
            Effect::Dispel {
                scope: DispelScope::Square,
            } => self.pick(&squares::abatement(state, side)),
            Effect::Dispel { .. } => self.pick(&|t| {
                let u = state.unit_at(group_at(t)?)?;
                let theirs = enchantments_on(state, u.id, side.opponent());
                (theirs > 0).then_some(theirs as f64)
            }),
            _ => return None,
        })
    }

    /// Structure spells: most on the own structure nearest home, a few on the other
    /// player's.
    fn structure(&self, effect: Effect) -> Aimed {
        let (state, side, me) = (self.state, self.side, self.me);
        Some(match effect {
            // Allies and Willing Supplicants too.
            Effect::StructureMana { .. } | Effect::Novices { .. } | Effect::HeldMana { .. } => {
                self.own_structure()
            }
            // Master Smith, Auberol's Grace, a Pyx: on the own structure nearest home.
            Effect::HealOnSquare { .. } if self.card.def().target == TargetType::Structure => {
                self.own_structure()
            }
            Effect::Forge | Effect::Grace | Effect::MakeTown | Effect::Dome => self.own_structure(),
            // Fertility, Clandestin on the own structure nearest home; Changelings (which
            // only another player's may take) on theirs.
            Effect::Endow { .. } => self.pick(&|t| {
                let at = structure_at(t)?;
                match owner_at(state, at) {
                    Some(o) if o == me => Some(-f64::from(at.manhattan(state.field.sanctum(side)))),
                    Some(Player::Neutral) | None => None,
                    Some(_) => Some(1.0),
                }
            }),
            Effect::NoNovices => self.pick(&|t| {
                let at = structure_at(t)?;
                (owner_at(state, at) == Some(Player::from(side.opponent()))).then_some(1.0)
            }),
            Effect::Entropy => self.pick(&|t| {
                let at = structure_at(t)?;
                let colony = state.field.structure(at)?.kind == StructureKind::Colony;
                (owner_at(state, at) == Some(Player::from(side.opponent())) && colony)
                    .then_some(1.0)
            }),
            _ => return None,
        })
    }

    /// Spells on a square (summonings, terrain, a colony) or on the globe (recruits).
    fn square_or_globe(&self, effect: Effect) -> Aimed {
        let (state, side, me) = (self.state, self.side, self.me);
        Some(match effect {
            Effect::Summon { .. } | Effect::Rift => self.summon(),
            // Parted Sea, Savannah, Seed on the Wind, Jungle: terrain that helps (land.rs).
            Effect::Recede { .. } => self.pick(&land::parted_sea(state, side)),
            Effect::Sweep { .. } => self.pick(&land::savannah(state, side)),
            Effect::SetTerrain { .. } if land::nurtures(self.card) => {
                land::summons_in_hand(state, side, self.card)
                    .then(|| self.summon())
                    .flatten()
            }
            // A Cessao Spiral or Husks in the enemy's path, as a summoning.
            Effect::Swallow | Effect::Brood { .. } => self.summon(),
            Effect::FoundColony => (state.turn < 80)
                .then(|| {
                    self.pick(&|t| {
                        let Target::Square { at } = *t else {
                            return None;
                        };
                        let hazard = state.field.terrain(at).rules().hazard != Hazard::None;
                        (!hazard).then(|| -f64::from(at.manhattan(state.field.sanctum(side))))
                    })
                })
                .flatten(),
            Effect::ModifyRecruits { by } if helps(by) => self.pick(&|t| match *t {
                // On the globe it strengthens every recruit: worth it when most are its own.
                Target::Globe => (recruits(state, me) > recruits_not(state, me)).then_some(0.0),
                Target::Square { at } | Target::Structure { at } => {
                    let own = owner_at(state, at) == Some(me);
                    let held = state.unit_at(at).is_some_and(|u| u.group.owner == me);
                    (own || held).then_some(1.0)
                }
                _ => None,
            }),
            // Ill Winds: a curse on the enemy's recruits (squares.rs).
            Effect::ModifyRecruits { .. } => self.pick(&squares::recruit_curse(state, side)),
            _ => return None,
        })
    }
}

/// Whether a card can never be useful to this bot (it casts none of its kind).
pub fn useless(card: CardId) -> bool {
    if card.def().target == TargetType::Structure {
        return false;
    }
    if land::nurtures(card) {
        return false;
    }
    matches!(
        card.def().effects().first(),
        None | Some(Effect::SetTerrain { .. } | Effect::Attract | Effect::Pipes)
    )
}

/// Recruits on the board of `owner`.
fn recruits(state: &GameState, owner: Player) -> usize {
    let groups = state.units.iter().filter(|u| u.group.owner == owner);
    groups
        .flat_map(|u| u.group.minions())
        .filter(|m| m.is_recruit())
        .count()
}

/// Recruits on the board of everyone else.
fn recruits_not(state: &GameState, owner: Player) -> usize {
    let all = state.units.iter().flat_map(|u| u.group.minions());
    all.filter(|m| m.is_recruit()).count() - recruits(state, owner)
}

fn helps(by: Modifier) -> bool {
    i32::from(by.level)
        + i32::from(by.hit_points)
        + i32::from(by.hand)
        + i32::from(by.missile)
        + i32::from(by.armor)
        + i32::from(by.attacks)
        > 0
}

/// The legal target with the highest score (`None` scores are not wanted); the first
/// on a tie. Legality is asked from the highest score down, until a target passes.
fn best(
    targets: &[Target],
    score: &dyn Fn(&Target) -> Option<f64>,
    legal: &dyn Fn(&Target) -> bool,
) -> Option<Target> {
    let mut scored: Vec<(f64, usize)> = targets
        .iter()
        .enumerate()
        .filter_map(|(k, t)| Some((score(t)?, k)))
        .collect();
    // The top one (the first on a tie) is most often legal.
    let mut top: Option<(f64, usize)> = None;
    for &(s, k) in &scored {
        if top.is_none_or(|(b, _)| s > b) {
            top = Some((s, k));
        }
    }
    let (_, k) = top?;
    if legal(&targets[k]) {
        return Some(targets[k]);
    }
    scored.sort_by(|a, b| {
        b.0.partial_cmp(&a.0)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.1.cmp(&b.1))
    });
    scored
        .into_iter()
        .map(|(_, k)| targets[k])
        .find(|t| legal(t))
}

fn group_at(t: &Target) -> Option<Square> {
    match *t {
        Target::Group { at } | Target::Minion { at, .. } => Some(at),
        _ => None,
    }
}

fn structure_at(t: &Target) -> Option<Square> {
    match *t {
        Target::Structure { at } => Some(at),
        _ => None,
    }
}

fn owner_at(state: &GameState, at: Square) -> Option<Player> {
    state.field.structure(at).map(|s| s.owner)
}

fn minion_at<'a>(
    state: &'a GameState,
    t: &Target,
) -> Option<(
    &'a sanctum_rules::game::Unit,
    &'a sanctum_rules::groups::Minion,
)> {
    let Target::Minion { at, index } = *t else {
        return None;
    };
    let u = state.unit_at(at)?;
    Some((u, u.group.minions().get(index as usize)?))
}

/// A structure spell of the side's own: on its structure nearest home.
fn own_structure(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    move |t| {
        let at = structure_at(t)?;
        (owner_at(state, at) == Some(Player::from(side)))
            .then(|| -f64::from(at.manhattan(state.field.sanctum(side))))
    }
}

/// A buff: on the side's most powerful group (a minion of it: the healthiest).
fn own_biggest(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let me = Player::from(side);
    move |t| {
        let u = state.unit_at(group_at(t)?)?;
        if u.group.owner != me {
            return None;
        }
        let health = minion_at(state, t).map_or(0.0, |(_, m)| f64::from(m.health()));
        Some(power(&u.group) + health * 0.01)
    }
}

/// A curse or movement denial: on the enemy group that threatens most (at least
/// `min_threat`), the stronger on a tie.
fn enemy_worst<'a>(
    state: &'a GameState,
    side: Side,
    threats: &'a Threat,
    min_threat: f64,
) -> impl Fn(&Target) -> Option<f64> + 'a {
    let me = Player::from(side);
    move |t| {
        let u = state.unit_at(group_at(t)?)?;
        if u.group.owner == me {
            return None;
        }
        let threat = threats.of(u);
        (threat >= min_threat).then(|| threat * 1000.0 + power(&u.group).min(999.0))
    }
}

/// A summoning: the safe square nearest an enemy group (nearer the enemy Sanctum on a tie).
fn summon_square(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let enemies: Vec<Square> = eval::enemies(state, side).map(|u| u.at).collect();
    let their_home = state.field.sanctum(side.opponent());
    move |t| {
        let Target::Square { at } = *t else {
            return None;
        };
        if state.field.terrain(at).rules().hazard != Hazard::None {
            return None;
        }
        let near = enemies.iter().map(|e| e.manhattan(at)).min().unwrap_or(20);
        Some(-f64::from(near) * 10.0 - f64::from(at.manhattan(their_home)))
    }
}

/// Enchantments of `owner` on a group and on its minions.
fn enchantments_on(state: &GameState, group: u32, owner: Side) -> usize {
    let Some(u) = state.unit(group) else { return 0 };
    state
        .active
        .iter()
        .filter(|a| {
            a.visible && a.owner == Player::from(owner) && matches!(a.spell, SpellRef::Card(_))
        })
        .filter(|a| match a.host {
            Host::Group { group: g } => g == group,
            Host::Minion { minion } => u.group.minions().iter().any(|m| m.id == minion),
            _ => false,
        })
        .count()
}
