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
    let targets = aimable_targets(state, card);
    let legal = |t: &Target| check_target(state, side, card, *t).is_ok();
    let first = || targets.iter().copied().find(legal);
    let me = Player::from(side);
    let pick = |score: &dyn Fn(&Target) -> Option<f64>| best(&targets, score, &legal);
    let threat = Threat::new(state, side);
    // A card of several effects is aimed for its first (Plague: a curse, then damage).
    let effect = card.def().effects().first().copied()?;
    match effect {
        Effect::ManaNextTurn { .. }
        | Effect::Leap
        | Effect::Hero { .. }
        | Effect::Price { .. }
        | Effect::Recruits { .. } => first(),
        Effect::ManaEachTurn { .. } => (state.turn < 70).then(first).flatten(),
        // Allies and Willing Supplicants too.
        Effect::StructureMana { .. } | Effect::Novices { .. } | Effect::HeldMana { .. } => {
            pick(&own_structure(state, side))
        }
        Effect::DamageEach { amount } => pick(&|t| {
            let u = state.unit_at(group_at(t)?)?;
            if u.group.owner == me {
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
            let score = hurt + 4.0 * kills + 2.0 * threat.of(u);
            // The Pact Is Sealed costs mana every turn: only for a horde.
            let priced = card
                .def()
                .effects()
                .iter()
                .any(|e| matches!(e, Effect::Toll { .. }));
            (score >= 8.0 && (!priced || kills >= 4.0)).then_some(score)
        }),
        Effect::Kill
        | Effect::DamageOne { .. }
        | Effect::RevolverDamage { .. }
        | Effect::DamageByArmor => {
            // Cruel Greaves hurts each minion as much as its armor.
            let by_armor = effect == Effect::DamageByArmor;
            let amount = match effect {
                Effect::DamageOne { amount } => amount,
                Effect::RevolverDamage { per } => {
                    per.saturating_mul(state.player(side).revolver_m(card))
                }
                _ => u8::MAX,
            };
            pick(&|t| {
                let (u, m) = minion_at(state, t)?;
                let amount = if by_armor { m.armor } else { amount };
                if u.group.owner == me || amount == 0 {
                    return None;
                }
                let kill = m.health() <= amount;
                let value = f64::from(m.health().min(amount)) + f64::from(m.level) * 2.0;
                Some(value + if kill { 10.0 } else { 0.0 } + threat.of(u))
            })
        }
        Effect::Modify { by } if helps(by) => pick(&own_biggest(state, side)),
        Effect::Combat { .. } => pick(&own_biggest(state, side)),
        Effect::Modify { .. } => pick(&enemy_worst(state, side, &threat, 0.0)),
        Effect::Grant { ability } => match ability {
            Ability::Flight
            | Ability::Mountainwalk
            | Ability::Waterwalk
            | Ability::Desertwalk
            | Ability::MovesTwo
            | Ability::Firewalk
            | Ability::Driven => pick(&own_biggest(state, side)),
            _ => pick(&enemy_worst(state, side, &threat, 1.0)),
        },
        Effect::Overwrite { .. }
        | Effect::BeforeMovement { .. }
        | Effect::TerrainBind
        | Effect::Lure => pick(&enemy_worst(state, side, &threat, 1.0)),
        Effect::Seize | Effect::Possess => pick(&enemy_worst(state, side, &threat, 0.0)),
        Effect::Ward | Effect::Mantle | Effect::Helm => pick(&own_biggest(state, side)),
        Effect::DamageEachTurn { .. } => pick(&enemy_worst(state, side, &threat, 0.0)),
        // Helper items: a blessing on the own biggest, a curse on the enemy's worst.
        Effect::Give { item } if helps(item.modifier()) => pick(&own_biggest(state, side)),
        Effect::Give { .. } => pick(&enemy_worst(state, side, &threat, 0.0)),
        Effect::Teleport => pick(&enemy_worst(state, side, &threat, 1.0)),
        // Master Smith, Auberol's Grace, a Pyx: on the own structure nearest home.
        Effect::HealOnSquare { .. } if card.def().target == TargetType::Structure => {
            pick(&own_structure(state, side))
        }
        Effect::Forge | Effect::Grace | Effect::MakeTown | Effect::Dome => {
            pick(&own_structure(state, side))
        }
        // Fertility, Clandestin on the own structure nearest home; Changelings (which
        // only another player's may take) on theirs.
        Effect::Endow { .. } => pick(&|t| {
            let at = structure_at(t)?;
            match owner_at(state, at) {
                Some(o) if o == me => Some(-f64::from(at.manhattan(state.field.sanctum(side)))),
                Some(Player::Neutral) | None => None,
                Some(_) => Some(1.0),
            }
        }),
        Effect::NoNovices => pick(&|t| {
            let at = structure_at(t)?;
            (owner_at(state, at) == Some(Player::from(side.opponent()))).then_some(1.0)
        }),
        // Harmattan, Man-Catcher: from the own group with the most enemies beside it.
        Effect::Around { .. } => pick(&|t| {
            let u = state.unit_at(group_at(t)?)?;
            let beside = eval::enemies(state, side)
                .filter(|e| e.at.is_orthogonal_to(u.at))
                .count();
            (u.group.owner == me && beside > 0).then_some(beside as f64)
        }),
        Effect::Summon { .. } | Effect::Rift => pick(&summon_square(state, side)),
        // Leap of Faith: a new hand while the game is young; Volgaris on the own monsters.
        Effect::Mulligan => (state.turn < 30).then(first).flatten(),
        // Dracha's Trade: while towns are still to be taken.
        Effect::CaptureMana { .. } => (state.turn < 40).then(first).flatten(),
        // Encampment: a group of two or more of its own on open ground with no enemy
        // group beside it makes camp, for a colony held three turns (S60).
        Effect::Encamp { .. } => pick(&|t| {
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
        Effect::Rebirth { .. } => pick(&|t| {
            let (u, m) = minion_at(state, t)?;
            (u.group.owner == me && m.damage * 2 >= m.hit_points.max(1))
                .then_some(f64::from(m.damage))
        }),
        // Ch'tai Exchange: pull the strongest member out of the enemy group of two or
        // more that threatens most, leaving it weaker and the member alone (S61).
        Effect::Exchange => pick(&|t| {
            let (u, m) = minion_at(state, t)?;
            let danger = threat.of(u);
            (u.group.owner != me && u.group.size() >= 2 && danger >= 1.0)
                .then(|| danger * 100.0 + f64::from(m.health()) + 5.0 * f64::from(m.level))
        }),
        // Parted Sea, Savannah, Seed on the Wind, Jungle: terrain that helps (land.rs).
        Effect::Recede { .. } => pick(&land::parted_sea(state, side)),
        Effect::Sweep { .. } => pick(&land::savannah(state, side)),
        Effect::Spread { from, onto } => land::seed_helps(state, side, from, onto)
            .then(first)
            .flatten(),
        Effect::SetTerrain { .. } if land::nurtures(card) => {
            land::summons_in_hand(state, side, card)
                .then(|| pick(&summon_square(state, side)))
                .flatten()
        }
        Effect::Fog | Effect::Companion { .. } | Effect::Guard { .. } | Effect::Jar => {
            pick(&own_biggest(state, side))
        }
        // Deluge: when more enemy groups than own stand where the water will rise.
        Effect::Flood => {
            let wet = |at: Square| {
                at.orthogonal().any(|n| {
                    state.field.board().is_playable(n)
                        && state.field.terrain(n) == sanctum_rules::terrain::Terrain::Water
                })
            };
            let theirs = eval::enemies(state, side).filter(|u| wet(u.at)).count();
            let mine = state
                .units
                .iter()
                .filter(|u| u.group.owner == me && wet(u.at))
                .count();
            (theirs > mine).then(first).flatten()
        }
        Effect::Sacrifice { .. } | Effect::King { .. } => first(),
        Effect::Shapeshift => pick(&own_biggest(state, side)),
        Effect::Enlist { .. } => pick(&own_biggest(state, side)),
        Effect::Obeisance => pick(&enemy_worst(state, side, &threat, 0.0)),
        // An off-board monster: when a group of the other player stands next to a
        // square it can come out of.
        Effect::Ambush { from, .. } => {
            let lair = |at: Square| {
                from.contains(&state.field.terrain(at))
                    && state.unit_at(at).is_none()
                    && state.field.structure(at).is_none()
            };
            eval::enemies(state, side)
                .any(|u| {
                    u.at.orthogonal()
                        .any(|n| state.field.board().is_playable(n) && lair(n))
                })
                .then(first)
                .flatten()
        }
        Effect::Devolve | Effect::Release => pick(&enemy_worst(state, side, &threat, 0.0)),
        // Shifting Sands, Jumping Land: the enemy group that threatens most.
        Effect::Remove | Effect::JumpingLand => pick(&enemy_worst(state, side, &threat, 0.0)),
        Effect::HealEachTurn { .. } => pick(&own_biggest(state, side)),
        Effect::Beckon { .. } => pick(&enemy_worst(state, side, &threat, 1.0)),
        // A Cessao Spiral or Husks in the enemy's path, as a summoning.
        Effect::Swallow | Effect::Brood { .. } => pick(&summon_square(state, side)),
        // Pages to Dust while the other player holds cards; a Scrying Pool early on.
        Effect::Burn { .. } => (!state.player(side.opponent()).hand.is_empty())
            .then(first)
            .flatten(),
        Effect::Foresight => (state.turn < 60).then(first).flatten(),
        Effect::HealEach { .. } => pick(&|t| {
            let u = state.unit_at(group_at(t)?)?;
            let hurt: u32 = u.group.minions().iter().map(|m| u32::from(m.damage)).sum();
            (u.group.owner == me && hurt >= 3).then_some(f64::from(hurt))
        }),
        // Abatement: a square holding the other player's visible spells (squares.rs).
        Effect::Dispel {
            scope: DispelScope::Square,
        } => pick(&squares::abatement(state, side)),
        Effect::Dispel { .. } => pick(&|t| {
            let u = state.unit_at(group_at(t)?)?;
            let theirs = enchantments_on(state, u.id, side.opponent());
            (theirs > 0).then_some(theirs as f64)
        }),
        Effect::FoundColony => (state.turn < 80)
            .then(|| {
                pick(&|t| {
                    let Target::Square { at } = *t else {
                        return None;
                    };
                    let hazard = state.field.terrain(at).rules().hazard != Hazard::None;
                    (!hazard).then(|| -f64::from(at.manhattan(state.field.sanctum(side))))
                })
            })
            .flatten(),
        Effect::Entropy => pick(&|t| {
            let at = structure_at(t)?;
            let colony = state.field.structure(at)?.kind == StructureKind::Colony;
            (owner_at(state, at) == Some(Player::from(side.opponent())) && colony).then_some(1.0)
        }),
        Effect::ModifyRecruits { by } if helps(by) => pick(&|t| match *t {
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
        Effect::ModifyRecruits { .. } => pick(&squares::recruit_curse(state, side)),
        // Stone Circle goes where a wounded group will stand after its move, so it is
        // cast after the moves are planned (squares::cast_circles).
        Effect::SetTerrain { .. }
        | Effect::HealOnSquare { .. }
        | Effect::Horn
        | Effect::Truce
        | Effect::NoGlobeSpells
        | Effect::Blind
        | Effect::SwapInitiative
        | Effect::KillRecruits
        | Effect::Quake
        | Effect::ShiftingTerrain { .. }
        | Effect::Chaos
        | Effect::ChaosFeatures { .. }
        | Effect::ChaosEachTurn
        | Effect::Block { .. }
        | Effect::Attract
        | Effect::Nurture { .. }
        | Effect::Homeward
        | Effect::Pipes
        | Effect::Toll { .. }
        | Effect::Shun { .. }
        | Effect::TerrainMana { .. }
        | Effect::HealIn { .. }
        | Effect::Fold
        | Effect::Inspire { .. }
        | Effect::All { .. } => None,
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
