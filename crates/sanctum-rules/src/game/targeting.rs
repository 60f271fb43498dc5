//! Spell targeting: which targets a card may be cast on now, and the same check again
//! just before it executes — concealment, wards, domes, the card's requirements.

use crate::cards::{CardId, TargetType};
use crate::game::orders::{Aim, Target, aim};
use crate::game::state::{ActiveSpell, GameState, SpellRef};
use crate::groups::RecruitClass;
use crate::map::StructureKind;
use crate::player::{Player, Side};

/// Whether a minion is concealed from a side's individual spells: an enemy minion in
/// terrain that gives cover (forest).
pub fn concealed_from(state: &GameState, side: Side, group: u32) -> bool {
    state.unit(group).is_some_and(|u| {
        u.group.owner != Player::from(side)
            && (state.field.terrain(u.at).rules().cover || blinded(state, u.group.owner))
    })
}

/// Whether `owner` has a Blinding Orb in play: its minions are concealed from others.
fn blinded(state: &GameState, owner: Player) -> bool {
    state.active.iter().any(|a| {
        a.host == crate::game::state::Host::Globe
            && a.owner == owner
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&crate::cards::Effect::Blind))
    })
}

/// Whether `card` may be targeted on `target` now; the reason when not. The same check
/// runs again just before the spell executes.
pub fn check_target(
    state: &GameState,
    side: Side,
    card: CardId,
    target: Target,
) -> Result<(), String> {
    check_aim(state, side, card, aim(state, target)?)
}

/// Whether `card` may execute on what it was aimed at (the check before executing).
pub fn check_aim(state: &GameState, side: Side, card: CardId, aim: Aim) -> Result<(), String> {
    aim_fits(state, side, card, aim)?;
    host_admits(state, side, card, aim)
}

/// Whether the aim is the kind of target the card is cast on, and that target may take it.
fn aim_fits(state: &GameState, side: Side, card: CardId, aim: Aim) -> Result<(), String> {
    let want = card.def().target;
    match aim {
        Aim::Globe if want == TargetType::Globe => {
            if in_play_on(
                state,
                crate::game::state::Host::Globe,
                crate::cards::Effect::NoGlobeSpells,
            ) {
                Err("no globe spell may be cast now".to_string())
            } else {
                Ok(())
            }
        }
        Aim::Square { at } if want == TargetType::Square => {
            if !state.field.board().is_playable(at) {
                Err(format!("{at} is off the board"))
            } else if state.field.structure(at).is_some() {
                Err(format!("{at} holds a structure"))
            } else if state.unit_at(at).is_some() {
                Err(format!("{at} holds a group"))
            } else {
                Ok(())
            }
        }
        Aim::Structure { at } if want == TargetType::Structure => match state.field.structure(at) {
            Some(_)
                if [crate::cards::Effect::Dome, crate::cards::Effect::Homeward]
                    .into_iter()
                    .any(|e| in_play_on(state, crate::game::state::Host::Square { at }, e)) =>
            {
                Err(format!(
                    "the structure at {at} is domed against structure spells"
                ))
            }
            Some(s) if matches!(s.kind, StructureKind::Town | StructureKind::Colony) => Ok(()),
            _ => Err(format!("{at} holds no town or colony")),
        },
        Aim::Group { group } if want.is_group() => {
            let u = state
                .unit(group)
                .ok_or_else(|| format!("no group {group}"))?;
            match want {
                TargetType::RecruitGroup if !u.group.is_recruit_group() => {
                    Err(format!("group {group} is not a recruit group"))
                }
                TargetType::MonsterGroup if u.group.is_recruit_group() => {
                    Err(format!("group {group} is not a monster group"))
                }
                _ => Ok(()),
            }
        }
        Aim::Minion { minion } if want.is_individual() => {
            minion_fits(state, side, card, want, minion)
        }
        _ => Err(format!("it is cast on a {want:?}, not on this target").to_lowercase()),
    }
}

/// Whether the minion exists, is of the class wanted, and is neither concealed nor warded.
fn minion_fits(
    state: &GameState,
    side: Side,
    card: CardId,
    want: TargetType,
    minion: u32,
) -> Result<(), String> {
    let (u, m) = state
        .units
        .iter()
        .find_map(|u| {
            u.group
                .minions()
                .iter()
                .find(|m| m.id == minion)
                .map(|m| (u, m))
        })
        .ok_or_else(|| format!("no minion {minion}"))?;
    if !fits(want, m.class()) {
        Err(format!("minion {minion} is not a {want:?}").to_lowercase())
    } else if !card.def().even_concealed
        && (concealed_from(state, side, u.id)
            || u.group.owner != Player::from(side)
                && (crate::game::gifts::cloaked(state, minion)
                    || crate::game::mechanisms::fogged(state, u, minion)))
    {
        Err(format!("minion {minion} is concealed"))
    } else if let Some(house) = crate::game::mechanisms::shunned(state, card, minion) {
        Err(format!(
            "minion {minion} is warded from {} spells",
            house.name()
        ))
    } else {
        Ok(())
    }
}

/// Whether the target's host takes the spell: wards, copies already in play, shields,
/// one-at-a-time and once-a-game limits, and the card's requirements.
fn host_admits(state: &GameState, side: Side, card: CardId, aim: Aim) -> Result<(), String> {
    let host = crate::game::requirements::host_of(aim);
    if let Some(group) = match aim {
        Aim::Group { group } => Some(group),
        Aim::Minion { minion } => crate::game::effects::group_of(state, minion),
        _ => None,
    } && warded_from(state, side, card, group)
    {
        return Err(format!(
            "group {group} is warded from the other player's spells"
        ));
    }
    let def = card.def();
    let has_it = |a: &ActiveSpell| a.spell == SpellRef::Card(card) && a.host == host;
    if def.visible && !def.stacks && state.active.iter().any(has_it) {
        return Err(format!("the target already has '{card}'"));
    }
    crate::game::mechanisms::one_per_group(state, card, aim)?;
    let blocked = state.active.iter().any(|a| {
        a.host == host
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&crate::cards::Effect::Block { card: card.key() }))
    });
    if blocked {
        return Err(format!("the target is shielded from '{card}'"));
    }
    if def.unique && state.active.iter().any(|a| a.spell == SpellRef::Card(card)) {
        return Err(format!("only one '{card}' may be in play at a time"));
    }
    if def.once_per_game && state.player(side).cast_once.contains(&card) {
        return Err(format!("'{card}' may be cast once a game, and it has been"));
    }
    crate::game::requirements::check(state, side.into(), card, host, false)
}

/// Whether a group carries a ward (Raven Shroud) of another player than `side`.
fn warded_from(state: &GameState, side: Side, card: CardId, group: u32) -> bool {
    use crate::cards::Effect;
    use crate::game::state::Host;
    let Some(u) = state.unit(group) else {
        return false;
    };
    let theirs = u.group.owner != Player::from(side);
    let def = card.def();
    // Beobogh's Helm on a member: no group spell of the other player, no Unmaking
    // individual spell.
    let helm_blocks = (def.target.is_group() && theirs)
        || (def.target.is_individual() && def.house == crate::mana::House::Unmaking);
    state.active.iter().any(|a| {
        let on_group = a.host == (Host::Group { group });
        let on_member = matches!(a.host, Host::Minion { minion } if u.group.minions().iter().any(|m| m.id == minion));
        let SpellRef::Card(c) = a.spell else {
            return false;
        };
        c.def().effects().iter().any(|e| match e {
            Effect::Mantle => on_group,
            Effect::Ward => on_group && a.owner != Player::from(side),
            Effect::Helm => on_member && helm_blocks,
            // Bellwether: the other player's group spells.
            Effect::Fold => on_member && def.target.is_group() && theirs,
            _ => false,
        })
    })
}

/// Whether an active spell with this effect is in play on `host`.
fn in_play_on(
    state: &GameState,
    host: crate::game::state::Host,
    effect: crate::cards::Effect,
) -> bool {
    state.active.iter().any(|a| {
        a.host == host
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&effect))
    })
}

/// Whether an individual spell of target type `want` may name a minion of this class
/// (`None`: a monster).
pub(crate) fn fits(want: TargetType, class: Option<RecruitClass>) -> bool {
    match want {
        TargetType::Recruit => class.is_some(),
        TargetType::Swordsman => class == Some(RecruitClass::Swordsman),
        TargetType::Archer => class == Some(RecruitClass::Archer),
        TargetType::Monster => class.is_none(),
        _ => true,
    }
}

/// Every target `card` may be cast on now.
pub fn legal_targets(state: &GameState, side: Side, card: CardId) -> Vec<Target> {
    aimable_targets(state, card)
        .into_iter()
        .filter(|&t| check_target(state, side, card, t).is_ok())
        .collect()
}

/// Every target of the kind `card` is aimed at, legal or not, in the order
/// [`legal_targets`] lists the legal ones: the globe, every square of the board, every
/// town, every group, or every minion of every group. (A bot that only wants the best
/// legal target scores these and asks [`check_target`] from the best down.)
pub fn aimable_targets(state: &GameState, card: CardId) -> Vec<Target> {
    let want = card.def().target;
    if want == TargetType::Globe {
        vec![Target::Globe]
    } else if want == TargetType::Square {
        state
            .field
            .board()
            .squares()
            .iter()
            .map(|&at| Target::Square { at })
            .collect()
    } else if want == TargetType::Structure {
        state
            .towns
            .iter()
            .map(|t| Target::Structure { at: t.at })
            .collect()
    } else if want.is_group() {
        state
            .units
            .iter()
            .map(|u| Target::Group { at: u.at })
            .collect()
    } else if want.is_individual() {
        state
            .units
            .iter()
            .flat_map(|u| {
                (0..u.group.size()).map(|i| Target::Minion {
                    at: u.at,
                    index: i as u8,
                })
            })
            .collect()
    } else {
        Vec::new()
    }
}
