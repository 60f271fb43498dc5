//! Replay re-derives every outcome: hand edits of recorded results, deleted
//! events and logs cut short (issue 9), and every log the sequence writes
//! replays, tech hunters' rerolls and searchers' nudges included.

use mortalis_rules::campaign::events::LootFind;
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::tables::{Injury, LevelKind};
use mortalis_rules::campaign::verify::{self, Next};
use mortalis_rules::campaign::{
    BattleReport, CampaignError, CampaignFile, CampaignState, DiceOrigin, Event, Purchase,
};
use mortalis_rules::dice::TypedDice;
use mortalis_rules::warband::WarbandFile;
use proptest::prelude::*;

mod common;

const GOLDEN: &str = include_str!("../../mortalis-cli/tests/data/campaign/golden_campaign.json");

/// A captain with Tech hunter and Searching, a haggler, a savage and a pet.
const HUNTERS: &str = r#"
name = "Hunters"
budget = 150
[[model]]
name = "Rex"
archetype = "trooper"
captain = true
weapons = ["assault_rifle"]
skills = ["tech_hunter", "searching"]
[[model]]
name = "Ada"
archetype = "swordsman"
veteran = true
skills = ["haggling"]
[[model]]
name = "Bolo"
archetype = "savage"
[[model]]
name = "Kieł"
archetype = "pet"
"#;

fn golden() -> CampaignFile {
    serde_json::from_str(GOLDEN).unwrap()
}

/// Index of the `nth` event (from 0) matching `f`.
fn find(f: &CampaignFile, nth: usize, pred: impl Fn(&Event) -> bool) -> usize {
    f.events
        .iter()
        .enumerate()
        .filter(|(_, e)| pred(e))
        .nth(nth)
        .map(|(i, _)| i)
        .unwrap()
}

/// The replay error: its index, kind and message.
fn refused(f: &CampaignFile) -> (usize, String, String) {
    match CampaignState::replay(f) {
        Err(CampaignError::Replay {
            index,
            kind,
            source,
        }) => (index, kind, source.to_string()),
        other => panic!("expected a refused replay, got {other:?}"),
    }
}

#[test]
fn the_golden_campaign_replays_whole() {
    let (s, next) = verify::replay(&golden()).unwrap();
    assert_eq!(next, Next::BattleOrTrade);
    assert_eq!(s.battles, 5);
}

/// Edit the `nth` golden event matching `pred`: the replay must refuse at
/// that event; returns its kind and the message.
fn edit_refused(
    nth: usize,
    pred: impl Fn(&Event) -> bool,
    edit: impl FnOnce(&mut Event),
) -> (String, String) {
    let mut f = golden();
    let i = find(&f, nth, pred);
    edit(&mut f.events[i]);
    let (index, kind, msg) = refused(&f);
    assert_eq!(index, i, "{msg}");
    (kind, msg)
}

#[test]
fn income_edited_from_20_to_2000_is_refused() {
    let (kind, msg) = edit_refused(
        0,
        |e| matches!(e, Event::Income { amount: 20, .. }),
        |e| {
            if let Event::Income { amount, .. } = e {
                *amount = 2000;
            }
        },
    );
    assert_eq!(kind, "income");
    assert!(
        msg.contains("`amount` is 2000 in the log, the rules give 20"),
        "{msg}"
    );
}

#[test]
fn experience_edited_from_3_to_300_is_refused() {
    let (kind, msg) = edit_refused(
        0,
        |e| matches!(e, Event::Xp { amount: 3, .. }),
        |e| {
            if let Event::Xp { amount, .. } = e {
                *amount = 300;
            }
        },
    );
    assert_eq!(kind, "xp");
    assert!(
        msg.contains("`amount` is 300 in the log, the rules give 3"),
        "{msg}"
    );
}

#[test]
fn deleting_the_first_event_of_a_battle_is_refused() {
    // The income right after the battle...
    let mut f = golden();
    let i = find(&f, 1, |e| matches!(e, Event::Income { .. }));
    f.events.remove(i);
    let (index, _, msg) = refused(&f);
    assert_eq!(index, i);
    assert!(msg.contains("the rules expect `income`"), "{msg}");
    // ...and the battle itself: its events cannot follow the last step.
    let mut f = golden();
    let i = find(&f, 1, |e| matches!(e, Event::Battle { .. }));
    f.events.remove(i);
    let (index, kind, msg) = refused(&f);
    assert_eq!((index, kind.as_str()), (i, "income"));
    assert!(
        msg.contains("the rules expect a `battle` or a `trade`"),
        "{msg}"
    );
}

#[test]
fn edited_loot_injury_and_level_results_are_refused() {
    let is_loot = |e: &Event| matches!(e, Event::Loot { .. });
    let (kind, msg) = edit_refused(0, is_loot, |e| {
        if let Event::Loot { find, .. } = e {
            *find = LootFind::Technology(500);
        }
    });
    assert_eq!(kind, "loot");
    assert!(
        msg.contains("`find` is {\"technology\":500} in the log"),
        "{msg}"
    );
    let is_injury = |e: &Event| matches!(e, Event::InjuryRoll { .. });
    let (kind, msg) = edit_refused(0, is_injury, |e| {
        if let Event::InjuryRoll { result, .. } = e {
            *result = if *result == Injury::Death {
                Injury::LessonLearnt
            } else {
                Injury::Death
            };
        }
    });
    assert_eq!(kind, "injury_roll");
    assert!(msg.contains("`result` is"), "{msg}");
    let is_level = |e: &Event| matches!(e, Event::LevelRoll { .. });
    let (kind, msg) = edit_refused(0, is_level, |e| {
        if let Event::LevelRoll { result, .. } = e {
            *result = match result {
                LevelKind::SkillOnly => LevelKind::CharacteristicOrSkill,
                LevelKind::CharacteristicOrSkill => LevelKind::SkillOnly,
            };
        }
    });
    assert_eq!(kind, "level_roll");
    assert!(msg.contains("`result` is"), "{msg}");
    // A battle number, and dice out of range.
    let (_, msg) = edit_refused(
        1,
        |e| matches!(e, Event::Battle { .. }),
        |e| {
            if let Event::Battle { number, .. } = e {
                *number = 7;
            }
        },
    );
    assert!(
        msg.contains("`number` is 7 in the log, the rules give 2"),
        "{msg}"
    );
    let (_, msg) = edit_refused(0, is_injury, |e| {
        if let Event::InjuryRoll { dice, .. } = e {
            *dice = [200, 200];
        }
    });
    assert!(msg.contains("200 is not between 1 and 6"), "{msg}");
}

#[test]
fn a_log_cut_inside_a_step_replays_as_unfinished() {
    let mut f = golden();
    let last = f.last_step().unwrap();
    let whole = f.events.len();
    // Cut right after the last battle's income: the loot rolls come next.
    f.events.truncate(last + 2);
    let (_, next) = verify::replay(&f).unwrap();
    match next {
        Next::Unfinished {
            index,
            battle,
            next: (_, en),
        } => {
            assert_eq!((index, battle), (last, Some(5)));
            assert!(en.starts_with("Loot 1"), "{en}");
        }
        other => panic!("{other:?}"),
    }
    // Undoing the step leaves four whole battles.
    assert!(f.undo_step().len() == 2);
    let (s, next) = verify::replay(&f).unwrap();
    assert_eq!((s.battles, next), (4, Next::BattleOrTrade));
    assert!(whole > last + 2);
}

fn hunters_campaign(seed: u64, battles: u32) -> CampaignFile {
    let w: WarbandFile = toml::from_str(HUNTERS).unwrap();
    common::random_campaign(CampaignFile::new(w).unwrap(), seed, battles, true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every log the sequence writes replays whole, each prefix replays to
    /// the state the events give one by one, and undoing a prefix's last
    /// step leaves a whole campaign.
    #[test]
    fn written_logs_replay_and_prefixes_match(seed in any::<u64>()) {
        let f = hunters_campaign(seed, 3);
        let (end, next) = verify::replay(&f).unwrap();
        prop_assert_eq!(next, Next::BattleOrTrade);
        let mut s = CampaignState::replay(&CampaignFile { events: vec![], ..f.clone() }).unwrap();
        for n in 0..f.events.len() {
            s.apply(&f.events[n]).unwrap();
            let prefix = CampaignFile { events: f.events[..=n].to_vec(), ..f.clone() };
            let (t, next) = verify::replay(&prefix).unwrap();
            prop_assert_eq!(&t, &s);
            if f.events.get(n + 1).is_none_or(Event::opens_step) {
                prop_assert_eq!(next, Next::BattleOrTrade);
            }
            // Undoing the last step of any prefix, cut or whole, leaves a
            // campaign that can go on.
            let mut undone = prefix.clone();
            let removed = undone.undo_step();
            prop_assert!(!removed.is_empty() && removed[0].opens_step());
            prop_assert_eq!(verify::replay(&undone).unwrap().1, Next::BattleOrTrade);
        }
        prop_assert_eq!(&end, &s);
    }

    /// A derived amount or result changed, or an event the sequence always
    /// writes deleted, is refused at that event.
    #[test]
    fn edits_and_deletions_are_refused(seed in any::<u64>(), pick in any::<u32>()) {
        let f = hunters_campaign(seed, 2);
        let derived: Vec<usize> = f.events.iter().enumerate().filter(|(_, e)| matches!(e,
            Event::Income { .. } | Event::Xp { .. } | Event::InjuryRoll { .. } | Event::LevelRoll { .. } | Event::Loot { .. }
        )).map(|(i, _)| i).collect();
        let i = derived[pick as usize % derived.len()];
        let mut g = f.clone();
        match &mut g.events[i] {
            Event::Income { amount, .. } | Event::Xp { amount, .. } => *amount += 1,
            Event::InjuryRoll { result, .. } => *result = if *result == Injury::Death { Injury::Amnesia } else { Injury::Death },
            Event::LevelRoll { result, .. } => *result = if *result == LevelKind::SkillOnly { LevelKind::CharacteristicOrSkill } else { LevelKind::SkillOnly },
            Event::Loot { find, .. } => match find {
                LootFind::Technology(v) => *v += 5,
                _ => *find = LootFind::Technology(5),
            },
            _ => unreachable!(),
        }
        let (index, _, _) = refused(&g);
        prop_assert_eq!(index, i);
        if i + 1 < f.events.len() {
            let mut g = f.clone();
            g.events.remove(i);
            prop_assert!(CampaignState::replay(&g).is_err(), "deleting event {} accepted", i);
        }
    }
}

/// The random campaigns above do exercise both skills' notes.
#[test]
fn hunters_campaigns_reroll_and_nudge() {
    let notes: Vec<String> = (0..8)
        .flat_map(|seed| hunters_campaign(seed, 3).events)
        .filter_map(|e| match e {
            Event::Loot { note, .. } => note,
            _ => None,
        })
        .collect();
    assert!(notes.iter().any(|n| n.contains("tech_hunter")), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("searching")), "{notes:?}");
}

/// Answers by key (the first choice otherwise).
struct Keys(&'static [(&'static str, &'static str)]);

impl Decider for Keys {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        let found = self.0.iter().find(|(k, _)| *k == q.key);
        Ok(found.map_or_else(|| q.choices[0].id.clone(), |(_, a)| a.to_string()))
    }
    fn next_purchase(&mut self, _: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        Ok(None)
    }
}

/// A medicine found with both pairs rerolled by the tech hunter and the
/// kind die nudged by the searcher: the note says
/// `tech_hunter 4->6, searching 4->5, tech_hunter 2->6`, and the replay
/// rebuilds the dice as rolled from it.
#[test]
fn a_loot_roll_with_two_rerolls_and_a_nudge_replays() {
    let w: WarbandFile = toml::from_str(HUNTERS).unwrap();
    let mut f = CampaignFile::new(w).unwrap();
    let s = CampaignState::replay(&f).unwrap();
    let report: BattleReport = toml::from_str(
        "scenario = \"massacre\"\nresult = \"loss\"\n[[model]]\nname = \"Bolo\"\nmarkers = 1\n",
    )
    .unwrap();
    let mut dice = TypedDice::new(&[6, 4, 6, 4, 2, 3, 6]).unwrap();
    let mut d = Keys(&[
        ("loot.1.reroll", "2"),
        ("loot.1.search2", "+1"),
        ("loot.1.medicine_reroll", "1"),
        ("loot.1.keep", "keep"),
    ]);
    let ev = postbattle::run(&s, &report, DiceOrigin::Typed, &mut dice, &mut d).unwrap();
    let note = ev.iter().find_map(|e| match e {
        Event::Loot { note, dice, .. } => Some((note.clone(), dice.clone())),
        _ => None,
    });
    assert_eq!(
        note,
        Some((
            Some("tech_hunter 4->6, searching 4->5, tech_hunter 2->6".to_string()),
            vec![6, 6, 5, 6, 3]
        ))
    );
    f.events.extend(ev);
    assert_eq!(verify::replay(&f).unwrap().1, Next::BattleOrTrade);
    // The note records the dice as rolled: another way to the same dice is
    // a consistent log, a change no skill can make is refused.
    let i = find(&f, 0, |e| matches!(e, Event::Loot { .. }));
    if let Event::Loot { note, .. } = &mut f.events[i] {
        *note = Some("tech_hunter 4->6".into());
    }
    assert!(CampaignState::replay(&f).is_ok());
    if let Event::Loot { note, .. } = &mut f.events[i] {
        *note = Some("tech_hunter 4->6, searching 1->5".into());
    }
    let (index, kind, msg) = refused(&f);
    assert_eq!((index, kind.as_str()), (i, "loot"));
    assert!(
        msg.contains("`note` is \"tech_hunter 4->6, searching 1->5\" in the log"),
        "{msg}"
    );
}

/// A report edited to absurd numbers is refused without overflowing: the
/// sequence it asks for is not the recorded one.
#[test]
fn a_report_with_absurd_numbers_is_refused_cleanly() {
    for (markers, took_out) in [(u32::MAX, 0), (0, u32::MAX), (u32::MAX, u32::MAX)] {
        let mut f = golden();
        if let Event::Battle { report, .. } = &mut f.events[0] {
            report.models[0].markers = markers;
            report.models[0].took_out = took_out;
            report.extra_loot = u32::MAX;
        }
        assert!(CampaignState::replay(&f).is_err());
    }
}

/// A recorded decision the rules do not offer at that point is refused,
/// naming the field: care with a medicine the stash does not hold, a level
/// spent on a skill the model knows already.
#[test]
fn edited_decisions_the_rules_do_not_allow_are_refused() {
    use mortalis_rules::campaign::events::CareBy;
    let is_care = |e: &Event| matches!(e, Event::Care { .. });
    let (kind, msg) = edit_refused(0, is_care, |e| {
        if let Event::Care { by, dice, .. } = e {
            *by = CareBy::MedicalNanobots;
            *dice = None;
        }
    });
    assert_eq!(kind, "care");
    assert!(
        msg.contains("`by` is \"medical_nanobots\" in the log, the rules give an answer allowed here (none, pay)"),
        "{msg}"
    );
    // Rex's second level spent on a skill he knows from the start.
    let is_skill = |e: &Event| matches!(e, Event::Advance { skill: Some(_), .. });
    let (kind, msg) = edit_refused(0, is_skill, |e| {
        if let Event::Advance { model, skill, .. } = e {
            assert_eq!(model, "Rex");
            *skill = Some(mortalis_rules::skills::Skill::EagleEye);
        }
    });
    assert_eq!(kind, "advance");
    assert!(msg.contains("`skill` is \"eagle_eye\" in the log"), "{msg}");
}
