//! The AI's view of melee danger (docs/mortalis/ai.md): which enemies could
//! charge a place this round, and the chance the exchange that follows
//! takes the model out, from the exact odds engine.

use crate::hyp::Hyp;
use mortalis_rules::odds::{ActionKind, Odds, Query, Situation};

use super::Battle;
use super::ai::{prob, worth};
use crate::table::Place;

/// Whether enemy `e` could end a Move in contact with a model of radius
/// `r` standing at `p` (by the walking distance round terrain, roughly).
pub(super) fn may_charge(b: &Battle, e: usize, r: f64, p: Place) -> bool {
    let foe = &b.models[e];
    if !foe.on_table() || !b.engaged_with(e).is_empty() {
        return false;
    }
    let reach = f64::from(foe.profile.speed) + foe.body.radius() + r + 1.0;
    // Cheap straight-line test first, then the walk round terrain.
    let straight = (foe.body.at.x - p.x).hyp(foe.body.at.y - p.y);
    straight <= reach && b.walk_within(foe.body.at, p, reach) <= reach
}

/// The exchange of `a` charging `d` (no supporters counted): the exact
/// chance that the defender is taken out.
pub(super) fn charge_odds(b: &Battle, a: usize, d: usize) -> f64 {
    let (fa, fd) = (&b.models[a], &b.models[d]);
    let q = Query {
        kind: ActionKind::Melee,
        attacker: fa.side(fa.melee(), true),
        defender: fd.side(fd.melee(), true),
        situation: Situation {
            charged: true,
            ..Situation::default()
        },
    };
    match b.odds(&q) {
        Ok(Odds::Melee(o)) => prob(&o.defender_out),
        _ => 0.0,
    }
}

/// The melee danger to model `m` standing at `p`: for each enemy that
/// could charge it there, the exact chance its attack takes `m` out. What
/// the exchange would cost the charger is not taken off (it was until
/// session 25, docs/mortalis/ai.md): the model does not choose that
/// exchange, cannot walk away from it alone with its charger (B46),
/// and a shooter loses its shots while it lasts.
pub(super) fn melee_exposure(b: &Battle, m: usize, p: Place) -> f64 {
    let me = &b.models[m];
    let r = me.body.radius();
    (0..b.models.len())
        .filter(|&e| b.models[e].side != me.side)
        .filter(|&e| may_charge(b, e, r, p))
        .map(|e| charge_odds(b, e, m))
        .sum()
}

/// What model `m` standing at `p` adds by supporting friends (B41c): for
/// each enemy within 1" of `p` that is engaged with a friend, 1.5 times
/// the exact chance that enemy's Attack would take the friend out, times
/// the friend's worth (the support swings that exchange, and the next
/// ones).
pub(super) fn support_value(b: &Battle, m: usize, p: Place) -> f64 {
    let me = &b.models[m];
    let body = crate::table::Body { at: p, ..me.body };
    let mut v = 0.0;
    for e in 0..b.models.len() {
        let foe = &b.models[e];
        if !foe.on_table() || foe.side == me.side || b.table.distance(&body, &foe.body) >= 1.0 {
            continue;
        }
        for f in b.engaged_with(e) {
            if f != m && b.models[f].side == me.side {
                let (lost, _) = match b.odds(&b.melee_query(e, f).0) {
                    Ok(Odds::Melee(o)) => (prob(&o.defender_out), prob(&o.attacker_out)),
                    _ => (0.0, 0.0),
                };
                v += 1.5 * lost * worth(b, f);
            }
        }
    }
    v
}
