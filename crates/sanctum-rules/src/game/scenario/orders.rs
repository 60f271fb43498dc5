//! The orders and the spells in play of a turn scenario: targets as files write them,
//! groups named by id or square.

use super::*;

pub(super) fn need<'a>(
    cx: &Ctx<'_>,
    o: &'a RawOrder,
    v: &'a Option<Spanned<String>>,
    key: &str,
) -> Result<&'a Spanned<String>, TurnScenarioError> {
    v.as_ref().map_or_else(
        || {
            cx.err(
                o.kind.span(),
                format!("a {} order needs `{key}`", o.kind.get_ref()),
            )
        },
        Ok,
    )
}

pub(super) fn order(
    cx: &Ctx<'_>,
    o: &RawOrder,
    names: &BTreeMap<String, Square>,
    layout: Layout,
) -> Result<Order, TurnScenarioError> {
    let group_at = |s: &Spanned<String>| group_at(cx, s, names, layout);
    Ok(match o.kind.get_ref().as_str() {
        "cast" => {
            let card = cx.card(need(cx, o, &o.card, "card")?)?;
            let t = need(cx, o, &o.target, "target")?;
            Order::Cast { card, target: target(cx, t, names, layout)? }
        }
        "discard" => Order::Discard { card: cx.card(need(cx, o, &o.card, "card")?)? },
        "train" => {
            let at = cx.square(need(cx, o, &o.at, "at")?, "train", layout)?;
            let c = need(cx, o, &o.class, "class")?;
            let into = TrainAs::ALL
                .into_iter()
                .find(|t| serde_name(t) == *c.get_ref())
                .map_or_else(|| cx.err(c.span(), format!("'{}' is not a class (valid: swordsman, archer, or a mana type)", c.get_ref())), Ok)?;
            Order::Train { at, into }
        }
        "move" => Order::Move {
            from: group_at(need(cx, o, &o.group, "group")?)?,
            to: cx.square(need(cx, o, &o.to, "to")?, "move", layout)?,
        },
        "town_mana" => Order::TownMana {
            at: cx.square(need(cx, o, &o.at, "at")?, "town_mana", layout)?,
            mana: cx.mana_type(need(cx, o, &o.mana, "mana")?)?,
        },
        "concede" => Order::Concede,
        other => return cx.err(o.kind.span(), format!("unknown order kind '{other}' (valid: cast, discard, train, move, town_mana, concede)")),
    })
}

/// A group named by its id, or by the square it will stand on (`c,r`): a group trained
/// this turn has no id in the file.
pub(super) fn group_at(
    cx: &Ctx<'_>,
    s: &Spanned<String>,
    names: &BTreeMap<String, Square>,
    layout: Layout,
) -> Result<Square, TurnScenarioError> {
    match names.get(s.get_ref()) {
        Some(&at) => Ok(at),
        None if s.get_ref().parse::<Square>().is_ok() => cx.square(s, "group", layout),
        None => cx.err(s.span(), format!("no group '{}'", s.get_ref())),
    }
}

/// A spell target as files write it: `globe`, `square:c,r`, `structure:c,r`,
/// `group:ID`, `minion:ID:N`.
pub(super) fn target(
    cx: &Ctx<'_>,
    t: &Spanned<String>,
    names: &BTreeMap<String, Square>,
    layout: Layout,
) -> Result<Target, TurnScenarioError> {
    let text = t.get_ref();
    let part = |rest: &str| Spanned::new(t.span(), rest.to_string());
    Ok(if text == "globe" {
        Target::Globe
    } else if let Some(rest) = text.strip_prefix("square:") {
        Target::Square {
            at: cx.square(&part(rest), "target", layout)?,
        }
    } else if let Some(rest) = text.strip_prefix("structure:") {
        Target::Structure {
            at: cx.square(&part(rest), "target", layout)?,
        }
    } else if let Some(rest) = text.strip_prefix("group:") {
        Target::Group {
            at: group_at(cx, &part(rest), names, layout)?,
        }
    } else if let Some(rest) = text.strip_prefix("minion:") {
        let (g, i) = rest.rsplit_once(':').unwrap_or((rest, "0"));
        let index = i.parse().or_else(|_| {
            cx.err(
                t.span(),
                format!("'{i}' is not a minion's place in its group"),
            )
        })?;
        Target::Minion {
            at: group_at(cx, &part(g), names, layout)?,
            index,
        }
    } else {
        return cx.err(t.span(), format!("'{text}' is not a target (valid: globe, square:c,r, structure:c,r, group:ID, minion:ID:N)"));
    })
}

/// A spell already in play: an alteration or conjuration of the file's, active on its
/// target from a cast before this turn (a conjuration lasts its full duration from now).
pub(super) fn in_play(
    cx: &Ctx<'_>,
    state: &mut GameState,
    sp: &RawSpell,
    names: &BTreeMap<String, Square>,
    layout: Layout,
) -> Result<(), TurnScenarioError> {
    let card = cx.card(&sp.card)?;
    let def = card.def();
    let until = match def.spell_type {
        crate::cards::SpellType::Alteration => None,
        crate::cards::SpellType::Conjuration { turns } => Some(state.turn + u32::from(turns)),
        _ => {
            return cx.err(
                sp.card.span(),
                format!("'{card}' is not an alteration or a conjuration: it never stays in play"),
            );
        }
    };
    let aim = crate::game::orders::aim(state, target(cx, &sp.target, names, layout)?)
        .or_else(|e| cx.err(sp.target.span(), e))?;
    let host = crate::game::requirements::host_of(aim);
    state.add_active(SpellRef::Card(card), sp.owner, host, until, def.visible);
    crate::game::effects::refresh_host(state, host);
    Ok(())
}

pub(super) fn serde_name(t: &TrainAs) -> String {
    match t.class() {
        Some(c) => c.name().to_string(),
        None => t.mana().map_or("", |m| m.name()).to_string(),
    }
}
