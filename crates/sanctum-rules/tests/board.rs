//! Board geometry and map generation, checked against data files of facts from the
//! rules sources (tests/data) and against golden maps (tests/golden).

use std::collections::BTreeMap;
use std::path::PathBuf;

use sanctum_rules::board::{Board, Reserved, is_map_edge};
use sanctum_rules::{
    GameMap, GameRng, Generator, Layout, MapStats, Realm, RealmChoice, Side, Square, StructureKind,
    Terrain,
};
use serde::Deserialize;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn square(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[derive(Deserialize)]
struct BoardFacts {
    layout: Vec<LayoutFacts>,
}

#[derive(Deserialize)]
struct LayoutFacts {
    name: String,
    source: String,
    playable: usize,
    reserved: usize,
    terrain_squares: usize,
    eligible_per_half: usize,
    red_sanctum: String,
    blue_sanctum: String,
    center: Vec<String>,
    free_squares: Vec<String>,
    diagonal_to_red_sanctum: Vec<String>,
}

#[test]
fn board_facts_from_the_sources_hold() {
    let facts: BoardFacts = toml::from_str(&data("data/board.toml")).unwrap();
    assert_eq!(facts.layout.len(), 2);
    for f in facts.layout {
        let layout = Layout::from_name(&f.name).unwrap();
        let b = Board::get(layout);
        let ctx = format!("{} ({})", f.name, f.source);
        assert_eq!(b.squares().len(), f.playable, "{ctx}");
        assert_eq!(144 - b.squares().len(), 50, "{ctx}: off-map squares");
        let reserved = b
            .squares()
            .iter()
            .filter(|&&s| b.reserved(s).is_some())
            .count();
        assert_eq!(reserved, f.reserved, "{ctx}");
        assert_eq!(b.terrain_squares().count(), f.terrain_squares, "{ctx}");
        for side in Side::BOTH {
            assert_eq!(
                b.eligible_towns(side).len(),
                f.eligible_per_half,
                "{ctx}: {} half",
                side.name()
            );
        }
        assert_eq!(b.sanctum(Side::Red), square(&f.red_sanctum), "{ctx}");
        assert_eq!(b.sanctum(Side::Blue), square(&f.blue_sanctum), "{ctx}");
        let mut center: Vec<Square> = f.center.iter().map(|s| square(s)).collect();
        center.sort();
        let mut got = b.center().to_vec();
        got.sort();
        assert_eq!(got, center, "{ctx}: centre squares");
        for s in &f.free_squares {
            let s = square(s);
            assert!(
                b.is_playable(s) && b.reserved(s).is_none(),
                "{ctx}: {s} must be a free playable square"
            );
        }
        for s in &f.diagonal_to_red_sanctum {
            assert!(square(s).is_diagonal_to(b.sanctum(Side::Red)), "{ctx}: {s}");
        }
    }
}

#[test]
fn the_outline_cuts_all_four_corners_and_is_point_symmetric() {
    let b = Board::get(Layout::Classic);
    for corner in [
        Square { c: 0, r: 0 },
        Square { c: 11, r: 0 },
        Square { c: 0, r: 11 },
        Square { c: 11, r: 11 },
    ] {
        assert!(!b.is_playable(corner), "corner {corner} is off the map");
    }
    for s in Square::all() {
        let turned = Square {
            c: 11 - s.c,
            r: 11 - s.r,
        };
        assert_eq!(b.is_playable(s), b.is_playable(turned), "{s}");
    }
    // Every Sanctum has its four entrances on the map, in both layouts.
    for layout in Layout::ALL {
        let b = Board::get(layout);
        for side in Side::BOTH {
            for e in b.entrances(side) {
                assert!(b.is_playable(e));
                assert!(e.is_orthogonal_to(b.sanctum(side)));
                assert_eq!(b.reserved(e), Some(Reserved::Entrance(side)));
            }
        }
    }
}

#[test]
fn centerline_halves_and_twins_are_consistent() {
    for layout in Layout::ALL {
        let b = Board::get(layout);
        for &s in b.squares() {
            let red = s.distance_sq(b.sanctum(Side::Red));
            let blue = s.distance_sq(b.sanctum(Side::Blue));
            match b.half(s) {
                Some(Side::Red) => assert!(red < blue, "{s}"),
                Some(Side::Blue) => assert!(blue <= red, "{s}"),
                None => assert!(b.is_on_centerline(s), "{s}"),
            }
        }
        // The half-turn swaps the Sancta and maps the centerline onto itself.
        assert_eq!(b.twin(b.sanctum(Side::Red)), Some(b.sanctum(Side::Blue)));
        for &s in b.centerline() {
            if let Some(t) = b.twin(s) {
                assert!(
                    b.is_on_centerline(t),
                    "{layout:?}: twin of centerline square {s} is {t}"
                );
            }
        }
        // Eligible squares on one half are exactly the twins of those on the other.
        let mut red: Vec<Square> = b
            .eligible_towns(Side::Blue)
            .iter()
            .map(|&s| b.twin(s).unwrap())
            .collect();
        red.sort();
        let mut want = b.eligible_towns(Side::Red).to_vec();
        want.sort();
        assert_eq!(red, want);
    }
}

/// Every rule of Table 2, checked directly on a square.
fn breaks_table_2(b: &Board, s: Square) -> Option<&'static str> {
    if s.orthogonal()
        .any(|n| matches!(b.reserved(n), Some(Reserved::Entrance(_))))
    {
        return Some("orthogonally adjacent to a Sanctum entrance");
    }
    if b.is_on_centerline(s) {
        return Some("on the centerline");
    }
    if s.orthogonal().any(|n| b.is_on_centerline(n)) {
        return Some("orthogonally adjacent to the centerline");
    }
    if is_map_edge(s) {
        return Some("on a map edge");
    }
    if b.reserved(s).is_some() || !b.is_playable(s) {
        return Some("not a free playable square");
    }
    None
}

#[test]
fn eligible_squares_obey_table_2() {
    for layout in Layout::ALL {
        let b = Board::get(layout);
        for side in Side::BOTH {
            for &s in b.eligible_towns(side) {
                assert_eq!(breaks_table_2(b, s), None, "{layout:?} {s}");
                assert_eq!(b.half(s), Some(side));
            }
        }
    }
}

#[test]
fn towns_never_break_table_2() {
    for layout in Layout::ALL {
        let generator = Generator::new(layout);
        let b = generator.board();
        for seed in 0..3000u64 {
            let choice = if seed % 2 == 0 {
                RealmChoice::Random
            } else {
                RealmChoice::Realm(Realm::Veldt)
            };
            let map = generator.generate(choice, &mut GameRng::from_seed(seed));
            let towns: Vec<Square> = map.towns().collect();
            let expected = match choice {
                RealmChoice::Realm(r) => r.info().towns,
                RealmChoice::Random => sanctum_rules::realm::TownCount::Between(4, 6),
            };
            match expected {
                sanctum_rules::realm::TownCount::Fixed(n) => assert_eq!(towns.len(), n as usize),
                sanctum_rules::realm::TownCount::Between(lo, hi) => {
                    assert!((lo as usize..=hi as usize).contains(&towns.len()))
                }
            }
            for &t in &towns {
                if b.center().contains(&t) {
                    assert_eq!(
                        towns.len() % 2,
                        1,
                        "seed {seed}: a centre town only when the count is odd"
                    );
                    continue;
                }
                assert_eq!(
                    breaks_table_2(b, t),
                    None,
                    "{layout:?} seed {seed}: town {t}"
                );
                assert!(
                    towns.contains(&b.twin(t).unwrap()),
                    "seed {seed}: town {t} has its rotated twin"
                );
                for &u in &towns {
                    assert!(
                        !t.is_orthogonal_to(u),
                        "seed {seed}: towns {t} and {u} touch"
                    );
                }
            }
            assert_eq!(
                towns.iter().filter(|t| b.center().contains(t)).count(),
                towns.len() % 2
            );
            // Structure squares always carry the realm's default terrain.
            for &s in b.squares() {
                if map.structure(s).is_some() {
                    assert_eq!(
                        map.terrain(s),
                        map.realm.info().default_terrain,
                        "seed {seed} {s}"
                    );
                }
            }
        }
    }
}

#[test]
fn symmetric_maps_copy_terrain_by_rotation() {
    let generator = Generator::new(Layout::Symmetric);
    let b = generator.board();
    let mut copied = 0;
    for seed in 0..500u64 {
        let map = generator.generate(
            RealmChoice::Realm(Realm::Badlands),
            &mut GameRng::from_seed(seed),
        );
        for &s in b.squares() {
            let Some(t) = b.twin(s) else { continue };
            if b.reserved(s).is_some() || b.reserved(t).is_some() {
                continue;
            }
            // Every square on a half whose twin is on the board carries the twin's terrain.
            assert_eq!(
                map.terrain(s),
                map.terrain(t),
                "seed {seed}: {s} and its twin {t}"
            );
            copied += 1;
        }
        let towns: Vec<Square> = map.towns().collect();
        for t in &towns {
            assert!(towns.contains(&b.twin(*t).unwrap()));
        }
    }
    assert!(
        copied > 500 * 60,
        "most squares have a twin on the board ({copied})"
    );
}

#[derive(Deserialize)]
struct Table1 {
    samples: u64,
    tolerance: f64,
    realm: BTreeMap<String, RealmRow>,
}

#[derive(Deserialize)]
struct RealmRow {
    towns: f64,
    terrain: BTreeMap<String, f64>,
}

#[test]
fn mean_terrain_counts_match_table_1() {
    let table: Table1 = toml::from_str(&data("data/table1.toml")).unwrap();
    assert_eq!(table.realm.len(), 5);
    let generator = Generator::new(Layout::Classic);
    for (name, row) in &table.realm {
        let realm = match RealmChoice::from_name(name) {
            Some(RealmChoice::Realm(r)) => r,
            _ => panic!("unknown realm {name} in table1.toml"),
        };
        let mut stats = MapStats::default();
        for seed in 0..table.samples {
            stats
                .add(&generator.generate(RealmChoice::Realm(realm), &mut GameRng::from_seed(seed)));
        }
        let mean = stats.mean_terrain();
        for t in Terrain::ALL {
            let want = row.terrain.get(t.name()).copied().unwrap_or(0.0);
            let got = mean[t.index()];
            assert!(
                (got - want).abs() <= table.tolerance,
                "{name}: {} mean {got:.3}, Table 1 says {want}",
                t.name()
            );
        }
        assert!(
            (stats.mean_towns() - row.towns).abs() <= 0.05,
            "{name}: towns {}",
            stats.mean_towns()
        );
    }
}

#[test]
fn random_realm_draws_each_of_the_five() {
    let generator = Generator::new(Layout::Classic);
    let mut seen = BTreeMap::new();
    for seed in 0..500u64 {
        let map = generator.generate(RealmChoice::Random, &mut GameRng::from_seed(seed));
        *seen.entry(map.realm.name()).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 5, "{seen:?}");
    assert!(seen.values().all(|&n| n > 50), "{seen:?}");
}

/// One line per row: terrain letters, structures in capitals (lower-case owner letter after).
fn render(map: &GameMap) -> String {
    let b = map.board();
    let mut out = format!("realm {} layout {}\n", map.realm.name(), map.layout.name());
    for r in 0..12u8 {
        for c in 0..12u8 {
            let s = Square { c, r };
            let cell = if !b.is_playable(s) {
                "  ".to_string()
            } else if let Some(st) = map.structure(s) {
                let k = match st.kind {
                    StructureKind::Sanctum => 'S',
                    StructureKind::Entrance => 'E',
                    StructureKind::Town => 'T',
                    StructureKind::Colony => 'C',
                };
                format!("{k}{}", &st.owner.name()[..1])
            } else {
                let t = map.terrain(s).name();
                let letter = match t {
                    "barren_land" => 'b',
                    "void" => 'o',
                    "volcano" => 'v',
                    "water" => 'w',
                    _ => t.chars().next().unwrap(),
                };
                format!("{letter} ")
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out
}

#[test]
fn golden_maps_never_change() {
    let cases = [
        (Realm::Veldt, Layout::Classic, 1u64),
        (Realm::Badlands, Layout::Classic, 42),
        (Realm::GreatFrost, Layout::Symmetric, 7),
        (Realm::Arboria, Layout::Symmetric, 2026),
        (Realm::Volgaria, Layout::Classic, u64::MAX),
    ];
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("BLESS").is_some();
    for (realm, layout, seed) in cases {
        let map = GameMap::generate(
            RealmChoice::Realm(realm),
            layout,
            &mut GameRng::from_seed(seed),
        );
        let text = render(&map);
        let path = dir.join(format!("{}-{}-{}.txt", realm.name(), layout.name(), seed));
        if bless {
            std::fs::write(&path, &text).unwrap();
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with BLESS=1 once)", path.display()));
        assert_eq!(
            text,
            want,
            "{} changed: maps from a seed must never change",
            path.display()
        );
    }
}
