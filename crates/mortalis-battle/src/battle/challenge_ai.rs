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
                let walk = |at: Place| b.walk_to(goal, at);
                let straight = |at: Place| (goal.x - at.x).hypot(goal.y - at.y);
                let (gain, blind) = nearer(walk, straight, me.body.at, to);
                v += 0.15 * gain;
                // By the straight way, only from the ground (as for the
                // markers, `ai_goals`).
                let after = if blind { straight(to) } else { walk(to) };
                if after <= 1.0 + me.body.radius()
                    && (!blind || to.level == crate::table::Level::Ground)
                    && !me.free_slot
                    && !climbed
                    && !both
                {
                    v += 0.6;
                }
            }
            let exits = b.courier_exits(m);
            if !exits.is_empty() {
                let nearest = |d: &dyn Fn(Place, Place) -> f64, at: Place| {
                    exits
                        .iter()
                        .map(|(_, p)| d(*p, at))
                        .fold(f64::INFINITY, f64::min)
                };
                let walk = |at: Place| nearest(&|p, at| b.walk_to(p, at), at);
                let straight = |at: Place| nearest(&|p, at| (p.x - at.x).hypot(p.y - at.y), at);
                let through = exits
                    .iter()
                    .any(|(_, p)| (p.x - to.x).hypot(p.y - to.y) < 0.05);
                v += if leave && through {
                    3.0
                } else {
                    0.4 * nearer(walk, straight, me.body.at, to).0
                };
            }
            v
        }
        _ => 0.0,
    }
}

/// How much nearer a Move from `from` to `to` brings a goal, walking
/// (`walk`), and whether the walking grid reaches the goal from neither
/// place: then by the straight way (`straight`) instead, as the AI does
/// for markers (`ai_goals`; a gap narrower than the grid's cells). Until
/// session 38 the walking difference was taken as it came, and infinity
/// less infinity is no number: such a Move was never chosen.
fn nearer(
    walk: impl Fn(Place) -> f64,
    straight: impl Fn(Place) -> f64,
    from: Place,
    to: Place,
) -> (f64, bool) {
    let (before, after) = (walk(from), walk(to));
    if before.is_infinite() && after.is_infinite() {
        (straight(from) - straight(to), true)
    } else {
        (before - after, false)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The pull towards hidden data or a Kurier's way off: by walking
    /// where the grid reaches the goal from either place, by the straight
    /// way (and said to be blind) only where it reaches it from neither.
    #[test]
    fn nearer_walks_where_it_can_and_goes_straight_where_it_cannot() {
        let goal = Place::ground(10.0, 0.0);
        let straight = |at: Place| (goal.x - at.x).hypot(goal.y - at.y);
        let (from, to) = (Place::ground(0.0, 0.0), Place::ground(4.0, 0.0));
        // Walking round a wall: twice the straight way.
        let (gain, blind) = nearer(|at| 2.0 * straight(at), straight, from, to);
        assert_eq!((gain, blind), (8.0, false));
        // Walled in: the straight way, 4" nearer.
        let (gain, blind) = nearer(|_| f64::INFINITY, straight, from, to);
        assert_eq!((gain, blind), (4.0, true));
        // Reached from the start only: a Move into the blind part is
        // worth nothing reachable (no straight-way rescue).
        let from_only = |at: Place| if at == from { 10.0 } else { f64::INFINITY };
        let (gain, blind) = nearer(from_only, straight, from, to);
        assert!(gain == f64::NEG_INFINITY && !blind);
    }
}
