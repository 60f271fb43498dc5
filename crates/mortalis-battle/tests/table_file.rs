//! The table file (Q1 (b): pieces with a kind, heights and standing
//! surfaces, in TOML): errors name the key and the line; the generator's tables
//! are valid, reproducible and dense (B1: no lane where a rifle reaches its
//! full range).

use mortalis_battle::file::{FileError, parse, write};
use mortalis_battle::generate::{LANE_RANGE, generate};
use mortalis_battle::{Body, Kind, Place};
use proptest::prelude::*;

const GOOD: &str = r#"size = 30

[[piece]]
kind = "block"
height = 3
rect = [10, 10, 4, 4]

[[piece]]
kind = "ladder"
rect = [11, 9.5, 1, 0.5]

[[piece]]
kind = "gap"
points = [[20, 0], [22, 0], [22, 30], [20, 30]]
"#;

#[test]
fn a_good_file_reads_and_writes_back() {
    let t = parse(GOOD).unwrap();
    assert_eq!(t.pieces.len(), 3);
    assert_eq!(
        t.pieces[0].kind,
        Kind::Block {
            height: 3.0,
            climbable: true
        }
    );
    assert_eq!(parse(&write(&t)).unwrap(), t);
}

#[test]
fn a_floor_reads_and_writes_back() {
    // Ruling "floors": kind = "floor", a height above 1", climbable.
    let t = parse(
        "size = 30\n[[piece]]\nkind = \"floor\"\nheight = 3\nclimbable = false\nrect = [4, 4, 6, 6]\n",
    )
    .unwrap();
    assert_eq!(
        t.pieces[0].kind,
        Kind::Floor {
            height: 3.0,
            climbable: false
        }
    );
    assert_eq!(parse(&write(&t)).unwrap(), t);
    let e = error("size = 30\n[[piece]]\nkind = \"floor\"\nrect = [1, 1, 2, 2]\n");
    assert_eq!(e, "line 2: piece 1: a floor needs `height`");
}

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn out_of_range_numbers_name_key_and_line() {
    let e = error("size = 50\n");
    assert!(
        e.contains("`size` = 50 is out of range (allowed: 28 to 48)") && e.contains("line 1"),
        "{e}"
    );
    // A huge number in its short form, not 301 digits.
    let e = error("size = 1e300\n");
    assert!(e.contains("`size` = 1e300 is out of range"), "{e}");
    let e = error("size = 30\n\n[[piece]]\nkind = \"wall\"\nheight = 99\nrect = [1, 1, 2, 2]\n");
    assert!(e.contains("`height` = 99") && e.contains("line 5"), "{e}");
    let e = error("size = 30\n[[piece]]\nkind = \"wall\"\nheight = 2\nrect = [1, 1, 2, -2]\n");
    assert!(
        e.contains("`points/rect` = -2") && e.contains("line 5"),
        "{e}"
    );
}

#[test]
fn piece_problems_name_the_piece_and_its_line() {
    let e = error("size = 30\n\n[[piece]]\nkind = \"block\"\nrect = [1, 1, 2, 2]\n");
    assert_eq!(e, "line 3: piece 1: a block needs `height`");
    let e = error("size = 30\n[[piece]]\nkind = \"low\"\nheight = 2\nrect = [1, 1, 2, 2]\n");
    assert!(e.starts_with("line 2: piece 1 (low): height 2\""), "{e}");
    let e = error("size = 30\n[[piece]]\nkind = \"gap\"\nrect = [29, 1, 2, 2]\n");
    assert!(
        e.starts_with("line 2: piece 1 (gap): a corner lies outside"),
        "{e}"
    );
    let e = error("size = 30\n[[piece]]\nkind = \"ladder\"\nrect = [5, 5, 1, 1]\n");
    assert!(
        e.starts_with("line 2: piece 1 (ladder): it touches no wall"),
        "{e}"
    );
    let e = error("size = 30\n[[piece]]\nkind = \"gap\"\npoints = [[1, 1], [2, 2], [3, 3]]\n");
    assert!(e.contains("not a simple polygon"), "{e}");
    let e = error("size = 30\n[[piece]]\nkind = \"gap\"\ncolour = \"red\"\nrect = [1, 1, 2, 2]\n");
    assert!(e.contains("colour") && e.contains("line 4"), "{e}");
    assert!(matches!(parse("size = \"big\""), Err(FileError::Format(_))));
}

#[test]
fn generated_tables_are_valid_and_reproducible() {
    for seed in 0..4 {
        let t = generate(seed, 36.0);
        assert_eq!(t, generate(seed, 36.0));
        let checked = mortalis_battle::Table::new(t.size, t.pieces.clone()).unwrap();
        assert_eq!(parse(&write(&checked)).unwrap(), checked);
        assert!(
            t.pieces.len() >= 10,
            "seed {seed}: only {} pieces",
            t.pieces.len()
        );
    }
    assert_ne!(generate(0, 36.0), generate(1, 36.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// B1: on a generated table no two models on the ground standing a
    /// rifle's full range (24") or more apart can see each other.
    #[test]
    fn generated_tables_have_no_rifle_lane(seed in 0u64..100_000, size in 28u32..=40, picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0), 40)) {
        let t = generate(seed, f64::from(size));
        for (a, b, c, d) in picks {
            let s = t.size;
            let (p, q) = (Place::ground(a * s, b * s), Place::ground(c * s, d * s));
            if t.can_stand(p, 0.5).is_err() || t.can_stand(q, 0.5).is_err() {
                continue;
            }
            let (x, y) = (Body::new(p), Body::new(q));
            if (p.x - q.x).hypot(p.y - q.y) - 1.0 >= LANE_RANGE {
                prop_assert!(!t.sight(&x, &y, &[]).visible, "seed {} size {}: {:?} sees {:?}", seed, size, p, q);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// No table file makes the reader, or a sight or path query on what it
    /// accepts, panic: random edits of a good file.
    #[test]
    fn edited_files_never_panic(edits in proptest::collection::vec((0usize..400, proptest::sample::select(vec!["", "-", "9", "0", ".", "[", "]", "\"", "e9", "99999", "\n", ","])), 1..4)) {
        let mut text = GOOD.to_string();
        for (at, s) in edits {
            let at = at % (text.len() + 1);
            if text.is_char_boundary(at) {
                let end = (at + 1).min(text.len());
                text.replace_range(at..end, s);
            }
        }
        if let Ok(t) = parse(&text) {
            let (a, b) = (Place::ground(2.0, 2.0), Place::ground(t.size - 2.0, t.size - 2.0));
            let _ = t.sight(&Body::new(a), &Body::new(b), &[]);
            let _ = t.path(a, b, &mortalis_battle::Mover::standard(0.5), &[]);
        }
    }
}

/// B1, B149 (ruling "Generated tables keep the ground in one piece",
/// docs/mortalis/battle.md): on a generated table a model that never climbs
/// walks from one deployment corner to every other and to places spread
/// over the table. Seed 1 once walled the south-east corner off behind
/// blocks 3.5" high, which no Move sequence of a round could climb (B31).
#[test]
fn generated_tables_keep_the_ground_in_one_piece() {
    use mortalis_battle::{Mover, Nav};
    let walker = Mover {
        climbs: false,
        ..Mover::standard(0.5)
    };
    for seed in [1, 2, 5] {
        let t = generate(seed, 36.0);
        let nav = Nav::new(&t, walker);
        let s = t.size;
        let start = Place::ground(3.0, 3.0);
        let mut goals = vec![
            Place::ground(s - 3.0, 3.0),
            Place::ground(3.0, s - 3.0),
            Place::ground(s - 3.0, s - 3.0),
        ];
        // Places spread over the table where a base can stand.
        for k in 0..25 {
            let (x, y) = (2.0 + 8.0 * f64::from(k % 5), 2.0 + 8.0 * f64::from(k / 5));
            let p = Place::ground(x.min(s - 1.0), y.min(s - 1.0));
            if t.can_stand(p, 0.5).is_ok() && goals.len() < 8 {
                goals.push(p);
            }
        }
        for g in goals {
            let path = nav.path(start, g, &[]).unwrap();
            assert!(
                path.is_some(),
                "seed {seed}: no walk from {start:?} to {g:?}"
            );
        }
    }
}

/// A height out of its piece's range says the range as it is: a wall or
/// block more than a low obstacle's 1" (so 1" itself is refused), a low
/// obstacle more than nothing, an impassable piece from nothing; each up
/// to 24" (a new user read "1\" is outside 1\" to 24\"", session 34).
#[test]
fn a_height_out_of_range_says_the_range() {
    let piece = |kind: &str, height: f64| {
        format!("size = 28\n[[piece]]\nkind = \"{kind}\"\nheight = {height}\nrect = [4, 4, 3, 1]\n")
    };
    for (kind, height, says) in [
        (
            "block",
            1.0,
            "height 1\" must be more than 1\" and at most 24\"",
        ),
        (
            "wall",
            1.0,
            "height 1\" must be more than 1\" and at most 24\"",
        ),
        (
            "low",
            0.0,
            "height 0\" must be more than 0\" and at most 1\"",
        ),
    ] {
        let e = parse(&piece(kind, height)).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
    }
    for (kind, height) in [("block", 1.5), ("low", 1.0), ("impassable", 0.0)] {
        assert!(parse(&piece(kind, height)).is_ok(), "{kind} {height}");
    }
}
