//! The monster mana curve (combat.md C12): each monster of the first card pool, in one
//! combat against a plain group of swordsmen, over many seeds.

use sanctum_rules::game::GameState;
use sanctum_rules::game::combat::fight;
use sanctum_rules::game::scenario::{monster_def, monster_minion};
use sanctum_rules::groups::{Control, Minion, RecruitClass};
use sanctum_rules::mana::House;
use sanctum_rules::{Layout, Player, sq};

/// (recruits killed on average, share of combats the monster survived, share in which the
/// whole group died) over `n` seeds.
fn duel(monster: &str, recruits: usize, n: u64) -> (f64, f64, f64) {
    let def = monster_def(monster).expect("a monster of the pool");
    let (mut killed, mut survived, mut wiped) = (0usize, 0u64, 0u64);
    for seed in 0..n {
        let mut s = GameState::empty(Layout::Classic, [House::War, House::Unmaking], seed);
        let r = (0..recruits)
            .map(|_| Minion::recruit(RecruitClass::Swordsman, None, 1, false))
            .collect();
        let a = s.create_group(Player::Red, Control::Player, sq(5, 5), r);
        let m = s.create_group(
            Player::Blue,
            Control::Computer,
            sq(5, 6),
            (0..def.count.max(1))
                .map(|_| monster_minion(&def))
                .collect(),
        );
        let mut events = Vec::new();
        fight(&mut s, a, m, &mut events);
        let left = s.unit(a).map_or(0, |u| {
            u.group.minions().iter().filter(|m| m.is_alive()).count()
        });
        killed += recruits - left;
        survived += u64::from(
            s.unit(m)
                .is_some_and(|u| u.group.minions().iter().any(|x| x.is_alive())),
        );
        wiped += u64::from(left == 0);
    }
    (
        killed as f64 / n as f64,
        survived as f64 / n as f64,
        wiped as f64 / n as f64,
    )
}

const SEEDS: u64 = 400;

#[test]
fn a_three_mana_boggart_usually_kills_one_recruit_but_not_two() {
    let (_, survives, wipes) = duel("boggart", 1, SEEDS);
    assert!(
        wipes > 0.8 && survives > 0.95,
        "vs 1: wipes {wipes}, survives {survives}"
    );
    let (_, _, wipes) = duel("boggart", 2, SEEDS);
    assert!(wipes < 0.1, "vs 2: wipes {wipes}");
}

#[test]
fn a_four_to_five_mana_blyk_usually_kills_a_group_of_two_but_not_three() {
    let (_, survives, wipes) = duel("stalking_blyk", 2, SEEDS);
    assert!(
        wipes > 0.8 && survives > 0.9,
        "vs 2: wipes {wipes}, survives {survives}"
    );
    let (_, _, wipes) = duel("stalking_blyk", 3, SEEDS);
    assert!(wipes < 0.3, "vs 3: wipes {wipes}");
}

#[test]
fn a_six_to_seven_mana_huntsman_usually_kills_a_group_of_three_but_not_four() {
    let (_, survives, wipes) = duel("huntsman", 3, SEEDS);
    assert!(
        wipes > 0.7 && survives > 0.9,
        "vs 3: wipes {wipes}, survives {survives}"
    );
    let (_, _, wipes) = duel("huntsman", 4, SEEDS);
    assert!(wipes < 0.5, "vs 4: wipes {wipes}");
}

#[test]
fn a_hellion_kills_about_three_and_a_half_of_a_horde_of_four_and_survives() {
    let (kills, survives, _) = duel("hellion", 4, SEEDS);
    assert!((3.2..=3.8).contains(&kills), "kills {kills}");
    assert!(survives > 0.9, "survives {survives}");
}

/// The monsters added with the thin houses, pinned to their rank of the curve
/// (spells.md S24): three-mana ones kill one swordsman and not a pair, four- and
/// five-mana ones a pair and rarely three, the six-mana Maloch Horror three.
#[test]
fn the_later_monsters_keep_to_their_rank() {
    for kind in [
        "ghoul",
        "djinn",
        "tindelhund",
        "bog_horror",
        "simian_warrior",
        "salamander",
        "homunculus",
        "spawn_of_toganni",
        "slaver",
    ] {
        let (_, _, one) = duel(kind, 1, SEEDS);
        let (_, _, two) = duel(kind, 2, SEEDS);
        assert!(one > 0.8 && two < 0.1, "{kind}: one {one}, two {two}");
    }
    for kind in [
        "barrow_wight",
        "ebon_guardian",
        "werewolf",
        "gorgon",
        "entrail_eater",
        "siege_engine",
    ] {
        let (_, _, two) = duel(kind, 2, SEEDS);
        let (_, _, three) = duel(kind, 3, SEEDS);
        assert!(two > 0.8 && three < 0.4, "{kind}: two {two}, three {three}");
    }
    // Horde-crushers: the Obsidian Dragon and Karkara pay by never moving; the Jade
    // Dragon, of the 8–9 rank, flies and heals instead (S52).
    for kind in ["obsidian_dragon", "karkara", "jade_dragon"] {
        let (kills, survives, _) = duel(kind, 4, SEEDS);
        assert!(
            (3.2..=3.8).contains(&kills) && survives > 0.9,
            "{kind}: kills {kills}, survives {survives}"
        );
    }
    // The Man of Iron stands with the Huntsman and Maloch Horror: three, not four.
    let (_, _, three) = duel("man_of_iron", 3, SEEDS);
    let (_, _, four) = duel("man_of_iron", 4, SEEDS);
    assert!(
        three > 0.7 && four < 0.5,
        "man_of_iron: three {three}, four {four}"
    );
    // Volgaris, the most powerful monster, crushes a horde of four and lives.
    let (kills, survives, _) = duel("volgaris", 4, SEEDS);
    assert!(
        kills >= 3.8 && survives > 0.95,
        "volgaris: kills {kills}, survives {survives}"
    );
    let (_, _, three) = duel("maloch_horror", 3, SEEDS);
    let (_, _, four) = duel("maloch_horror", 4, SEEDS);
    assert!(
        three > 0.7 && four < 0.5,
        "maloch_horror: three {three}, four {four}"
    );
}
