//! Data-driven battle situations: each file in `tests/data/situations/`
//! names the rules it checks, a table, the two warbands, the scenario,
//! where every model stands (`[x, y]` on the ground, `[x, y, 1]` on the
//! roof there, `[x, y, 1, k]` on the surface of piece k, a lower floor; or
//! `setup = true`: the scenario's set-up is
//! played), markers, the object, the decisions of each side (by name:
//! "activate A1", "shoot B1", "cast B1 [trick]" (a trick), "attack B1", "withdraw
//! B1", "defend", "hide", "pick up", "lift" (the object), "leave", "move X
//! Y", "climb X Y" (both Moves walked as one, a climb spanning them,
//! B31), "fly X Y" (B136), "pistols A B" (B59), "aim B1"
//! (B108), "lose move" / "lose free" (B119), "pass" (no reaction),
//! "throw frag_grenade X Y", "deviate X Y" (B130), "order" (B71),
//! "spread A B C" (B62),
//! "end", and for set-up "marker X Y", "deploy X Y",
//! "corner N", "edge N", "defender N", "starter N"; reactions, plays and
//! events: "overwatch" (declare it), "intercept A1" (the interceptor),
//! "fire B1" (a shot from hiding), "play im_fine", "event doubt [B1]",
//! "step X Y" (a forced move or a push), "leap X Y", "jump X Y" (a
//! Move that jumps down, B33) — a question with
//! "pass" among its options that the script's next answer does not name is
//! passed; for challenges "name M" (a model a challenge names), "reward M"
//! (who gets its experience), "data" (pick up the Ukryte dane marker);
//! "commit" (the captain's reroll, B9; "commit tests": only when asked
//! to hold it for the captain's Resilience tests, R67); "carry M" / "carry M leave" (a
//! joint Move with helper M carrying the object, B166); a decision
//! starting with "!" asserts that no such option is offered), the dice
//! typed in, and the expected result. `challenges` lists each side's
//! challenges by id ("draw" for a drawn one), taken before play; `data`
//! places the Ukryte dane marker of the side that took it; `independent`
//! names a file of independent models (B137) placed before play.

use std::collections::BTreeMap;

use mortalis_battle::battle::{
    Battle, Choice, Decider, Entry, Event, Fighter, Players, Question, Scenario, Status, Wish,
    side_from_warband,
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
    #[serde(default)]
    scenario: Option<Scenario>,
    #[serde(default)]
    setup: bool,
    #[serde(default)]
    place: BTreeMap<String, Vec<f64>>,
    #[serde(default)]
    markers: Vec<[f64; 2]>,
    #[serde(default)]
    carried: BTreeMap<String, u32>,
    #[serde(default)]
    object: Option<[f64; 2]>,
    #[serde(default)]
    object_carrier: Option<String>,
    #[serde(default)]
    defender: Option<usize>,
    #[serde(default)]
    edges: Option<[usize; 2]>,
    #[serde(default)]
    starter: usize,
    rounds: u32,
    decisions: [Vec<String>; 2],
    dice: Vec<i64>,
    #[serde(default)]
    challenges: [Vec<String>; 2],
    #[serde(default)]
    data: Option<[f64; 2]>,
    #[serde(default)]
    corner: Option<usize>,
    #[serde(default)]
    independent: Option<String>,
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
    /// Who won at the end: "a", "b" or "draw".
    winner: Option<String>,
    dice_used: Option<usize>,
    at: BTreeMap<String, [f64; 2]>,
    markers: Option<Vec<[f64; 2]>>,
    defender: Option<usize>,
    edges: Option<[usize; 2]>,
    first: Option<usize>,
    delivered: Vec<String>,
    escaped: Vec<String>,
    /// Heroic plays used per side (ids).
    plays: Option<[Vec<String>; 2]>,
    /// Offensive events used per side (ids).
    events: Option<[Vec<String>; 2]>,
    /// Challenges met per side: "id" or "id model" (the model that earns
    /// the experience), as in the battle report.
    met: Option<[Vec<String>; 2]>,
    /// The error the battle stops with, in part.
    error: Option<String>,
    /// Models of side 0 whose report says they carried the object off.
    report_object: Vec<String>,
    /// Technology markers a model carries at the end.
    carried: BTreeMap<String, u32>,
}

/// Answers by name.
struct ByName {
    answers: Vec<String>,
    next: usize,
}

fn matches(b: &Battle, words: &[&str], c: &Choice) -> bool {
    let named = |m: usize| b.models[m].name == words.get(1).copied().unwrap_or("");
    let num = |k: usize| words.get(k).and_then(|w| w.parse::<f64>().ok());
    let is = |k: usize, v: usize| num(k) == Some(v as f64);
    match (words[0], c) {
        ("activate", Choice::Activate { model }) => named(*model),
        ("shoot", Choice::Shoot { target }) => named(*target),
        ("cast", Choice::Cast { target, trick }) => {
            named(*target) && words.get(2).is_none_or(|w| *w == trick.id())
        }
        ("attack", Choice::Attack { target }) => named(*target),
        ("pick", Choice::PickUp { .. }) => true,
        ("lift", Choice::PickUpObject) => true,
        ("defend", Choice::DefensivePosition) => true,
        ("hide", Choice::Hide) => true,
        ("withdraw", Choice::Withdraw { from }) => named(*from),
        ("leave", Choice::Move { leave, .. }) => *leave,
        (
            "move",
            Choice::Move {
                leave: false,
                both: false,
                ..
            },
        ) => true,
        (
            "climb",
            Choice::Move {
                leave: false,
                both: true,
                ..
            },
        ) => true,
        ("fly", Choice::Fly { .. }) => true,
        ("aim", Choice::AimedShot { target }) => named(*target),
        ("pass", Choice::Pass) => true,
        ("order", Choice::DefenceOrder) => true,
        ("spread", Choice::Spread { targets }) => targets
            .iter()
            .enumerate()
            .all(|(k, &t)| b.models[t].name == words.get(k + 1).copied().unwrap_or("")),
        ("throw", Choice::Throw { item, .. }) => words.get(1).copied() == Some(item.id()),
        ("deviate", Choice::Deviate { .. }) => true,
        ("lose", Choice::LoseAction { move_slot, .. }) => {
            *move_slot == (words.get(1).copied() == Some("move"))
        }
        ("pistols", Choice::Pistols { first, second }) => {
            named(*first) && b.models[*second].name == words.get(2).copied().unwrap_or("")
        }
        ("end", Choice::End) => true,
        ("marker", Choice::Marker { .. }) | ("deploy", Choice::Deploy { .. }) => true,
        ("corner", Choice::Corner { corner }) => is(1, *corner),
        ("edge", Choice::Edge { edge }) => is(1, *edge),
        ("defender", Choice::Defender { side }) => is(1, *side),
        ("starter", Choice::Starter { side }) => is(1, *side),
        ("overwatch", Choice::Overwatch) => true,
        ("intercept", Choice::Intercept { model, .. }) => named(*model),
        ("fire", Choice::FromHiding { target, .. }) => named(*target),
        ("play", Choice::Play { play, .. }) => words.get(1) == Some(&play.id()),
        ("event", Choice::Offend { event, model }) => {
            serde_json::to_value(event).unwrap().as_str() == words.get(1).copied()
                && (words.len() < 3 || b.models[*model].name == words[2])
        }
        ("knife", Choice::Knife { model, target }) => {
            named(*model) && b.models[*target].name == words.get(2).copied().unwrap_or("")
        }
        ("now_or_never", Choice::NowOrNever { .. }) => true,
        ("step", Choice::Step { .. }) => true,
        ("leap", Choice::Leap { .. }) => true,
        ("jump", Choice::JumpDown { .. }) => true,
        ("name", Choice::Name { model }) | ("reward", Choice::Reward { model }) => named(*model),
        ("data", Choice::PickUpData) => true,
        ("commit", Choice::CommitReroll) => {
            words.get(1) != Some(&"tests") || b.testing_captain().is_some()
        }
        ("carry", Choice::CarryTogether { helper, leave, .. }) => {
            named(*helper) && *leave == (words.get(2) == Some(&"leave"))
        }
        _ => false,
    }
}

/// Where an option puts something, for "move X Y", "marker X Y", "deploy X Y".
fn point(c: &Choice) -> Option<(f64, f64)> {
    match c {
        Choice::Move { to, .. }
        | Choice::Deploy { at: to, .. }
        | Choice::Fly { to }
        | Choice::Step { to, .. }
        | Choice::Leap { to }
        | Choice::JumpDown { to, .. }
        | Choice::NowOrNever { to, .. } => Some((to.x, to.y)),
        Choice::Marker { x, y } | Choice::Throw { x, y, .. } | Choice::Deviate { x, y, .. } => {
            Some((*x, *y))
        }
        _ => None,
    }
}

impl Decider for ByName {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        // A reaction, play or event the script does not name is declined
        // ("pass"), so that scripts name only what they use.
        if let Some(pass) = q.options.iter().position(|c| *c == Choice::Pass) {
            let next = self.answers[self.next.min(self.answers.len())..]
                .iter()
                .find(|a| !a.starts_with('!'));
            let named = next.is_some_and(|a| {
                let words: Vec<&str> = a.split_whitespace().collect();
                q.options.iter().any(|c| matches(b, &words, c))
            });
            if !named {
                return Ok(pass);
            }
        }
        loop {
            let want = self
                .answers
                .get(self.next)
                .ok_or(format!("no decision {} ({:?})", self.next + 1, q.about))?
                .clone();
            self.next += 1;
            if let Some(not) = want.strip_prefix('!') {
                let words: Vec<&str> = not.split_whitespace().collect();
                if let Some(c) = q.options.iter().find(|c| matches(b, &words, c)) {
                    return Err(format!("`{not}` is offered ({c:?})"));
                }
                continue;
            }
            let words: Vec<&str> = want.split_whitespace().collect();
            let pick: Vec<(usize, &Choice)> = q
                .options
                .iter()
                .enumerate()
                .filter(|(_, c)| matches(b, &words, c))
                .collect();
            let target = if matches!(
                words[0],
                "move"
                    | "climb"
                    | "fly"
                    | "marker"
                    | "deploy"
                    | "deviate"
                    | "throw"
                    | "step"
                    | "leap"
                    | "jump"
                    | "now_or_never"
            ) {
                let k = usize::from(words[0] == "throw");
                let (x, y): (f64, f64) =
                    (words[1 + k].parse().unwrap(), words[2 + k].parse().unwrap());
                let d =
                    |c: &Choice| point(c).map_or(f64::INFINITY, |(px, py)| (px - x).hypot(py - y));
                pick.into_iter().min_by(|a, b| d(a.1).total_cmp(&d(b.1)))
            } else {
                pick.into_iter().next()
            };
            return target
                .map(|(i, _)| i)
                .ok_or(format!("`{want}` is not among {:?}", q.options));
        }
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
    if !s.setup {
        for m in &mut models {
            match s.place.get(&m.name).map(|v| v.as_slice()) {
                Some([x, y]) => m.body.at = Place::ground(*x, *y),
                // [x, y, 1]: on the highest surface there (a roof).
                Some([x, y, _]) => {
                    m.body.at = Place {
                        x: *x,
                        y: *y,
                        level: table.surface_at(*x, *y),
                    }
                }
                // [x, y, 1, k]: on the surface of piece k (a lower floor).
                Some([x, y, _, k]) => {
                    m.body.at = Place {
                        x: *x,
                        y: *y,
                        level: mortalis_battle::Level::Roof(*k as usize),
                    }
                }
                Some(other) => panic!(
                    "{}: a place is [x, y], [x, y, 1] or [x, y, 1, piece]: {other:?}",
                    m.name
                ),
                None => m.status = Status::Removed,
            }
            m.carried = s.carried.get(&m.name).copied().unwrap_or(0);
            m.object = s.object_carrier.as_ref() == Some(&m.name);
        }
    }
    let mut b = Battle::new(table, [na, nb], [sa, sb], models, s.rounds)
        .with_scenario(s.scenario.unwrap_or(Scenario::Massacre));
    if let Some(file) = &s.independent {
        let text =
            std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        let entries = mortalis_battle::battle::independent::parse(&text).unwrap();
        b.place_independents(&entries).unwrap();
    }
    b.markers = s
        .markers
        .iter()
        .map(|[x, y]| Place::ground(*x, *y))
        .collect();
    b.object = s.object.map(|[x, y]| Place::ground(x, y));
    for (side, list) in s.challenges.iter().enumerate() {
        b.challenges.wishes[side] = list
            .iter()
            .map(|w| match w.as_str() {
                "draw" => Wish::Drawn,
                id => Wish::Named(id.parse().unwrap()),
            })
            .collect();
    }
    b.defender = s.defender;
    if let Some([e0, e1]) = s.edges {
        b.edges = [Some(e0), Some(e1)];
    }
    let mut dice = TypedDice::new(&s.dice).unwrap();
    let [d0, d1] = s.decisions.clone();
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
    let mut players = Players {
        deciders: [&mut a, &mut c],
        dice: &mut dice,
    };
    let played = (|| {
        let starter = if s.setup {
            b.set_up(&mut players)?
        } else {
            if let Some(c) = s.corner {
                b.deployed_in_corners(c);
            }
            b.take_challenges(&mut players)?;
            if let Some([x, y]) = s.data {
                b.place_data_at(Place::ground(x, y));
            }
            s.starter
        };
        if s.rounds > 0 {
            b.play_placed(&mut players, starter)?;
        }
        Ok::<usize, mortalis_battle::battle::BattleError>(starter)
    })();
    let starter = match (played, &s.expect.error) {
        (Ok(st), None) => st,
        (Err(e), Some(want)) => {
            assert!(
                e.to_string().contains(want),
                "{label}: error `{e}`, not `{want}`"
            );
            return;
        }
        (Ok(_), Some(want)) => panic!("{label}: no error, expected `{want}`"),
        (Err(e), None) => panic!("{label}: {e}"),
    };
    if std::env::var_os("SITUATION_LOG").is_some() {
        eprintln!("{label}: {:#?}", b.log);
    }
    for (n, [x, y]) in &s.expect.at {
        let m = b.models.iter().find(|m| &m.name == n).unwrap();
        let d = (m.body.at.x - x).hypot(m.body.at.y - y);
        assert!(
            d < 0.05,
            "{label}: {n} stands at {:?}, not ({x}, {y})",
            m.body.at
        );
    }
    if let Some(want) = &s.expect.markers {
        let got: Vec<[f64; 2]> = b.markers.iter().map(|p| [p.x, p.y]).collect();
        assert_eq!(&got, want, "{label}: markers");
    }
    if let Some(d) = s.expect.defender {
        assert_eq!(b.defender, Some(d), "{label}: defender");
    }
    if let Some([e0, e1]) = s.expect.edges {
        assert_eq!(b.edges, [Some(e0), Some(e1)], "{label}: edges");
    }
    if let Some(f) = s.expect.first {
        let got = b.log.iter().find_map(|e| match e {
            Entry::Event(Event::Round { first, .. }) => Some(*first),
            _ => None,
        });
        assert_eq!(got.unwrap_or(starter), f, "{label}: first player");
    }
    let flagged = |f: fn(&Fighter) -> bool| -> Vec<String> {
        b.models
            .iter()
            .filter(|m| f(m))
            .map(|m| m.name.clone())
            .collect()
    };
    assert_eq!(
        flagged(|m| m.delivered),
        s.expect.delivered,
        "{label}: delivered"
    );
    assert_eq!(flagged(|m| m.escaped), s.expect.escaped, "{label}: escaped");
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
            .filter(|n| {
                s.setup
                    || s.place.contains_key(*n)
                    || b.independents.iter().any(|&(i, _)| &b.models[i].name == *n)
            })
            .cloned()
            .collect::<Vec<_>>(),
        s.expect.removed,
        "{label}: removed"
    );
    assert_eq!(names(Status::Left), s.expect.left, "{label}: left");
    for (n, k) in &s.expect.carried {
        let m = b.models.iter().find(|m| &m.name == n).unwrap();
        assert_eq!(m.carried, *k, "{label}: {n} carries");
    }
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
    if let Some(winner) = &s.expect.winner {
        let got = match b.end.map(|e| e.2) {
            Some(Some(0)) => "a",
            Some(Some(_)) => "b",
            Some(None) => "draw",
            None => "no end",
        };
        assert_eq!(got, winner, "{label}: winner");
    }
    if let Some(want) = &s.expect.plays {
        let got: [Vec<String>; 2] = b
            .pools
            .plays
            .clone()
            .map(|v| v.iter().map(|p| p.id().to_string()).collect());
        assert_eq!(&got, want, "{label}: heroic plays used");
    }
    if let Some(want) = &s.expect.events {
        let got: [Vec<String>; 2] = b.pools.events.clone().map(|v| {
            v.iter()
                .map(|e| {
                    serde_json::to_value(e)
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_string()
                })
                .collect()
        });
        assert_eq!(&got, want, "{label}: offensive events used");
    }
    if let Some(want) = &s.expect.met {
        for (side, want) in want.iter().enumerate() {
            let got: Vec<String> = b
                .report(side)
                .map(|r| r.challenges)
                .unwrap_or_default()
                .into_iter()
                .map(|c| match c.model {
                    Some(m) => format!("{} {m}", c.id),
                    None => c.id.to_string(),
                })
                .collect();
            assert_eq!(&got, want, "{label}: challenges met by side {side}");
        }
    }
    if !s.expect.report_object.is_empty() {
        let got: Vec<String> = b
            .report(0)
            .map(|r| r.models)
            .unwrap_or_default()
            .into_iter()
            .filter(|m| m.object)
            .map(|m| m.name)
            .collect();
        assert_eq!(got, s.expect.report_object, "{label}: object in the report");
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
