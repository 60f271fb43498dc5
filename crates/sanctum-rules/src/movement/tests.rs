//! Unit tests of the movement pipeline's internals (the scenario files test the rules).

use super::*;
use crate::board::Layout;
use crate::groups::{Effects, Minion, RecruitClass};
use crate::square::sq;

fn pg(name: &str, owner: Player, control: Control, at: Square, n: usize) -> PhaseGroup {
    let minions = (0..n)
        .map(|_| Minion::recruit(RecruitClass::Swordsman, None, 1, false))
        .collect();
    PhaseGroup {
        group: Group::new(name, owner, control, 0, minions, Effects::default()).unwrap(),
        at,
        order: None,
        spell: None,
        before_movement: None,
        goal: None,
    }
}

#[test]
fn voting_uses_the_exceptional_sequence() {
    // Red has initiative: red beats neutral beats blue, whatever the sizes.
    let phase = Phase {
        field: Field::new(Layout::Classic),
        initiative: Side::Red,
        seed: 0,
        groups: vec![
            pg("R", Player::Red, Control::Player, sq(5, 5), 1),
            pg("N", Player::Neutral, Control::Computer, sq(6, 5), 2),
            pg("B", Player::Blue, Control::Player, sq(7, 5), 8),
        ],
    };
    let mut w = Work::new(
        &phase,
        &StandardRules,
        false,
        phase.groups.iter().map(|g| g.group.clone()).collect(),
    );
    w.stationary = vec![false; 3];
    assert_eq!(w.beats(0, 1), (true, TieBreak::Initiative));
    assert_eq!(w.beats(1, 2), (true, TieBreak::Initiative));
    assert_eq!(w.beats(2, 0), (false, TieBreak::Initiative));
    w.stationary[2] = true;
    assert_eq!(w.beats(2, 0), (true, TieBreak::Stationary));
}
