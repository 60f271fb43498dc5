//! Combat: every pair of hostile groups on orthogonally adjacent squares fights, in
//! precedence order, through rounds of attacks. `docs/rules/combat.md` states each
//! step and the rulings (C1–C14) that fill what the sources lost.

use crate::cards::{CombatAbility, Effect};
use crate::game::events::{AttackMode, Event};
use crate::game::scenario::monster_def;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::{Group, Minion, MinionKind, Nation};
use crate::player::{Player, Side};
use crate::rng::GameRng;
use crate::stats;

mod hooks;
use hooks::{abilities, def_of, enslave, write_back};

/// Whether two groups fight each other: different owners, or both neutral.
pub fn hostile(a: &Group, b: &Group) -> bool {
    a.owner != b.owner || a.owner == Player::Neutral
}

/// Precedence rank of a group's owner in combat (the exceptional sequence):
/// initiative player, then neutral, then the other player.
fn owner_rank(owner: Player, initiative: Side) -> u8 {
    match owner.side() {
        Some(s) if s == initiative => 0,
        None => 1,
        Some(_) => 2,
    }
}

/// The most hand damage Berserkers gain in one combat (stated: max +3).
const BERSERK_MAX: u8 = 3;

/// Checks for all combats after movement and fights each one (C1, C2).
pub fn all_combats(state: &mut GameState, events: &mut Vec<Event>) {
    // An Armistice on the globe: no combat at all.
    let truce = state.active.iter().any(|a| {
        a.host == Host::Globe
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Truce))
    });
    if truce {
        return;
    }
    let initiative = state.initiative;
    let mut order: Vec<(u8, u32)> = state
        .units
        .iter()
        .map(|u| (owner_rank(u.group.owner, initiative), u.id))
        .collect();
    order.sort_unstable();
    // Who stands where (no group moves during combat): a neighbour is found without
    // searching the groups.
    let mut occupant = [0u32; crate::square::CELLS];
    for u in &state.units {
        occupant[u.at.index()] = u.id;
    }
    let mut fought: Vec<(u32, u32)> = Vec::new();
    for &(_, g) in &order {
        let Some(me) = state.unit(g) else { continue };
        let at = me.at;
        // At most four neighbours: a fixed array, nothing allocated per group.
        let mut foes = [(u8::MAX, 0u32); 4];
        let mut n = 0;
        let neighbours = at
            .orthogonal()
            .map(|s| (s, occupant[s.index()]))
            .filter(|&(_, id)| id != 0)
            .filter_map(|(s, id)| state.unit(id).filter(|u| u.at == s));
        for u in neighbours {
            if n < foes.len() && hostile(&me.group, &u.group) {
                foes[n] = (owner_rank(u.group.owner, initiative), u.id);
                n += 1;
            }
        }
        foes[..n].sort_unstable();
        for &(_, h) in &foes[..n] {
            let pair = (g.min(h), g.max(h));
            if fought.contains(&pair) {
                continue;
            }
            let alive = |id| state.unit(id).is_some_and(|u| !u.group.is_dead());
            if !alive(g) || !alive(h) {
                continue;
            }
            fought.push(pair);
            fight(state, g, h, events);
        }
    }
    if !fought.is_empty() {
        for g in state.bury() {
            events.push(Event::GroupDied { group: g });
        }
    }
}

/// One minion's state for the length of one combat.
#[derive(Clone, Debug)]
struct Fighter {
    side: usize,
    id: u32,
    level: u8,
    hand: u8,
    missile: u8,
    max_armor: u8,
    armor: u8,
    attacks: u8,
    attacks_left: u8,
    health: u8,
    nation: Option<Nation>,
    recruit: bool,
    /// Index of its victim among the fighters; not symmetric.
    victim: Option<usize>,
    /// Consecutive misses since it last hit.
    misses: u8,
    attacked: bool,
    kills: u16,
    /// Berserker Blades on it: +1 hand damage per blade each time it is hit.
    berserker: u8,
    /// Deflection: damage past its armor strikes the attacker too.
    deflection: bool,
    /// Touch of Death: a recruit it damages dies.
    death_touch: bool,
    /// Dragon Slayer: a monster it damages dies.
    slayer: bool,
    /// Berserkers: +1 hand damage each time a member of its group dies, at most 3.
    berserkers: bool,
    rage: u8,
    /// Its hits give a Cockatrice's Gaze.
    gaze_giver: bool,
    /// Its gaze is a Gorgon's (the same family: it counts toward the same kill).
    gorgon: bool,
    /// Gazes it carries, and how many this combat gave it (of them, Gorgon's).
    gazes: u8,
    new_gazes: u8,
    new_gorgon_gazes: u8,
    /// Damage it deals its killer when it dies (Combustioneers).
    explodes: u8,
    /// The minion that killed it, if it died in this combat.
    killed_by: Option<u32>,
    /// The trophy its killer takes (a monster's).
    trophy: Option<crate::game::state::Trophy>,
    /// The item its hits give ("hits give": Thermite Damage, Karillian Venom).
    gives: Option<crate::game::state::Trophy>,
    /// Its class, if a recruit (what a bane looks for).
    class: Option<crate::groups::RecruitClass>,
    /// Its missiles deal this much more to recruits of this class (Cadre).
    bane: Option<(crate::groups::RecruitClass, u8)>,
    /// Extra attacks in its first round of attacks (Slaver).
    opening: u8,
    /// An unaltered recruit; one immune to their damage (Sylph, Faerie Knight: S46).
    unaltered: bool,
    shrugs_unaltered: bool,
    /// Takes the hits aimed at its group's others: `Some(bare)` (Brother Wolf, S48).
    guard: Option<bool>,
}

impl Fighter {
    fn alive(&self) -> bool {
        self.health > 0
    }

    /// The attack it makes in a round: missiles from round 1, hand attacks from
    /// round 2 (a minion with both uses its hand from round 2).
    fn mode(&self, round: u8) -> Option<AttackMode> {
        if round == 1 {
            (self.missile > 0).then_some(AttackMode::Missile)
        } else if self.hand > 0 {
            Some(AttackMode::Hand)
        } else if self.missile > 0 {
            Some(AttackMode::Missile)
        } else {
            None
        }
    }

    fn is_basher(&self) -> bool {
        self.hand > 0 && self.missile == 0 && self.attacks > 0
    }

    fn damage(&self, mode: AttackMode, round: u8) -> u8 {
        let bonus = match (mode, self.nation) {
            (AttackMode::Missile, Some(n)) if round == 1 && n.missile_bonus_round_one() => {
                stats::NATION_DAMAGE_BONUS
            }
            (AttackMode::Hand, Some(n)) if round == 2 && n.hand_bonus_round_two() => {
                stats::NATION_DAMAGE_BONUS
            }
            _ => 0,
        };
        let base = match mode {
            AttackMode::Hand => self.hand,
            AttackMode::Missile => self.missile,
        };
        base.saturating_add(bonus)
    }
}

struct Combat<'a> {
    f: Vec<Fighter>,
    groups: [u32; 2],
    round: u8,
    rng: &'a mut GameRng,
    events: &'a mut Vec<Event>,
    /// Items hits gave: (victim's minion id, item), handed out when the combat ends.
    given: Vec<(u32, crate::game::state::Trophy)>,
}

/// One full combat between two groups; `first` has precedence.
pub fn fight(state: &mut GameState, first: u32, second: u32, events: &mut Vec<Event>) {
    // At the start of combat, monsters with a spell-like ability have the engine cast
    // it as a helper on the opposing group.
    for (me, foe) in [(first, second), (second, first)] {
        let spell = state.unit(me).and_then(|u| {
            u.group.minions().iter().find_map(|m| match &m.kind {
                MinionKind::Monster { kind } => monster_def(kind).and_then(|d| d.combat_spell),
                MinionKind::Recruit { .. } => None,
            })
        });
        if let Some(card) = spell.and_then(crate::cards::CardId::from_name)
            && state.unit(foe).is_some()
        {
            crate::game::spells::cast_as_helper(state, card, me, foe, events);
        }
    }
    if state.unit(first).is_none() || state.unit(second).is_none() {
        return;
    }
    crate::game::lands::pipes(state, [first, second], events);
    let mut f = Vec::new();
    let mut withdraw = [None; 2];
    for (side, id) in [first, second].into_iter().enumerate() {
        let Some(u) = state.unit(id) else { return };
        withdraw[side] = u.group.effects.withdraw_round;
        for m in u.group.minions() {
            let abilities = abilities(state, id, m);
            f.push(Fighter {
                side,
                id: m.id,
                level: m.level,
                hand: m.hand,
                missile: m.missile,
                max_armor: m.armor,
                armor: m.armor,
                attacks: m.attacks,
                attacks_left: 0,
                health: m.health(),
                nation: m.nation(),
                recruit: m.is_recruit(),
                victim: None,
                misses: 0,
                attacked: false,
                kills: 0,
                berserker: abilities.berserker,
                deflection: abilities.deflection,
                death_touch: abilities.death_touch,
                slayer: abilities.slayer,
                berserkers: abilities.berserkers,
                rage: 0,
                gaze_giver: abilities.gaze_giver,
                gorgon: abilities.gorgon,
                gazes: abilities.gazes,
                new_gazes: 0,
                new_gorgon_gazes: 0,
                explodes: abilities.explodes,
                killed_by: None,
                trophy: match &m.kind {
                    MinionKind::Monster { kind } => monster_def(kind).and_then(|d| d.trophy),
                    MinionKind::Recruit { .. } => None,
                },
                gives: abilities.gives,
                class: m.class(),
                bane: abilities.bane,
                opening: def_of(m).map_or(0, |d| d.opening),
                unaltered: crate::game::mechanisms::unaltered(state, id, m),
                shrugs_unaltered: crate::game::mechanisms::shrugs_unaltered(m),
                guard: crate::game::mechanisms::guard(state, m.id),
            });
        }
    }
    events.push(Event::CombatStarted { first, second });
    let mut rng = state.rng.clone();
    let mut c = Combat {
        f,
        groups: [first, second],
        round: 0,
        rng: &mut rng,
        events,
        given: Vec::new(),
    };
    let rounds = c.run(withdraw);
    let Combat {
        f: fighters, given, ..
    } = c;
    state.rng = rng;
    enslave(state, &fighters, [first, second]);
    write_back(state, &fighters, [first, second], events);
    crate::game::gifts::after_combat(state, &given, events);
    events.push(Event::CombatEnded {
        first,
        second,
        rounds,
    });
}

impl Combat<'_> {
    /// Runs the rounds; returns how many were fought.
    fn run(&mut self, withdraw: [Option<u8>; 2]) -> u8 {
        let mut fought = 0;
        for round in 1..=stats::MAX_ROUNDS {
            self.round = round;
            // A group whose Wolf died withdraws at the start of the next round.
            let bereft = |s: usize| {
                self.f
                    .iter()
                    .any(|x| x.side == s && x.guard == Some(true) && !x.alive())
            };
            if let Some(side) = (0..2).find(|&s| withdraw[s] == Some(round) || bereft(s)) {
                self.events.push(Event::Withdrew {
                    group: self.groups[side],
                    round,
                });
                break;
            }
            if !self.both_stand() || !self.anyone_can_attack() {
                break;
            }
            fought = round;
            self.events.push(Event::CombatRound { round });
            for x in &mut self.f {
                x.armor = x.max_armor;
                x.attacks_left = if x.mode(round).is_some() {
                    // A Slaver strikes more in its first round of attacks.
                    x.attacks + if x.attacked { 0 } else { x.opening }
                } else {
                    0
                };
            }
            if round >= 2 {
                self.pair_bashers();
            }
            let slots = self.f.iter().map(|x| x.attacks_left).max().unwrap_or(0);
            for _ in 0..slots {
                for side in 0..2 {
                    for i in 0..self.f.len() {
                        let x = &self.f[i];
                        if x.side == side && x.alive() && x.attacks_left > 0 {
                            self.attack(i);
                        }
                    }
                }
            }
            if !self.both_stand() {
                break;
            }
        }
        fought
    }

    fn both_stand(&self) -> bool {
        (0..2).all(|s| self.f.iter().any(|x| x.side == s && x.alive()))
    }

    /// Whether any living minion could still attack in this or a later round.
    fn anyone_can_attack(&self) -> bool {
        self.f
            .iter()
            .any(|x| x.alive() && x.attacks > 0 && (x.hand > 0 || x.missile > 0))
    }

    fn victim_alive(&self, i: usize) -> bool {
        self.f[i].victim.is_some_and(|v| self.f[v].alive())
    }

    /// Idle bashers pair off one against one, in group order; the larger side's
    /// unpaired bashers choose their victims wisely (C7).
    fn pair_bashers(&mut self) {
        let idle = |s: usize, c: &Combat<'_>| -> Vec<usize> {
            (0..c.f.len())
                .filter(|&i| {
                    let x = &c.f[i];
                    x.side == s && x.alive() && x.is_basher() && !c.victim_alive(i)
                })
                .collect()
        };
        let (a, b) = (idle(0, self), idle(1, self));
        for (&i, &j) in a.iter().zip(b.iter()) {
            self.f[i].victim = Some(j);
            self.f[j].victim = Some(i);
        }
        let n = a.len().min(b.len());
        for &i in a[n..].iter().chain(b[n..].iter()) {
            self.f[i].victim = self.wise_victim(i);
        }
    }

    /// Wise targeting (C8): the living enemy it would need the fewest hits to kill,
    /// the first in its group on a tie.
    fn wise_victim(&self, i: usize) -> Option<usize> {
        let me = &self.f[i];
        let dmg = me
            .mode(self.round.max(2))
            .map_or(0, |m| me.damage(m, self.round)) as u32;
        (0..self.f.len())
            .filter(|&j| self.f[j].side != me.side && self.f[j].alive())
            .min_by_key(|&j| {
                let v = &self.f[j];
                let per_hit = dmg.saturating_sub(v.max_armor as u32).max(1);
                (v.health as u32).div_ceil(per_hit)
            })
    }

    /// One attack by fighter `i` (C4–C8, and the takes-damage steps of C10).
    fn attack(&mut self, i: usize) {
        let Some(mode) = self.f[i].mode(self.round) else {
            self.f[i].attacks_left = 0;
            return;
        };
        let Some(v) = self.choose_victim(i, mode) else {
            self.f[i].attacks_left = 0;
            return;
        };
        if mode == AttackMode::Hand {
            self.f[i].victim = Some(v);
        }
        let x = &mut self.f[i];
        x.attacks_left -= 1;
        x.attacked = true;
        let chance = stats::hit_twelfths(x.level, self.f[v].level, self.f[i].misses);
        let hit = self.rng.below(12) < chance;
        let (attacker, victim_id) = (self.f[i].id, self.f[v].id);
        if !hit {
            self.f[i].misses = self.f[i].misses.saturating_add(1);
            self.events.push(Event::Attack {
                attacker,
                victim: victim_id,
                mode,
                hit: false,
                damage: 0,
                soaked: 0,
                taken: 0,
                killed: false,
            });
            return;
        }
        self.f[i].misses = 0;
        self.hit(i, v, mode);
    }

    /// Whom fighter `i` strikes this time; `None` when it has no one, and a hand
    /// attacker whose victim died and no one attacks it forfeits its attacks.
    fn choose_victim(&mut self, i: usize, mode: AttackMode) -> Option<usize> {
        match mode {
            AttackMode::Missile => self.wise_victim(i),
            AttackMode::Hand if self.victim_alive(i) => self.f[i].victim,
            AttackMode::Hand if self.f[i].victim.is_some() => {
                // Its victim died: retaliate against a minion attacking it, or forfeit.
                let avenger = (0..self.f.len()).find(|&j| {
                    self.f[j].alive()
                        && self.f[j].victim == Some(i)
                        && self.f[j].side != self.f[i].side
                });
                if avenger.is_none() {
                    self.f[i].attacks_left = 0;
                    self.f[i].victim = None;
                    self.events.push(Event::Forfeit {
                        minion: self.f[i].id,
                    });
                    return None;
                }
                avenger
            }
            AttackMode::Hand => self.wise_victim(i),
        }
    }

    /// The damage of a hit by `i` on `v`, with banes and immunities, before armor.
    fn hit_damage(&self, i: usize, v: usize, mode: AttackMode) -> u8 {
        let mut damage = self.f[i].damage(mode, self.round);
        if let Some((class, extra)) = self.f[i].bane
            && mode == AttackMode::Missile
            && self.f[v].class == Some(class)
        {
            damage = damage.saturating_add(extra);
        }
        // Combat damage immunities: nothing from an unaltered recruit.
        damage *= u8::from(!(self.f[v].shrugs_unaltered && self.f[i].unaltered));
        damage
    }

    /// A hit by `i` on `v` lands: guards, armor, hit points, the event, and what hits set off.
    fn hit(&mut self, i: usize, v: usize, mode: AttackMode) {
        let attacker = self.f[i].id;
        let damage = self.hit_damage(i, v, mode);
        // D1, before armor: "when another member is hit" — a guard takes the hit.
        let (v, bare) = self.guarded(v);
        let victim_id = self.f[v].id;
        // Takes damage. D1, before armor: "when hit" effects (Berserker Blade).
        let vic = &mut self.f[v];
        vic.hand = vic.hand.saturating_add(vic.berserker);
        // D2: armor soaks (not a bare guard's); D3: the rest comes off hit points.
        let soaked = if bare { 0 } else { damage.min(vic.armor) };
        vic.armor -= soaked;
        let taken = (damage - soaked).min(vic.health);
        vic.health -= taken;
        // "When damaged": a touch of death kills a recruit it gets through to.
        let deadly = if vic.recruit {
            self.f[i].death_touch
        } else {
            self.f[i].slayer
        };
        if taken > 0 && deadly {
            self.f[v].health = 0;
        }
        let vic = &mut self.f[v];
        let killed = taken > 0 && vic.health == 0;
        if killed {
            vic.killed_by = Some(attacker);
            self.f[i].kills += 1;
            self.enrage(v);
        }
        self.events.push(Event::Attack {
            attacker,
            victim: victim_id,
            mode,
            hit: true,
            damage,
            soaked,
            taken,
            killed,
        });
        // After armor: "hits give" (every hit, even one the armor soaked: C15) and
        // "when damaged" (Deflection, only when damage got through).
        if killed && self.f[v].explodes > 0 {
            self.explode(v, i);
        }
        if !killed && self.f[i].gaze_giver {
            self.give_gaze(i, v);
        }
        if let Some(item) = self.f[i].gives.filter(|_| !killed) {
            self.given.push((victim_id, item));
        }
        if taken > 0 && self.f[v].deflection {
            self.deflect(v, i, taken);
        }
    }

    /// Whom a hit on `v` strikes: a living guard of its group (bare or not), else `v`.
    fn guarded(&self, v: usize) -> (usize, bool) {
        if self.f[v].guard.is_some() {
            return (v, false);
        }
        let side = self.f[v].side;
        (0..self.f.len())
            .find(|&g| self.f[g].side == side && self.f[g].alive() && self.f[g].guard.is_some())
            .map_or((v, false), |g| (g, self.f[g].guard == Some(true)))
    }

    /// "When any member dies in combat": the Berserkers of the dead minion's side
    /// gain 1 hand damage each, at most 3 in a combat.
    fn enrage(&mut self, dead: usize) {
        let side = self.f[dead].side;
        for x in self.f.iter_mut() {
            if x.side == side && x.alive() && x.berserkers && x.rage < BERSERK_MAX {
                x.rage += 1;
                x.hand = x.hand.saturating_add(1);
            }
        }
    }

    /// A Cockatrice's hit leaves a Gaze: 1 less damage, 1 more armor (from the next
    /// round), and the third kills.
    fn give_gaze(&mut self, giver: usize, v: usize) {
        let giver_id = self.f[giver].id;
        let vic = &mut self.f[v];
        vic.gazes = vic.gazes.saturating_add(1);
        vic.new_gazes += 1;
        if self.f[giver].gorgon {
            self.f[v].new_gorgon_gazes += 1;
        }
        let vic = &mut self.f[v];
        vic.max_armor = vic.max_armor.saturating_add(1);
        vic.hand = vic.hand.saturating_sub(1);
        vic.missile = vic.missile.saturating_sub(1);
        let killed = vic.gazes >= crate::stats::GAZES_TO_KILL;
        if killed {
            vic.health = 0;
            vic.killed_by = Some(giver_id);
            self.f[giver].kills += 1;
            self.enrage(v);
        }
        self.events.push(Event::Gazed {
            minion: self.f[v].id,
            gazes: self.f[v].gazes,
            killed,
        });
    }

    /// "When killed": a Combustioneer bursts, dealing its killer damage through armor.
    fn explode(&mut self, v: usize, killer: usize) {
        let damage = self.f[v].explodes;
        let burst_by = self.f[v].id;
        let k = &mut self.f[killer];
        let taken = damage.min(k.health);
        k.health -= taken;
        if taken > 0 && k.health == 0 {
            k.killed_by = Some(burst_by);
            self.enrage(killer);
        }
        self.events.push(Event::Exploded {
            minion: self.f[v].id,
            killer: self.f[killer].id,
            damage: taken,
            killed: taken > 0 && self.f[killer].health == 0,
        });
    }

    /// Deflection: the attacker takes the damage its victim took, ignoring armor.
    fn deflect(&mut self, v: usize, attacker: usize, damage: u8) {
        let deflector = self.f[v].id;
        let a = &mut self.f[attacker];
        let taken = damage.min(a.health);
        a.health -= taken;
        let killed = taken > 0 && a.health == 0;
        if killed {
            a.killed_by = Some(deflector);
            self.f[v].kills += 1;
            self.enrage(attacker);
        }
        self.events.push(Event::Deflected {
            minion: self.f[v].id,
            attacker: self.f[attacker].id,
            damage: taken,
            killed,
        });
    }
}
