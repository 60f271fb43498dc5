//! What a battle logs: every event that happened, for the account and the
//! log, and the log's lines (decisions and events). Split from `mod.rs`.

use mortalis_rules::play;
use serde::Serialize;

use super::{About, Choice, EndReason, Offensive, Scenario};
use crate::table::Place;

/// What happened, for the account and the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round begins; `first` activates first.
    Round {
        /// Round number from 1.
        round: u32,
        /// First player.
        first: usize,
    },
    /// A roll outside an action (initiative), with its dice.
    Roll {
        /// What for.
        what: &'static str,
        /// The side.
        side: usize,
        /// Dice.
        dice: Vec<u8>,
    },
    /// A model moved.
    Moved {
        /// The model.
        model: usize,
        /// Where to.
        to: Place,
        /// Allowance spent.
        spent: f64,
        /// Both Moves of the round walked as one, a climb spanning them
        /// (B31); absent in older logs.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        both: bool,
    },
    /// A model left the table with its markers (B37).
    Left {
        /// The model.
        model: usize,
        /// Markers carried off.
        markers: u32,
    },
    /// A model picked up a marker (B35).
    PickedUp {
        /// The model.
        model: usize,
    },
    /// A model picked up the object to intercept (B164).
    PickedUpObject {
        /// The model.
        model: usize,
    },
    /// The scenario's roles and zones are settled.
    Sides {
        /// The scenario.
        scenario: Scenario,
        /// The Defender (Barykady, Otoczeni).
        defender: Option<usize>,
        /// Each side's home edge (Przechwycenie, Duma).
        edges: [Option<usize>; 2],
    },
    /// A shot (B52–B58), or a shot-like trick (B116), resolved by `play`.
    Shot {
        /// Shooter.
        shooter: usize,
        /// The trick cast instead of a weapon fired.
        #[serde(skip_serializing_if = "Option::is_none")]
        trick: Option<mortalis_rules::skills::Skill>,
        /// Target.
        target: usize,
        /// Edge-to-edge distance.
        range: f64,
        /// Obstacle penalty.
        obstacle: bool,
        /// Cover penalty.
        cover: bool,
        /// Exact chance the target was taken out, from `odds`.
        chance: String,
        /// The dice, step by step.
        report: play::Report,
    },
    /// A melee exchange (B40–B44), resolved by `play`.
    Fight {
        /// Attacker.
        attacker: usize,
        /// Defender.
        defender: usize,
        /// Supporters of each (B41c).
        support: [u32; 2],
        /// Exact chances: defender out, attacker out.
        chance: [String; 2],
        /// The dice, step by step.
        report: play::Report,
    },
    /// A Withdrawal (B46), rolled as an exchange with no harm.
    Withdrew {
        /// The model withdrawing.
        model: usize,
        /// The enemy it withdraws from.
        from: usize,
        /// It won the roll (it may Move); else it takes no more action this
        /// round (Q12: a tie is no win).
        won: bool,
        /// The dice.
        report: play::Report,
    },
    /// A model took a Defensive position (B70).
    Defends {
        /// The model.
        model: usize,
    },
    /// A model hid (Ukrycie, B113).
    Hid {
        /// The model.
        model: usize,
    },
    /// A hidden model was seen other than through its cover, or acted: its
    /// Ukrycie marker goes (B113).
    Revealed {
        /// The model.
        model: usize,
    },
    /// A model was removed; `by` took it out.
    Removed {
        /// The model.
        model: usize,
        /// Who took it out.
        by: Option<usize>,
    },
    /// A model flew with its jetpack (B136).
    Flew {
        /// The model.
        model: usize,
        /// Where from.
        from: Place,
        /// Where to.
        to: Place,
    },
    /// A trick that is not a shot was cast (B115).
    Trick {
        /// The caster.
        caster: usize,
        /// The trick.
        trick: mortalis_rules::skills::Skill,
        /// The victim (Fala Mocy: the caster).
        target: usize,
    },
    /// A Rozproszenie roll against a trick (B110): 2d6, 8 or more cancels it.
    Dispel {
        /// The trick.
        trick: mortalis_rules::skills::Skill,
        /// The dice.
        dice: [u8; 2],
        /// The trick is cancelled.
        cancelled: bool,
    },
    /// A model was pushed by a trick (B117, B123).
    Pushed {
        /// The model.
        model: usize,
        /// Where from.
        from: Place,
        /// Where to.
        to: Place,
    },
    /// A grenade was thrown (B130) and went off at `x`, `y`.
    Thrown {
        /// The thrower.
        model: usize,
        /// The grenade.
        item: mortalis_rules::equipment::SpecialItem,
        /// The roll against C.
        dice: [u8; 2],
        /// Where it went off.
        x: f64,
        /// Where it went off.
        y: f64,
        /// The models in its blast.
        caught: Vec<usize>,
    },
    /// A model in a frag grenade's blast tests (B133).
    Blasted {
        /// The model.
        model: usize,
        /// Exact chance it was taken out, from `odds`.
        chance: String,
        /// The dice, step by step.
        report: play::Report,
    },
    /// A Shot-from-hiding marker was taken (`on`) or went (B72, B73).
    Overwatch {
        /// The model.
        model: usize,
        /// Taken, or gone.
        on: bool,
    },
    /// A moving model was intercepted and put in contact (B67).
    Intercepted {
        /// The mover.
        model: usize,
        /// The interceptor.
        by: usize,
        /// Where the mover now stands.
        at: Place,
    },
    /// A model fires its Shot from hiding (B72); the Shot follows.
    FromHiding {
        /// The shooter.
        shooter: usize,
        /// The target.
        target: usize,
    },
    /// A heroic play was used (B75–B87).
    Heroic {
        /// The model.
        model: usize,
        /// The play.
        play: mortalis_rules::skills::Skill,
    },
    /// A side played an offensive event on an enemy model (B88–B93).
    Offended {
        /// The side playing it.
        side: usize,
        /// The event.
        offensive: Offensive,
        /// The model it is played on.
        model: usize,
    },
    /// A model takes the bonus action Przyspieszenie gave it (B122).
    Bonus {
        /// The model.
        model: usize,
    },
    /// A side took a challenge (B172), naming these models.
    Challenge {
        /// The side.
        side: usize,
        /// Which.
        id: mortalis_rules::campaign::tables::Challenge,
        /// Its own named model.
        own: Option<usize>,
        /// The named enemy.
        enemy: Option<usize>,
    },
    /// A model picked up the Ukryte dane marker (B173).
    PickedUpData {
        /// The model.
        model: usize,
    },
    /// A challenge was met at the end (B146).
    Met {
        /// The side.
        side: usize,
        /// Which.
        id: mortalis_rules::campaign::tables::Challenge,
        /// The model that earns it, when the challenge names one.
        model: Option<usize>,
        /// Victory points.
        vp: u32,
    },
    /// The side chose the model that gets a challenge's experience.
    Rewarded {
        /// The side.
        side: usize,
        /// Which.
        id: mortalis_rules::campaign::tables::Challenge,
        /// The model.
        model: usize,
    },
    /// The captain's reroll (B9) was committed to an action, or held for
    /// its Fight roll in defence or for its Resilience tests (R67); `used`:
    /// a roll used it (spent for the battle).
    Reroll {
        /// The captain.
        model: usize,
        /// Used by the roll.
        used: bool,
    },
    /// A helper shared the load of the object's carrier for a joint Move
    /// (B166).
    CarriedTogether {
        /// The carrier.
        carrier: usize,
        /// The helper.
        helper: usize,
    },
    /// The battle ended.
    End {
        /// Why.
        reason: EndReason,
        /// Victory points per side.
        vp: [u32; 2],
        /// The winner, if not a draw.
        winner: Option<usize>,
    },
    /// The winner of an exchange did something instead of wounding (B45):
    /// Kradzież (B111) or Ucieczka (B112).
    Instead {
        /// The winner.
        model: usize,
        /// The skill.
        skill: mortalis_rules::skills::Skill,
        /// The loser.
        from: usize,
    },
    /// A trick put terrain on the table (B127 a barrier, B128 a lava pool)
    /// centred at `x`, `y`.
    Terrain {
        /// The trick.
        trick: mortalis_rules::skills::Skill,
        /// Centre.
        x: f64,
        /// Centre.
        y: f64,
    },
    /// A model on a lava pool tested (B128).
    Burned {
        /// The model.
        model: usize,
        /// The exact chance it was taken out.
        chance: String,
        /// The test.
        report: play::Report,
    },
}

/// One line of the battle log.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A decision: who, about what, the option chosen and its index.
    Decision {
        /// Side.
        side: usize,
        /// About.
        about: About,
        /// Index among the options.
        index: usize,
        /// The choice.
        choice: Choice,
    },
    /// Something that happened.
    Event(Event),
}
