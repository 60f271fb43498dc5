//! Why a group with a movement order did not get where it was going: pass I's refusals
//! and pass II's lost votes, carried to the game's `moved` events so that a log can say
//! what happened and why.

use crate::map::StructureKind;
use crate::square::Square;
use crate::terrain::Terrain;

/// Why pass I refused a group's step (I.a): the group bounces at once and stands still.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "check", rename_all = "snake_case")]
pub enum Blocked {
    /// Something holds the group where it is (a spell or its own nature).
    CannotMove,
    /// It may not leave the square it stands on.
    CannotExit { at: Square },
    /// The destination is not one step away (two on ice, in a straight line).
    TooFar { at: Square },
    /// It may not cross the middle square of a two-square move.
    CannotPassThrough { at: Square },
    /// A hostile group stands on the middle square of a two-square move.
    HostileOnTheWay { at: Square },
    /// It may not enter the destination: its terrain, or the structure on it.
    CannotEnter {
        at: Square,
        terrain: Terrain,
        structure: Option<StructureKind>,
    },
    /// A hostile group stands on the destination at the start of the phase.
    HostileThere { at: Square },
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Blocked::CannotMove => write!(f, "cannot move"),
            Blocked::CannotExit { at } => write!(f, "cannot exit {at}"),
            Blocked::TooFar { at } => write!(f, "{at} is not one step away"),
            Blocked::CannotPassThrough { at } => write!(f, "cannot pass through {at}"),
            Blocked::HostileOnTheWay { at } => write!(f, "a hostile group stands on {at}"),
            Blocked::CannotEnter {
                at,
                structure: Some(st),
                ..
            } => write!(f, "cannot enter the {} on {at}", st.name()),
            Blocked::CannotEnter { at, terrain, .. } => {
                write!(f, "cannot enter {} at {at}", terrain.name())
            }
            Blocked::HostileThere { at } => write!(f, "{at} holds a hostile group"),
        }
    }
}

/// Which tie-break of pass II decided a vote (II.b), first to last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// A group that did not move beats one that did.
    Stationary,
    /// The exceptional sequence: the initiative player, then neutral groups, then the other.
    Initiative,
    /// The larger group.
    Larger,
    /// The group earlier in its owner's movement-orders sequence.
    Sequence,
}

impl TieBreak {
    pub const fn text(self) -> &'static str {
        match self {
            TieBreak::Stationary => "stationary",
            TieBreak::Initiative => "initiative",
            TieBreak::Larger => "larger group",
            TieBreak::Sequence => "earlier in the movement-orders sequence",
        }
    }
}

/// Why a group with a movement order did not end where it was going: every bounce has
/// one, and so has a moonwalk (or a removal) out of a square it lost. `G` names the
/// winning group: an index into the phase's groups here, a group id in game events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum Setback<G> {
    /// Pass I refused the step.
    Blocked { blocked: Blocked },
    /// It lost the vote for `at` to `winner` on the tie-break `by` (pass II), and could
    /// not stay there with it: the winner was `hostile`, or the two may not join.
    Outvoted {
        at: Square,
        winner: G,
        by: TieBreak,
        hostile: bool,
    },
}

impl<G> Setback<G> {
    /// In words, the winner named by `name`: the check that refused the step, or "lost
    /// the vote in 5,4 to B by initiative (hostile)".
    pub fn text(&self, name: impl FnOnce(&G) -> String) -> String {
        match self {
            Setback::Blocked { blocked } => blocked.to_string(),
            Setback::Outvoted {
                at,
                winner,
                by,
                hostile,
            } => format!(
                "lost the vote in {at} to {} by {} ({})",
                name(winner),
                by.text(),
                if *hostile { "hostile" } else { "cannot join" }
            ),
        }
    }

    /// The same setback with the winning group named another way.
    pub fn map_winner<H>(self, f: impl FnOnce(G) -> H) -> Setback<H> {
        match self {
            Setback::Blocked { blocked } => Setback::Blocked { blocked },
            Setback::Outvoted {
                at,
                winner,
                by,
                hostile,
            } => Setback::Outvoted {
                at,
                winner: f(winner),
                by,
                hostile,
            },
        }
    }
}
