//! Scenario rulings pinned outside the situations (docs/mortalis/battle.md).

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{
    Battle, HOUSE_ROUNDS, Players, RandomPolicy, Scenario, side_from_warband,
};
use mortalis_battle::file::parse;
use mortalis_rules::dice::RngDice;
use mortalis_rules::warband::WarbandFile;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// B157, ruling: the Barykady Defender's rearranging of the terrain within
/// 14" of its corner is not offered; the table given (a file, or the
/// generator) stands for the terrain both players set up (B149), and the
/// set-up leaves it exactly as given, whoever defends.
#[test]
fn barricades_set_up_keeps_the_table_as_given() {
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    for seed in 0..4 {
        let (na, sa, mut a) = side(include_str!("data/alfa.toml"), 0);
        let (nb, sb, b) = side(include_str!("data/beta.toml"), 1);
        a.extend(b);
        let table = parse(include_str!("data/open.toml")).unwrap();
        let mut battle = Battle::new(table.clone(), [na, nb], [sa, sb], a, HOUSE_ROUNDS)
            .with_scenario(Scenario::Barricades);
        let mut rnd = RandomPolicy::new(seed);
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        battle
            .set_up(&mut Players {
                deciders: [&mut Ai, &mut rnd],
                dice: &mut dice,
            })
            .unwrap();
        assert!(battle.defender.is_some());
        assert_eq!(
            battle.table, table,
            "seed {seed}: the set-up changed the table"
        );
    }
}
