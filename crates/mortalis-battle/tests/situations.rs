//! Data-driven battle situations: each file in `tests/data/situations/`
//! names the rules it checks, a table, the two warbands, where every model
//! stands, markers, the decisions of each side (by name: "activate A1",
//! "shoot B1", "attack B1", "pick up", "leave", "move X Y", "end"), the
//! dice typed in, and the expected result.

use std::collections::BTreeMap;

use mortalis_battle::battle::{
    Battle, Choice, Decider, Fighter, Players, Question, Status, side_from_warband,
};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;
use mortalis_rules::dice::TypedDice;
use mortalis_rules::warband::WarbandFile;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Situation {
    rules: String,
    what: String,
    table: String,
    warbands: [String; 2],
    place: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    markers: Vec<[f64; 2]>,
    #[serde(default)]
    carried: BTreeMap<String, u32>,
    starter: usize,
    rounds: u32,
    decisions: [Vec<String>; 2],
    dice: Vec<i64>,
    expect: Expect,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct Expect {
    removed: Vec<String>,
    left: Vec<String>,
    took_out: BTreeMap<String, u32>,
    vp: Option<[u32; 2]>,
    end: Option<String>,
    dice_used: Option<usize>,
}

/// Answers by name.
struct ByName {
    answers: Vec<String>,
    next: usize,
}

impl Decider for ByName {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        let want = self
            .answers
            .get(self.next)
            .ok_or(format!("no decision {} ({:?})", self.next + 1, q.about))?
            .clone();
        self.next += 1;
        let words: Vec<&str> = want.split_whitespace().collect();
        let named = |m: usize| b.models[m].name == words.get(1).copied().unwrap_or("");
        let pick = q
            .options
            .iter()
            .enumerate()
            .filter(|(_, c)| match (words[0], c) {
                ("activate", Choice::Activate { model }) => named(*model),
                ("shoot", Choice::Shoot { target }) => named(*target),
                ("attack", Choice::Attack { target }) => named(*target),
                ("pick", Choice::PickUp { .. }) => true,
                ("leave", Choice::Move { leave, .. }) => *leave,
                ("move", Choice::Move { leave: false, .. }) => true,
                ("end", Choice::End) => true,
                _ => false,
            });
        let pick: Vec<(usize, &Choice)> = pick.collect();
        let target = if words[0] == "move" {
            let (x, y): (f64, f64) = (words[1].parse().unwrap(), words[2].parse().unwrap());
            pick.into_iter().min_by(|a, b| {
                let d = |c: &Choice| match c {
                    Choice::Move { to, .. } => (to.x - x).hypot(to.y - y),
                    _ => f64::INFINITY,
                };
                d(a.1).total_cmp(&d(b.1))
            })
        } else {
            pick.into_iter().next()
        };
        target
            .map(|(i, _)| i)
            .ok_or(format!("`{want}` is not among {:?}", q.options))
    }
}

fn fighters(file: &str, side: usize) -> (String, u32, Vec<Fighter>) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let w: WarbandFile = toml::from_str(&text).unwrap();
    side_from_warband(&w, side).unwrap()
}

fn run(path: &std::path::Path) {
    let s: Situation = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let label = format!("{} ({}: {})", path.display(), s.rules, s.what);
    let table = parse(
        &std::fs::read_to_string(format!(
            "{}/tests/data/{}",
            env!("CARGO_MANIFEST_DIR"),
            s.table
        ))
        .unwrap(),
    )
    .unwrap();
    let (na, sa, mut models) = fighters(&s.warbands[0], 0);
    let (nb, sb, more) = fighters(&s.warbands[1], 1);
    models.extend(more);
    for m in &mut models {
        match s.place.get(&m.name) {
            Some([x, y]) => m.body.at = Place::ground(*x, *y),
            None => m.status = Status::Removed,
        }
        m.carried = s.carried.get(&m.name).copied().unwrap_or(0);
    }
    let mut b = Battle::new(table, [na, nb], [sa, sb], models, s.rounds);
    b.markers = s
        .markers
        .iter()
        .map(|[x, y]| Place::ground(*x, *y))
        .collect();
    let mut dice = TypedDice::new(&s.dice).unwrap();
    let [d0, d1] = s.decisions.clone();
    let _ = &s.what;
    let (mut a, mut c) = (
        ByName {
            answers: d0,
            next: 0,
        },
        ByName {
            answers: d1,
            next: 0,
        },
    );
    b.play_placed(
        &mut Players {
            deciders: [&mut a, &mut c],
            dice: &mut dice,
        },
        s.starter,
    )
    .unwrap_or_else(|e| panic!("{label}: {e}"));
    let names = |st: Status| -> Vec<String> {
        b.models
            .iter()
            .filter(|m| m.status == st)
            .map(|m| m.name.clone())
            .collect()
    };
    assert_eq!(
        names(Status::Removed)
            .iter()
            .filter(|n| s.place.contains_key(*n))
            .cloned()
            .collect::<Vec<_>>(),
        s.expect.removed,
        "{label}: removed"
    );
    assert_eq!(names(Status::Left), s.expect.left, "{label}: left");
    for (n, k) in &s.expect.took_out {
        let m = b.models.iter().find(|m| &m.name == n).unwrap();
        assert_eq!(m.took_out, *k, "{label}: {n} took out");
    }
    if let Some(vp) = s.expect.vp {
        assert_eq!(b.vp(), vp, "{label}: VP");
    }
    if let Some(end) = &s.expect.end {
        let got = b.end.map(|e| {
            serde_json::to_value(e.0)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        });
        assert_eq!(got.as_deref(), Some(end.as_str()), "{label}: end");
    }
    if let Some(n) = s.expect.dice_used {
        assert_eq!(b.dice.len(), n, "{label}: dice used");
    }
}

#[test]
fn every_situation_holds() {
    let dir = format!("{}/tests/data/situations", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 3);
    for f in files {
        run(&f);
    }
}
