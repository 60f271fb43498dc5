//! The AI's side of the challenges (docs/mortalis/ai.md): whom to name,
//! who gets the experience, and the small pulls that make it play for its
//! challenges and against the opponent's where that is cheap.

use mortalis_rules::campaign::tables::Challenge;

use super::ai::best;
use super::{Battle, Choice, Question, Status};
use crate::table::Place;

/// What a model is worth beyond itself because a challenge names it: one's
/// own named model is kept safer, a named enemy is worth more to take out.
pub(super) fn named_worth(b: &Battle, m: usize) -> f64 {
    let named = b
        .challenges
        .taken
        .iter()
        .any(|p| p.own == Some(m) || p.enemy == Some(m));
    if named { 1.5 } else { 0.0 }
}

/// Whether `side` took `id`.
fn took(b: &Battle, side: usize, id: Challenge) -> bool {
    b.challenges.pledge(side, id).is_some()
}

/// The value a challenge adds to the action `c` of model `m`.
pub(super) fn action_bonus(b: &Battle, m: usize, c: &Choice) -> f64 {
    let me = &b.models[m];
    match *c {
        Choice::PickUpData => 1.5,
        // Bez fajerwerków: no trick all battle.
        Choice::Cast { .. } if took(b, me.side, Challenge::NoFireworks) => -1.5,
        Choice::Move {
            leave,
            to,
            climbed,
            both,
            ..
        } => {
            let mut v = 0.0;
            // Stoicyzm: never a second Move action in a round (a walk
            // across both Moves is two).
            if (me.moves >= 1 || both)
                && !me.volunteer
                && took(b, me.side, Challenge::Stoicism)
                && !b.challenges.restless[me.side]
            {
                v -= 1.5;
            }
            if let Some(goal) = b.data_goal(m) {
                v += 0.15 * (b.walk_to(goal, me.body.at) - b.walk_to(goal, to));
                if b.walk_to(goal, to) <= 1.0 + me.body.radius()
                    && !me.free_slot
                    && !climbed
                    && !both
                {
                    v += 0.6;
                }
            }
            let exits = b.courier_exits(m);
            if !exits.is_empty() {
                let gap = |at: Place| {
                    exits
                        .iter()
                        .map(|(_, p)| b.walk_to(*p, at))
                        .fold(f64::INFINITY, f64::min)
                };
                let through = exits
                    .iter()
                    .any(|(_, p)| (p.x - to.x).hypot(p.y - to.y) < 0.05);
                v += if leave && through {
                    3.0
                } else {
                    0.4 * (gap(me.body.at) - gap(to))
                };
            }
            v
        }
        _ => 0.0,
    }
}

/// Names a model for the challenge being taken: its own Kurier the
/// fastest hero, its Predator and hunter the best fighter, its pacifist
/// the weakest; of the enemy the easiest to take out (lowest O, then C).
pub(super) fn name(b: &Battle, q: &Question) -> usize {
    let strength = |m: usize| {
        let p = b.models[m].profile;
        f64::from(p.fight + p.accuracy + p.resilience)
    };
    let score = |c: &Choice| -> f64 {
        let Choice::Name { model } = *c else {
            return 0.0;
        };
        let f = &b.models[model];
        if f.side != q.side {
            return -f64::from(f.profile.resilience) * 10.0 - f64::from(f.profile.accuracy);
        }
        match b.challenges.naming {
            Some(Challenge::Courier) => f64::from(f.profile.speed) * 10.0 + strength(model),
            Some(Challenge::Pacifist) => -strength(model),
            _ => strength(model),
        }
    };
    best(q, score)
}

/// The model that gets a challenge's experience: the first not taken out.
pub(super) fn reward(b: &Battle, q: &Question) -> usize {
    best(q, |c| match *c {
        Choice::Reward { model } => f64::from(u8::from(b.models[model].status != Status::Removed)),
        _ => 0.0,
    })
}
