//! Decisions (B181): every choice in a battle is a [`Question`] with a list
//! of legal [`Choice`]s, answered by a [`Decider`]: the AI ([`crate::battle::ai`]),
//! a random legal policy, or a script (a decisions list, such as the one a
//! battle log holds, which replays the battle).

use mortalis_rules::dice::uniform_below;
use mortalis_rules::skills::Skill;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

use super::Battle;
use crate::table::Place;

/// What a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum About {
    /// Placing a technology marker (B153).
    Marker,
    /// Choosing a deployment corner (B154).
    Corner,
    /// Placing one model (B154).
    Deploy,
    /// Who starts the first round (B155).
    Starter,
    /// Which model to activate (B18).
    Activate,
    /// The next action of the active model (B22–B27).
    Action,
    /// Which side is the Defender (Barykady B156, Otoczeni B159).
    Role,
    /// The deployment edge (Przechwycenie B163).
    Edge,
    /// An answer outside the side's own activation (which action a
    /// Dekoncentracja takes, B119; whether to cast Tarcza ochronna, B118).
    Reaction,
    /// Whether a model intercepts an enemy moving past it (B67), or (the
    /// mover's side) whether Rozproszenie stops it (B91).
    Intercept,
    /// Whether a model holding a Shot-from-hiding marker fires, and at whom
    /// (B72, B73).
    Overwatch,
    /// Whether a model uses a heroic play now (B75–B87).
    Play,
    /// Whether a side plays an offensive event now, and on whom (B88–B93).
    Event,
    /// Where a forced move of 3" goes (Pierwotny strach B89, Potknięcie
    /// B93): the moving model's owner chooses.
    Forced,
    /// A model a challenge names (B172–B174).
    Named,
    /// The model that gets a challenge's experience (B173).
    Reward,
}

/// One legal answer.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Choice {
    /// A marker at this point.
    Marker {
        /// x.
        x: f64,
        /// y.
        y: f64,
    },
    /// A corner: 0 lower left, 1 lower right, 2 upper right, 3 upper left.
    Corner {
        /// The corner.
        corner: usize,
    },
    /// A model at this place.
    Deploy {
        /// The model.
        model: usize,
        /// Where.
        at: Place,
    },
    /// This side is the Defender (as a wish, or as the decision).
    Defender {
        /// The side.
        side: usize,
    },
    /// A table edge: 0 south (y = 0), 1 east, 2 north, 3 west.
    Edge {
        /// The edge.
        edge: usize,
    },
    /// This side starts.
    Starter {
        /// The side.
        side: usize,
    },
    /// Activate this model.
    Activate {
        /// The model.
        model: usize,
    },
    /// Move (B28) to a place; `leave` when the Move goes on across the table
    /// edge (B37).
    Move {
        /// Where it stops.
        to: Place,
        /// Allowance spent.
        spent: f64,
        /// It leaves the table.
        leave: bool,
        /// The way climbs.
        climbed: bool,
        /// It is both Moves of the round walked as one, a climb on it
        /// spanning the two (B31; ruling "Climbs across both Moves").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        both: bool,
    },
    /// Shoot a model (B52).
    Shoot {
        /// The target.
        target: usize,
    },
    /// Cast a shot-like trick at a model (B115, B116).
    Cast {
        /// The trick.
        trick: Skill,
        /// The target.
        target: usize,
    },
    /// Attack an engaged enemy (B40).
    Attack {
        /// The target.
        target: usize,
    },
    /// Pick up a technology marker within 1" (B35).
    PickUp {
        /// The marker (index into the markers on the ground).
        marker: usize,
    },
    /// Pick up the object to intercept within 1" (Przechwycenie, B164).
    PickUpObject,
    /// Withdraw from the one enemy it is engaged with (B46).
    Withdraw {
        /// The enemy.
        from: usize,
    },
    /// Take a Defensive position (B70).
    DefensivePosition,
    /// Hide (Ukrycie, B113).
    Hide,
    /// End the activation (unused actions are lost, B23).
    End,
    /// Fly with the jetpack to a place in sight within 10" (B136, Q46).
    Fly {
        /// Where it lands.
        to: Place,
    },
    /// One Shot with two pistols (B59, Q38): the first pistol at `first`,
    /// then the second at `second` (the same model or another).
    Pistols {
        /// The first pistol's target.
        first: usize,
        /// The second pistol's target.
        second: usize,
    },
    /// An Aimed shot (Wymierzony strzał, B108): both actions, three dice a
    /// roll, the highest dropped.
    AimedShot {
        /// The target.
        target: usize,
    },
    /// Dekoncentracja (B119): the action the victim loses.
    LoseAction {
        /// The victim.
        model: usize,
        /// The Move slot (else the free slot).
        move_slot: bool,
    },
    /// Let the moment pass (no reaction).
    Pass,
    /// Throw a grenade at a point (B130).
    Throw {
        /// The grenade.
        item: mortalis_rules::equipment::SpecialItem,
        /// Aimed at.
        x: f64,
        /// Aimed at.
        y: f64,
    },
    /// Rozkaz obrony (B71): every friend within 3" takes a Defensive position.
    DefenceOrder,
    /// A heavy rifle's volley spread over models within 3" of the first
    /// target (B62, Q39): the target of each of the three shots.
    Spread {
        /// Each shot's target, the chosen target first.
        targets: [usize; 3],
    },
    /// Where a missed grenade lands, chosen by the opponent (B130).
    Deviate {
        /// The grenade.
        item: mortalis_rules::equipment::SpecialItem,
        /// It goes off here.
        x: f64,
        /// It goes off here.
        y: f64,
    },
    /// Declare a Shot from hiding (B72).
    Overwatch,
    /// `model` intercepts the enemy `mover` moving past it (B67).
    Intercept {
        /// The interceptor.
        model: usize,
        /// The model moving past.
        mover: usize,
    },
    /// `shooter` fires its Shot from hiding at `target` (B72).
    FromHiding {
        /// The model holding the marker.
        shooter: usize,
        /// The enemy that came into its sight.
        target: usize,
    },
    /// Use a heroic play for `model` (B75–B87).
    Play {
        /// The play.
        play: Skill,
        /// The model.
        model: usize,
    },
    /// "Głowa w dół!" (B85): `model` throws a knife at `target`, an enemy
    /// engaged with one of its friends.
    Knife {
        /// The thrower.
        model: usize,
        /// The enemy.
        target: usize,
    },
    /// "Raz kozie śmierć!" (B83): hit by `shooter`, `model` jumps down to
    /// `to`, `height` inches below, instead of testing.
    NowOrNever {
        /// The model hit.
        model: usize,
        /// The enemy shooting it.
        shooter: usize,
        /// Where it lands.
        to: Place,
        /// How far it drops.
        height: f64,
    },
    /// Play an offensive event on the enemy `model` (B88–B93).
    Offend {
        /// The event.
        event: super::Offensive,
        /// The enemy model.
        model: usize,
    },
    /// A forced move of `model` straight to `to` (B89, B93).
    Step {
        /// The model.
        model: usize,
        /// Where it stops.
        to: Place,
    },
    /// "To mnie szukasz?" (B79): as its Move, straight to `to` within 8"
    /// whatever lies between.
    Leap {
        /// Where it lands.
        to: Place,
    },
    /// Name this model for a challenge (B174).
    Name {
        /// The model.
        model: usize,
    },
    /// This model gets the challenge's experience (B173).
    Reward {
        /// The model.
        model: usize,
    },
    /// Pick up the Ukryte dane marker within 1" (B173).
    PickUpData,
    /// Commit the captain's reroll (B9) to the next Shot, cast or Attack
    /// of this activation (no action).
    CommitReroll,
    /// The object's carrier and a helper Move together (B166), the carrier
    /// to `to` (the helper beside it); `leave` when they go off the table.
    CarryTogether {
        /// The helper.
        helper: usize,
        /// Where the carrier stops.
        to: Place,
        /// Allowance spent.
        spent: f64,
        /// They leave across the carrier's edge.
        leave: bool,
    },
    /// A Move (B28) whose way jumps down from a roof (B33): a roll where it
    /// drops, a fall (B34) if it fails.
    JumpDown {
        /// Where it stops.
        to: Place,
        /// Allowance spent (nothing for the drop).
        spent: f64,
        /// The highest drop on the way.
        height: f64,
        /// The way climbs.
        climbed: bool,
    },
}

/// A question to one side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Question {
    /// The side that answers.
    pub side: usize,
    /// What it is about.
    pub about: About,
    /// The legal answers (never empty).
    pub options: Vec<Choice>,
}

/// Answers questions for one side.
pub trait Decider {
    /// The index of the chosen option, or why there is none.
    fn choose(&mut self, battle: &Battle, q: &Question) -> Result<usize, String>;
}

/// Uniformly random legal choices from a seeded ChaCha8 RNG (the naive
/// policy the AI is measured against).
#[derive(Debug, Clone)]
pub struct RandomPolicy {
    rng: ChaCha8Rng,
}

impl RandomPolicy {
    /// A policy from a seed.
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Decider for RandomPolicy {
    fn choose(&mut self, _: &Battle, q: &Question) -> Result<usize, String> {
        Ok(uniform_below(&mut self.rng, q.options.len() as u32) as usize)
    }
}

/// Answers from a list, in order (a decisions file, or a battle log's).
#[derive(Debug, Clone, Default)]
pub struct Scripted {
    answers: Vec<usize>,
    next: usize,
}

impl Scripted {
    /// A script of option indices.
    pub fn new(answers: Vec<usize>) -> Self {
        Scripted { answers, next: 0 }
    }
}

impl Decider for Scripted {
    fn choose(&mut self, _: &Battle, q: &Question) -> Result<usize, String> {
        let n = self.next;
        let a = *self
            .answers
            .get(n)
            .ok_or_else(|| format!("the script has no decision number {}", n + 1))?;
        self.next += 1;
        if a < q.options.len() {
            Ok(a)
        } else {
            Err(format!(
                "decision number {} is option {a}, but only {} exist",
                n + 1,
                q.options.len()
            ))
        }
    }
}
