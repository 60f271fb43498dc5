//! One full-board movement phase: 40 groups (16 red, 16 blue, 8 neutral monsters under
//! the movement AI) on every other free square, pairs of friendly groups ordered into
//! the square between them, so that overstacks, votes, joins and bounces happen.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sanctum_rules::groups::{Effects, Minion, RecruitClass};
use sanctum_rules::movement::PhaseGroup;
use sanctum_rules::{Board, Control, Field, Group, Layout, Outcome, Phase, Player, Side, Square};

fn full_board() -> Phase {
    let board = Board::get(Layout::Classic);
    let field = Field::new(Layout::Classic);
    let free: Vec<Square> = board
        .squares()
        .iter()
        .copied()
        .filter(|&s| field.structure(s).is_none())
        .collect();
    let mut groups = Vec::new();
    // Every other free square, so that neighbours are often occupied.
    for (k, &at) in free.iter().step_by(2).take(40).enumerate() {
        let (owner, control) = match (k / 2) % 5 {
            0 | 2 => (Player::Red, Control::Player),
            1 | 3 => (Player::Blue, Control::Player),
            _ => (Player::Neutral, Control::Computer),
        };
        let size = 1 + (k * 3) % 8;
        let minions = (0..size)
            .map(|i| {
                if owner == Player::Neutral {
                    Minion::monster("troll", 7)
                } else if i % 2 == 0 {
                    Minion::recruit(RecruitClass::Swordsman, None, 1, false)
                } else {
                    Minion::recruit(RecruitClass::Archer, None, 1, false)
                }
            })
            .collect();
        let group = Group::new(
            &format!("G{k}"),
            owner,
            control,
            k as u32,
            minions,
            Effects::default(),
        )
        .expect("valid group");
        let steps: Vec<Square> = at.orthogonal().filter(|&s| board.is_playable(s)).collect();
        // Pairs converge: even groups step east, odd ones west, towards each other.
        let toward = if k % 2 == 0 { 1 } else { -1 };
        let order = Square::from_signed(at.c as i32 + toward, at.r as i32)
            .filter(|&s| board.is_playable(s))
            .or(steps.first().copied());
        groups.push(PhaseGroup {
            group,
            at,
            order,
            spell: None,
            before_movement: None,
            goal: None,
        });
    }
    Phase {
        field,
        initiative: Side::Red,
        seed: 7,
        groups,
    }
}

fn bench(c: &mut Criterion) {
    let phase = full_board();
    assert_eq!(phase.groups.len(), 40);
    let res = phase.resolve(false);
    let count = |o: Outcome| res.groups.iter().filter(|g| g.outcome == o).count();
    eprintln!(
        "full-board phase: {} moved, {} joined, {} bounced, {} stood, {} moonwalked",
        count(Outcome::Moved),
        count(Outcome::Joined),
        count(Outcome::Bounced),
        count(Outcome::Stood),
        count(Outcome::Moonwalked)
    );
    assert!(count(Outcome::Moved) > 0 && count(Outcome::Bounced) > 0);
    let mut group = c.benchmark_group("movement");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_secs(1));
    group.bench_function("resolve 40 groups", |b| {
        b.iter(|| black_box(&phase).resolve(false))
    });
    group.bench_function("resolve 40 groups with trace", |b| {
        b.iter(|| black_box(&phase).resolve(true))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
