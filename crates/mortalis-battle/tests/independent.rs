//! Independent models in whole battles (B137–B143): a fighting and a
//! shooting model placed on the table in every scenario, AI against a
//! random policy: the battle ends, no model acts twice in a round, no two
//! bases overlap after any move, and the log replays to the same end.

#[path = "common/scenario.rs"]
mod scenario;

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::independent::{Entry as Placed, FileProfile, Kind};
use mortalis_battle::battle::{Battle, Choice, Entry, Event, RandomPolicy, Scenario};
use mortalis_battle::table::Place;
use mortalis_rules::dice::RngDice;
use mortalis_rules::equipment::{Armour, Item};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn entry(name: &str, kind: Kind, at: Place) -> Placed {
    Placed {
        name: name.into(),
        kind,
        profile: FileProfile {
            speed: 4,
            fight: 1,
            accuracy: 6,
            resilience: 5,
        },
        armour: Armour::None,
        equipment: vec![match kind {
            Kind::Fighting => Item::HandWeapon,
            Kind::Shooting => Item::AssaultRifle,
        }],
        at: [at.x, at.y],
    }
}

fn battle(scenario: Scenario, seed: u64) -> Battle {
    let mut out = scenario::battle_of(
        include_str!("data/alfa.toml"),
        include_str!("data/beta.toml"),
        scenario,
        seed,
    );
    let table = &out.table;
    // Two free places away from the corners and the centre.
    let free: Vec<Place> = [
        (7.0, 21.0),
        (21.0, 7.0),
        (12.5, 9.5),
        (15.5, 18.5),
        (11.5, 21.5),
    ]
    .into_iter()
    .map(|(x, y)| Place::ground(x, y))
    .filter(|p| table.can_stand(*p, 0.5).is_ok())
    .collect();
    out.place_independents(&[
        entry("Strażnik", Kind::Fighting, free[0]),
        entry("Wieżyczka", Kind::Shooting, free[1]),
    ])
    .unwrap();
    out
}

/// One activation per model per round and no overlapping bases after
/// any move (the independent models from where they were placed).
fn check(b: &Battle, placed: &Battle) {
    let mut pos: Vec<Option<Place>> = (0..b.models.len())
        .map(|i| {
            b.independents
                .iter()
                .any(|x| x.0 == i)
                .then_some(placed.models[i].body.at)
        })
        .collect();
    let mut acted: Vec<usize> = vec![];
    for e in &b.log {
        match e {
            Entry::Decision {
                choice: Choice::Deploy { model, at },
                ..
            } => pos[*model] = Some(*at),
            Entry::Decision {
                choice: Choice::Activate { model },
                ..
            } => {
                assert!(!acted.contains(model), "model {model} acts twice");
                acted.push(*model);
            }
            Entry::Event(Event::Round { .. }) => acted.clear(),
            Entry::Event(Event::Moved { model, to, .. }) => {
                pos[*model] = Some(*to);
                for (i, p) in pos.iter().enumerate() {
                    if let Some(q) = p
                        && i != *model
                        && q.level == to.level
                    {
                        let r = b.models[i].body.radius() + b.models[*model].body.radius();
                        assert!(
                            (q.x - to.x).hypot(q.y - to.y) >= r - 1e-6,
                            "{model} overlaps {i}"
                        );
                    }
                }
            }
            Entry::Event(Event::Removed { model, .. } | Event::Left { model, .. }) => {
                pos[*model] = None
            }
            _ => {}
        }
    }
    assert!(b.end.is_some());
}

#[test]
fn independent_models_play_in_every_scenario_and_replay() {
    for (k, scenario) in scenario::ALL.into_iter().enumerate() {
        let seed = 20 + k as u64;
        let mut b = battle(scenario, seed);
        let mut rnd = RandomPolicy::new(seed);
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        if k % 2 == 0 {
            scenario::play(&mut b, [&mut Ai, &mut rnd], &mut dice);
        } else {
            scenario::play(&mut b, [&mut rnd, &mut Ai], &mut dice);
        }
        check(&b, &battle(scenario, seed));
        // The independent models never act on a decider's word: the
        // players' decisions and the dice replay the battle.
        scenario::assert_replays(&b, battle(scenario, seed), &format!("{scenario:?}"));
        // Nobody reports an independent model.
        for side in 0..2 {
            let r = b.report(side).unwrap();
            assert!(
                r.models
                    .iter()
                    .all(|m| m.name != "Strażnik" && m.name != "Wieżyczka")
            );
        }
    }
}

/// Ruling "Independent models on a generated table": a place inside a
/// block is refused as given, and placed near it stands at the nearest
/// ring round it where a base fits and no other independent model stands
/// (the second model asked at the same place goes a ring further out, or
/// round the same ring); a place with room is kept as it is.
#[test]
fn on_a_generated_table_an_independent_model_stands_at_the_nearest_room() {
    let table = mortalis_battle::file::parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 3\nrect = [10, 10, 4, 4]\n",
    )
    .unwrap();
    let fresh = || {
        scenario::battle_on(
            include_str!("data/alfa.toml"),
            include_str!("data/beta.toml"),
            table.clone(),
            Scenario::Massacre,
        )
    };
    let inside = Place::ground(12.0, 12.0);
    let both = [
        entry("Strażnik", Kind::Fighting, inside),
        entry("Wieżyczka", Kind::Shooting, inside),
    ];
    assert!(fresh().place_independents(&both).is_err());
    let mut b = fresh();
    b.place_independents_near(&both).unwrap();
    let at: Vec<Place> = b
        .independents
        .iter()
        .map(|&(m, _)| b.models[m].body.at)
        .collect();
    for p in &at {
        assert!(b.table.can_stand(*p, 0.5).is_ok(), "{p:?}");
        let d = (p.x - 12.0).hypot(p.y - 12.0);
        // The block's half side and the base's radius, and a ring's step.
        assert!(
            (2.5..=2.0 * 2f64.sqrt() + 0.5 + 0.5 + 1e-9).contains(&d),
            "{p:?} at {d}"
        );
    }
    assert!((at[0].x - at[1].x).hypot(at[0].y - at[1].y) >= 1.0 - 1e-9);
    let mut kept = fresh();
    let free = Place::ground(5.0, 5.0);
    kept.place_independents_near(&[entry("Strażnik", Kind::Fighting, free)])
        .unwrap();
    assert_eq!(kept.models[kept.independents[0].0].body.at, free);
}
