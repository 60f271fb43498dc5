//! What card effects give the fighters when a combat starts (combat.md C14, C15), and
//! what a combat leaves behind: damage, gazes and experience written back, "when
//! killed" trophies and transfers, the Slaver's trade and Soul Jar's "when dying".

use super::*;

/// A monster's card numbers, if it is a monster.
pub(super) fn def_of(m: &Minion) -> Option<crate::cards::MonsterDef> {
    match &m.kind {
        MinionKind::Monster { kind } => monster_def(kind),
        MinionKind::Recruit { .. } => None,
    }
}

/// "During combat, when any recruit is dying": each recruit of one side that died in
/// this combat earns the owner of the other side's living Slavers their Will, at the
/// next generation.
pub(super) fn enslave(state: &mut GameState, f: &[Fighter], groups: [u32; 2]) {
    for (side, id) in groups.into_iter().enumerate() {
        let Some(u) = state.unit(id) else { continue };
        let per: u16 = u
            .group
            .minions()
            .iter()
            .filter(|m| f.iter().any(|x| x.id == m.id && x.alive()))
            .filter_map(|m| def_of(m).map(|d| u16::from(d.enslaves)))
            .max()
            .unwrap_or(0);
        let Some(owner) = u.group.owner.side() else {
            continue;
        };
        let dead = f
            .iter()
            .filter(|x| x.side != side && x.recruit && !x.alive())
            .count() as u16;
        if per > 0 && dead > 0 {
            state.players[owner.index()]
                .next_turn_mana
                .add(crate::mana::ManaType::Will, per * dead);
        }
    }
}

/// What a minion's active spells and its kind give it in combat: the hook point
/// where card effects enter the pipeline (combat.md C14, C15).
#[derive(Default)]
pub(super) struct Abilities {
    pub(super) berserker: u8,
    pub(super) deflection: bool,
    pub(super) death_touch: bool,
    pub(super) slayer: bool,
    pub(super) berserkers: bool,
    pub(super) gaze_giver: bool,
    pub(super) gorgon: bool,
    pub(super) gazes: u8,
    pub(super) explodes: u8,
    pub(super) gives: Option<crate::game::state::Trophy>,
    pub(super) bane: Option<(crate::groups::RecruitClass, u8)>,
}

pub(super) fn abilities(state: &GameState, group: u32, m: &Minion) -> Abilities {
    let def = match &m.kind {
        MinionKind::Monster { kind } => monster_def(kind),
        MinionKind::Recruit { .. } => None,
    };
    let mut a = Abilities {
        gaze_giver: def.is_some_and(|d| d.gaze || d.gorgon),
        gorgon: def.is_some_and(|d| d.gorgon),
        explodes: def.map_or(0, |d| d.explodes),
        gives: def.and_then(|d| d.hits_give),
        ..Abilities::default()
    };
    for s in &state.active {
        // A combat ability on the group is every member's (Berserkers).
        if s.host == (Host::Group { group })
            && let SpellRef::Card(card) = s.spell
            && card.def().effects().contains(&Effect::Combat {
                ability: CombatAbility::Berserkers,
            })
        {
            a.berserkers = true;
        }
        // Cadre: a bane on the group arms its archers.
        if s.host == (Host::Group { group })
            && m.class() == Some(crate::groups::RecruitClass::Archer)
            && let SpellRef::Card(card) = s.spell
        {
            for e in card.def().effects() {
                if let Effect::Combat {
                    ability: CombatAbility::Bane { class, missile },
                } = e
                {
                    a.bane = Some((*class, *missile));
                }
            }
        }
        if s.host != (Host::Minion { minion: m.id }) {
            continue;
        }
        match s.spell {
            SpellRef::CockatricesGaze | SpellRef::GorgonsGaze => {
                a.gazes = a.gazes.saturating_add(1)
            }
            SpellRef::Card(card) => {
                for e in card.def().effects() {
                    match e {
                        Effect::Combat {
                            ability: CombatAbility::BerserkerBlade,
                        } => a.berserker = a.berserker.saturating_add(1),
                        Effect::Combat {
                            ability: CombatAbility::Deflection,
                        } => a.deflection = true,
                        Effect::Combat {
                            ability: CombatAbility::DeathTouch,
                        } => a.death_touch = true,
                        Effect::Combat {
                            ability: CombatAbility::Slayer,
                        } => a.slayer = true,
                        Effect::Combat {
                            ability: CombatAbility::HitsGive { item },
                        } => a.gives = Some(*item),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    a
}

/// Applies the combat's damage, gazes and experience to the groups and removes the dead.
pub(super) fn write_back(
    state: &mut GameState,
    f: &[Fighter],
    groups: [u32; 2],
    events: &mut Vec<Event>,
) {
    for x in f.iter().filter(|x| x.new_gazes > 0 && x.alive()) {
        for k in 0..x.new_gazes {
            let gaze = if k < x.new_gorgon_gazes {
                SpellRef::GorgonsGaze
            } else {
                SpellRef::CockatricesGaze
            };
            state.add_active(
                gaze,
                Player::Neutral,
                Host::Minion { minion: x.id },
                None,
                true,
            );
        }
    }
    if f.iter().any(|x| x.new_gazes > 0) {
        for id in groups {
            // Gazes given in this combat now count against the numbers.
            crate::game::effects::refresh_group(state, id);
        }
    }
    for (side, id) in groups.into_iter().enumerate() {
        let Some(u) = state.unit_mut(id) else {
            continue;
        };
        for m in u.group.minions_mut() {
            let Some(x) = f.iter().find(|x| x.side == side && x.id == m.id) else {
                continue;
            };
            m.damage = m.hit_points.saturating_sub(x.health);
            if x.recruit && x.alive() && x.attacked {
                let xp = stats::XP_PER_COMBAT + stats::XP_PER_KILL * x.kills;
                m.xp = m.xp.saturating_add(xp);
                events.push(Event::Experience { minion: m.id, xp });
            }
        }
        crate::game::boardhop::jar(state, id, events); // Soul Jar: "when dying"
        let Some(u) = state.unit_mut(id) else {
            continue;
        };
        for m in u.group.remove_dead() {
            events.push(Event::MinionDied {
                group: id,
                minion: m.id,
            });
        }
    }
    when_killed(state, f, groups, events);
}

/// "When killed" effects that outlive the dead: a slain monster's trophy goes to its
/// killer, and a spell that transfers passes from the dead minion to its killer, at
/// the end of the killer's list (seed 002). Other spells leave with their host.
pub(super) fn when_killed(
    state: &mut GameState,
    f: &[Fighter],
    groups: [u32; 2],
    events: &mut Vec<Event>,
) {
    let alive = |state: &GameState, id: u32| {
        groups.iter().any(|&g| {
            state
                .unit(g)
                .is_some_and(|u| u.group.minions().iter().any(|m| m.id == id))
        })
    };
    let mut changed = false;
    for x in f.iter().filter(|x| !x.alive()) {
        let Some(killer) = x.killed_by.filter(|&k| alive(state, k)) else {
            continue;
        };
        changed = true;
        if let Some(trophy) = x.trophy {
            let has = state.active.iter().any(|a| {
                a.spell == SpellRef::Trophy(trophy) && a.host == (Host::Minion { minion: killer })
            });
            if !has || trophy.cumulative() {
                state.add_active(
                    SpellRef::Trophy(trophy),
                    Player::Neutral,
                    Host::Minion { minion: killer },
                    None,
                    true,
                );
                events.push(Event::TrophyTaken {
                    minion: killer,
                    trophy,
                });
            }
        }
        let moving: Vec<usize> = state
            .active
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                a.host == (Host::Minion { minion: x.id })
                    && matches!(a.spell, SpellRef::Card(c) if c.def().transfers)
            })
            .map(|(i, _)| i)
            .collect();
        for i in moving.into_iter().rev() {
            let mut spell = state.active.remove(i);
            spell.host = Host::Minion { minion: killer };
            events.push(Event::SpellTransferred {
                spell: spell.id,
                to: killer,
            });
            state.active.push(spell);
        }
    }
    if changed {
        for id in groups {
            crate::game::effects::refresh_group(state, id);
        }
    }
}
