//! Tests of the exact odds.

use super::*;

#[test]
fn exact_division() {
    for d in [
        1i128,
        2,
        3,
        6,
        7,
        12,
        27,
        36,
        216,
        216 * 216 * 12,
        5 * 6i128.pow(20),
    ] {
        for q in [0i128, 1, 5, 7, 1 << 40, 6i128.pow(20) + 1, -3, -(1 << 50)] {
            assert_eq!(exact_div(q * d, d), q, "{q} * {d}");
        }
    }
}

#[test]
fn wide_integers() {
    let big = U256::from_u128(u128::MAX)
        .checked_mul_small(6u128.pow(20))
        .unwrap();
    let (q, r) = big.divrem_small(6u64.pow(10));
    assert_eq!(r, 0);
    assert_eq!(
        q.divrem_small(6u64.pow(10)),
        (U256::from_u128(u128::MAX), 0)
    );
    assert_eq!((big + big) - big, big);
    assert!(big > U256::from_u128(u128::MAX));
    assert_eq!(big.checked_mul_small(u128::MAX), None);
    let one = U256::from_u128(6).checked_mul_small(6u128.pow(30)).unwrap();
    let x = U256::from_u128(7 * 6u128.pow(29));
    assert_eq!(x.ratio(one), Prob::new(7, 36));
    assert_eq!(U256::ZERO.ratio(one), Prob::zero());
}

#[test]
fn cached_counts_match_the_dice() {
    for accuracy in -3..=20 {
        for extra_die in [false, true] {
            for master_shot in [false, true] {
                let r = ShotRoll {
                    accuracy,
                    extra_die,
                    master_shot,
                };
                assert_eq!(shot_counts_cached(r), shot_counts(r));
            }
            assert_eq!(
                test_counts_cached(accuracy - 5, extra_die),
                test_counts(accuracy - 5, extra_die)
            );
        }
    }
}

/// Every shooting query of the data-driven cases, and heavy volleys
/// with every play, charge and Dispel: the integer solver over a common
/// denominator and the exact-fraction one give the same odds and the
/// same decisions in every reachable state.
#[test]
fn integer_and_fraction_solvers_agree() {
    #[derive(Deserialize)]
    struct Case {
        query: Query,
    }
    #[derive(Deserialize)]
    struct Cases {
        case: Vec<Case>,
    }
    let mut queries: Vec<Query> = Vec::new();
    for text in [
        include_str!("../../tests/data/odds_cases.toml"),
        include_str!("../../tests/data/modifiers.toml"),
    ] {
        let cases: Cases = toml::from_str(text).expect("cases");
        queries.extend(cases.case.into_iter().map(|c| c.query));
    }
    for text in [
        "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nextra_die=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='powered_armour'\nskills=['im_fine','matrix_error']\n[situation]\nrange=11",
        "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
        "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nextra_die=true\nreroll=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=9\noverwatch=true",
        // too many denominators for i128: counted in 256 bits
        "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nextra_die=true\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
    ] {
        queries.push(toml::from_str(text).expect("query"));
    }
    let (mut int, mut wide) = (0, 0);
    for q in queries
        .iter()
        .filter(|q| matches!(q.kind, ActionKind::Shoot))
    {
        let Ok(plan) = shoot_plan(q) else { continue };
        let (a, pa) = shoot_odds_with(&plan, false);
        let (b, pb) = shoot_odds_with(&plan, true);
        assert_eq!(a, b, "{q:?}");
        match pa.inner {
            Policy::Int(_) => int += 1,
            Policy::Wide(_) => wide += 1,
            Policy::Exact(_) => unreachable!("three shots fit in 256 bits"),
        }
        for i in 0..a.shots as usize {
            for s in submasks(pa.start()) {
                assert_eq!(pa.declare(i, s), pb.declare(i, s));
                assert_eq!(pa.force_roll(i, s, false), pb.force_roll(i, s, false));
                assert_eq!(pa.force_roll(i, s, true), pb.force_roll(i, s, true));
                for h in 0..=6 {
                    assert_eq!(pa.spend(i, s, h), pb.spend(i, s, h));
                    for d in [(false, false), (false, true), (true, false), (true, true)] {
                        let d = Declared {
                            wyg: d.0,
                            woohoo: d.1,
                        };
                        assert_eq!(pa.use_im_fine(i, s, d, h), pb.use_im_fine(i, s, d, h));
                        assert_eq!(pa.force_save(i, s, d), pb.force_save(i, s, d));
                    }
                }
            }
        }
    }
    // Both integer widths are exercised.
    assert!(int > 10 && wide > 0, "{int} {wide}");
}
