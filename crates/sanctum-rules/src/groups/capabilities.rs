//! The one place that answers "may this group do that?" for the movement pipeline.

use super::{Control, Field, Group, MAX_GROUP, MinionKind, Nation};
use crate::square::Square;
use crate::terrain::{Hazard, Terrain};

/// The single question layer between the pipeline and everything that can change
/// what a group may do. Spells and nation abilities plug in by implementing (or
/// wrapping) this trait; the pipeline never inspects a group's effects directly.
pub trait Capabilities {
    /// Whether the group may move at all this phase.
    fn can_move(&self, field: &Field, g: &Group) -> bool;
    /// Whether the group may leave the square it stands on.
    fn can_exit(&self, field: &Field, g: &Group, from: Square) -> bool;
    /// Whether the group may enter a square (terrain, structure, restrictions).
    fn can_enter(&self, field: &Field, g: &Group, to: Square) -> bool;
    /// Whether `g` may join `winner` (the joining rules of the Groups page).
    fn can_join(&self, g: &Group, winner: &Group) -> bool;
    fn mountainwalk(&self, g: &Group) -> bool;
    fn waterwalk(&self, g: &Group) -> bool;
    fn flight(&self, g: &Group) -> bool;
    /// Whether the group may be ordered two squares in a straight orthogonal line on
    /// any terrain (Moves 2), not only from ice.
    fn moves_two(&self, g: &Group) -> bool;
    /// What entering the square does to the group, after its abilities.
    fn hazard_on_enter(&self, field: &Field, g: &Group, to: Square) -> Hazard;
}

/// The rules as the sources state them, with the group's effects and nations.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardRules;

fn all_recruits(g: &Group, f: impl Fn(Nation) -> bool) -> bool {
    g.is_recruit_group()
        && g.minions().iter().all(|m| match m.kind {
            MinionKind::Recruit { nation, .. } => nation.is_some_and(&f),
            MinionKind::Monster { .. } => false,
        })
}

impl Capabilities for StandardRules {
    fn can_move(&self, _field: &Field, g: &Group) -> bool {
        !g.effects.no_move
    }

    fn can_exit(&self, _field: &Field, g: &Group, _from: Square) -> bool {
        !g.effects.no_exit
    }

    fn can_enter(&self, field: &Field, g: &Group, to: Square) -> bool {
        if !field.board().is_playable(to) {
            return false;
        }
        let terrain = field.terrain(to);
        if let Some(only) = g.effects.only_enter
            && terrain != only
        {
            return false;
        }
        if !terrain.can_enter(self.mountainwalk(g), self.waterwalk(g), self.flight(g)) {
            return false;
        }
        if field.structure(to).is_some()
            && (!g.is_recruit_group()
                || g.control != Control::Player
                || g.effects.no_enter_structures)
        {
            return false;
        }
        true
    }

    fn can_join(&self, g: &Group, winner: &Group) -> bool {
        g.is_recruit_group()
            && winner.is_recruit_group()
            && g.is_friendly_to(winner)
            && g.control == Control::Player
            && winner.control == Control::Player
            && g.size() + winner.size() <= MAX_GROUP
            && !g.effects.no_join
            && !winner.effects.no_join
    }

    fn mountainwalk(&self, g: &Group) -> bool {
        g.effects.mountainwalk || all_recruits(g, Nation::mountainwalk)
    }

    fn waterwalk(&self, g: &Group) -> bool {
        !g.effects.no_waterwalk && (g.effects.waterwalk || all_recruits(g, Nation::waterwalk))
    }

    fn flight(&self, g: &Group) -> bool {
        g.effects.flight
    }

    fn moves_two(&self, g: &Group) -> bool {
        g.effects.moves_two
    }

    fn hazard_on_enter(&self, field: &Field, g: &Group, to: Square) -> Hazard {
        let terrain = field.terrain(to);
        if g.effects.desertwalk && terrain == Terrain::Desert
            || g.effects.firewalk && matches!(terrain, Terrain::Lava | Terrain::Volcano)
        {
            return Hazard::None;
        }
        terrain.hazard_for(self.flight(g))
    }
}
