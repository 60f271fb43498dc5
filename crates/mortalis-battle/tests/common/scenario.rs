//! A battle of two test warbands in a scenario on the small test table
//! (Otoczeni and Przechwycenie with the centre cleared, Duma on its own
//! field), shared by the challenge and independent-model tests (included
//! with `#[path]`).

use mortalis_battle::battle::{
    Battle, Decider, Entry, Players, Scenario, Scripted, side_from_warband,
};
use mortalis_battle::file::parse;
use mortalis_battle::generate;
use mortalis_battle::table::Table;
use mortalis_rules::dice::{DiceSource, TypedDice};
use mortalis_rules::warband::WarbandFile;

/// The five scenarios.
pub const ALL: [Scenario; 5] = [
    Scenario::Massacre,
    Scenario::Barricades,
    Scenario::Surrounded,
    Scenario::Interception,
    Scenario::Pride,
];

/// The battle of warbands `a` and `b` (TOML texts) in `scenario`, not set up.
pub fn battle_of(a: &str, b: &str, scenario: Scenario, seed: u64) -> Battle {
    let open = parse(include_str!("../data/open.toml")).unwrap();
    let table = match scenario {
        Scenario::Pride => generate::pride_field(seed),
        Scenario::Surrounded => generate::clear_centre(open, generate::CENTRE_CLEAR, true),
        Scenario::Interception => generate::clear_centre(open, generate::CENTRE_CLEAR, false),
        _ => open,
    };
    battle_on(a, b, table, scenario)
}

/// [`battle_of`] on a table of the caller's.
pub fn battle_on(a: &str, b: &str, table: Table, scenario: Scenario) -> Battle {
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    let (na, sa, mut models) = side(a, 0);
    let (nb, sb, more) = side(b, 1);
    models.extend(more);
    Battle::new(table, [na, nb], [sa, sb], models, 0)
        .with_house_rounds()
        .with_scenario(scenario)
}

/// Plays `b` to its end with these deciders and dice.
pub fn play<'a>(b: &mut Battle, d: [&'a mut dyn Decider; 2], dice: &'a mut dyn DiceSource) {
    b.play(&mut Players { deciders: d, dice }).unwrap();
}

/// Plays `fresh` again with the decisions and dice of `b`'s log; it must
/// give the same log (B180).
pub fn assert_replays(b: &Battle, mut fresh: Battle, label: &str) {
    let mut answers = [vec![], vec![]];
    for e in &b.log {
        if let Entry::Decision { side, index, .. } = e {
            answers[*side].push(*index);
        }
    }
    let [d0, d1] = answers;
    let mut typed =
        TypedDice::new(&b.dice.iter().map(|&d| i64::from(d)).collect::<Vec<_>>()).unwrap();
    play(
        &mut fresh,
        [&mut Scripted::new(d0), &mut Scripted::new(d1)],
        &mut typed,
    );
    assert_eq!(fresh.log, b.log, "{label}: the replay differs");
}
