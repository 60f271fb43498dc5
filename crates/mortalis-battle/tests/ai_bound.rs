//! The AI judges a Move's exposure where it ends only while the Move could
//! still be chosen (`Ai::value_above`, docs/mortalis/ai.md, session 32):
//! in whole battles of every scenario, each action it chooses is the one
//! the full values of every option (`Ai::action_values`, nothing skipped)
//! rank first, the first of equals.

#[allow(dead_code)]
#[path = "common/scenario.rs"]
mod scenario;

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Battle, Decider, Question, Scenario};
use mortalis_battle::generate;
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The AI, checked at every action question against the full values.
struct Checked {
    /// Action questions checked.
    checked: usize,
}

impl Decider for Checked {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        let chosen = Ai.choose(b, q)?;
        if q.about == About::Action {
            let values = Ai.action_values(b, q).expect("an action question");
            let mut best = (0, f64::NEG_INFINITY);
            for (i, &v) in values.iter().enumerate() {
                if v > best.1 + 1e-12 {
                    best = (i, v);
                }
            }
            assert_eq!(
                chosen, best.0,
                "round {}: chose {:?} over {:?} ({values:?})",
                b.round, q.options[chosen], q.options[best.0]
            );
            self.checked += 1;
        }
        Ok(chosen)
    }
}

#[test]
fn the_bar_never_changes_a_choice() {
    let (a, b) = (
        include_str!("data/alfa_full.toml"),
        include_str!("data/beta_full.toml"),
    );
    // Every scenario on the small test table, and Jatka on a generated
    // dense 36" table (where most Moves have walls round them).
    let battles = scenario::ALL
        .iter()
        .enumerate()
        .map(|(k, &s)| (scenario::battle_of(a, b, s, 40 + k as u64), 40 + k as u64))
        .chain([(
            scenario::battle_on(a, b, generate::generate(7, 36.0), Scenario::Massacre),
            7,
        )]);
    let mut checked = 0;
    for (mut battle, seed) in battles {
        let (mut one, mut two) = (Checked { checked: 0 }, Checked { checked: 0 });
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        scenario::play(&mut battle, [&mut one, &mut two], &mut dice);
        checked += one.checked + two.checked;
    }
    // Every scenario asks for actions, many of them Moves.
    assert!(checked > 100, "only {checked} action questions");
}
