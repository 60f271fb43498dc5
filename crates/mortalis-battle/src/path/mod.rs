//! Paths for one Move action (B28–B33, Q6, Q17): the shortest way, in
//! inches of allowance, from one place to another, around and over terrain.
//!
//! The search runs on a visibility graph. Its corners are the corners of
//! every footprint that stops a base, grown by the base radius
//! (`geo::Buffer`, mitred), the corners of every roof shrunk by it, and the
//! climbing points along every climbable wall and block (one per inch of
//! each edge, plus the points nearest the start and the goal, and the foot of
//! every ladder). Two corners are joined when a base can slide straight from
//! one to the other. Costs: 1" per inch walked; a climb costs the height
//! times 2 (1 on a ladder or for a climber), up or down (B31); a jump-down
//! costs nothing for the drop and needs a roll (B33); a jump over a gap
//! costs nothing for its length, needs a run-up and is one per Move (B32,
//! Q17); touching difficult ground costs 1" once for the whole Move (B30).

//!
//! Modules: `graph` (the corners, climbing points, stops and straight
//! slides), `search` (Dijkstra and A* over it), `nav` (the graph kept per
//! mover, and the queries of a Move: `Nav::reach`, `Nav::path`).

mod climb;
mod graph;
mod grid;
mod layers;
mod memo;
mod nav;
mod reach;
mod roofjump;
mod search;
mod stop;
mod stops;

use serde::Serialize;

use crate::table::{Body, Place, Table, TableError};

pub use nav::Nav;
pub use reach::{Floor, Traced};

/// How a model moves: its base and what it may do.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Mover {
    /// Base radius.
    pub radius: f64,
    /// Inches of allowance per inch climbed: 2, or 1 with climbing gear or
    /// Wspinacz (B31). Ladders always cost 1.
    pub climb_rate: f64,
    /// Whether it climbs at all (pets never climb over 1", B10).
    pub climbs: bool,
    /// The longest jump: 3", 4" with Akrobata (B32).
    pub jump_max: f64,
    /// Whether the path may jump down from a roof (a roll, B33).
    pub jump_down: bool,
    /// Whether the path may cross dangerous ground (lava, B128).
    pub dangerous: bool,
    /// Pewny krok (B97): difficult ground costs it no inch, so its paths
    /// treat rubble as open ground.
    pub sure_footed: bool,
}

impl Mover {
    /// A model on a 1" base with no movement skills, which neither jumps down
    /// nor walks into lava.
    pub fn standard(radius: f64) -> Self {
        Mover {
            radius,
            climb_rate: 2.0,
            climbs: true,
            jump_max: 3.0,
            jump_down: false,
            dangerous: false,
            sure_footed: false,
        }
    }
}

/// One stretch of a path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Walking on one surface.
    Walk {
        /// Where it ends.
        to: Place,
        /// Inches walked (includes the jump's length, if any).
        length: f64,
        /// The length of a jump over a gap on the way (costs nothing, B32).
        jump: f64,
        /// It touches difficult ground (B30).
        difficult: bool,
    },
    /// Climbing up or down a wall or block (B31), or over a wall.
    Climb {
        /// Where it ends.
        to: Place,
        /// The piece climbed.
        piece: usize,
        /// Inches climbed (up and down added).
        height: f64,
        /// Allowance spent, the walk on top included.
        cost: f64,
        /// On a ladder.
        ladder: bool,
    },
    /// Jumping down from a roof (B33): a roll decides.
    JumpDown {
        /// Where it lands.
        to: Place,
        /// The block jumped from.
        piece: usize,
        /// Height of the drop.
        height: f64,
    },
}

/// How far one Move gets towards a goal ([`Nav::reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reach {
    /// Where the model stops.
    pub to: Place,
    /// Allowance spent, the difficult inch included.
    pub spent: f64,
    /// The way there climbs (only Moves follow this round, B31).
    pub climbed: bool,
    /// It stops at the goal itself.
    pub arrived: bool,
    /// The highest jump-down on the way (B33; 0 for none).
    pub dropped: f64,
}

/// The shortest path found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Path {
    /// The stretches in order.
    pub steps: Vec<Step>,
    /// Allowance the steps spend, without the difficult-ground inch.
    pub length: f64,
    /// It touches difficult ground (B30): the Move's allowance is 1" less.
    pub difficult: bool,
    /// It touches dangerous ground.
    pub dangerous: bool,
}

impl Path {
    /// Allowance needed: the length plus 1" when difficult ground is touched.
    pub fn cost(&self) -> f64 {
        self.length + if self.difficult { 1.0 } else { 0.0 }
    }

    /// The part of the path a Move with `allowance` inches walks, starting
    /// at `from`: whole steps while they fit (the difficult inch counted as
    /// soon as a step touches rubble), then the fitting part of a walk (a
    /// walk that jumps a gap only whole: no model stops over a gap). A climb
    /// that does not fit is not started (B31: a climb must end where the
    /// model can stand). Returns where it stops, what it spent and whether
    /// it climbed.
    pub fn prefix(&self, from: Place, allowance: f64) -> (Place, f64, bool) {
        let (mut at, mut spent, mut rough, mut climbed) = (from, 0.0, false, false);
        for step in &self.steps {
            let (cost, to, touches) = match step {
                Step::Walk {
                    to,
                    length,
                    jump,
                    difficult,
                } => (length - jump, *to, *difficult),
                Step::Climb { to, cost, .. } => (*cost, *to, false),
                Step::JumpDown { .. } => return (at, spent, climbed),
            };
            let penalty = if rough || touches { 1.0 } else { 0.0 };
            let left = allowance - penalty - spent;
            if cost <= left + 1e-9 {
                at = to;
                spent += cost;
                rough |= touches;
                climbed |= matches!(step, Step::Climb { .. });
                continue;
            }
            if let Step::Walk { jump, .. } = step
                && *jump == 0.0
                && left > 1e-9
                && at.level == to.level
            {
                let t = left / cost;
                at = Place {
                    x: at.x + (to.x - at.x) * t,
                    y: at.y + (to.y - at.y) * t,
                    level: at.level,
                };
                spent += left;
                rough |= touches;
            }
            break;
        }
        (at, spent + if rough { 1.0 } else { 0.0 }, climbed)
    }

    /// Whether it climbs anywhere (after a climb only Moves follow, B31).
    pub fn climbs(&self) -> bool {
        self.steps.iter().any(|s| matches!(s, Step::Climb { .. }))
    }
}

impl Table {
    /// The shortest path of a Move from `from` to `to` for `mover`, going
    /// round the bases of `others`. `None` when no path exists.
    pub fn path(
        &self,
        from: Place,
        to: Place,
        mover: &Mover,
        others: &[Body],
    ) -> Result<Option<Path>, TableError> {
        Nav::new(self, *mover).path(from, to, others)
    }
}
