//! Cost of exact odds queries (`mortalis odds`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mortalis_rules::odds::{self, Query};
use mortalis_rules::warband::{self, WarbandFile};

fn q(text: &str) -> Query {
    toml::from_str(text).expect("bench query")
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "shoot_rifle_volley",
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\n[situation]\nrange=14",
        ),
        (
            "shoot_volley_reroll_extra_die",
            "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nextra_die=true\nskills=['master_shot']\n[defender]\narmour='powered_armour'\nskills=['im_fine']\n[situation]\nrange=14",
        ),
        (
            "melee_plain",
            "kind='melee'\n[attacker]\nweapon='hand_weapon'\nsupport=1\n[defender]\nweapon='hand_weapon'\narmour='light_armour'",
        ),
        (
            "melee_both_reroll_three_dice",
            "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['killing_blow','critical_hit']\n[defender]\nshield=true\nreroll=true\nskills=['parry']",
        ),
        (
            "melee_everything_forced",
            "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['killing_blow','critical_hit','matrix_error']\n[defender]\nshield=true\nreroll=true\nskills=['parry','matrix_error','dirty_tricks']\n[situation]\ncharged=true",
        ),
        (
            "shoot_volley_both_matrix",
            "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nextra_die=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='powered_armour'\nskills=['im_fine','matrix_error']\n[situation]\nrange=11",
        ),
        (
            // every play, charge and Dispel in the state (2^7 states)
            "shoot_volley_every_play",
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
        ),
        (
            // the same with three dice: the common denominator does not fit
            // in i128, so the solver counts in 256 bits
            "shoot_volley_every_play_extra_die",
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nextra_die=true\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
        ),
    ];
    let mut g = c.benchmark_group("odds");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30);
    for (name, text) in cases {
        let query = q(text);
        g.bench_function(name, |b| b.iter(|| odds::odds(black_box(&query)).unwrap()));
    }
    g.finish();
    let w: WarbandFile = toml::from_str(
        "name='w'\n[[model]]\nname='a'\narchetype='trooper'\ncaptain=true\nweapons=['assault_rifle']\n[[model]]\nname='b'\narchetype='technomancer'\nbase='officer'\nweapons=['energy_pistol']\nskills=['lava']\n[[model]]\nname='c'\narchetype='destroyer'\nweapons=['flamer']",
    )
    .unwrap();
    let mut g = c.benchmark_group("warband");
    g.measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    g.bench_function("check_three_models", |b| {
        b.iter(|| warband::check(black_box(&w)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
