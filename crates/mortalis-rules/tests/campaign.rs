//! Campaign: tables at their boundaries, rulings, undo and replay properties.

use mortalis_rules::campaign::events::{BattleResult, CareBy, ModelReport, loot_find};
use mortalis_rules::campaign::postbattle;
use mortalis_rules::campaign::tables::{self, *};
use mortalis_rules::campaign::{
    BattleReport, CampaignError, CampaignFile, CampaignState, DiceOrigin, Event, Purchase,
};
use mortalis_rules::dice::TypedDice;
use mortalis_rules::equipment::{Modification as M, SpecialItem as S};
use mortalis_rules::warband::WarbandFile;
use proptest::prelude::*;

mod common;
use common::RandomDecider;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const WARBAND: &str = include_str!("../../mortalis-cli/tests/data/campaign/warband.toml");

fn file() -> CampaignFile {
    let w: WarbandFile = toml::from_str(WARBAND).unwrap();
    CampaignFile::new(w).unwrap()
}

#[test]
fn tables_at_their_boundaries() {
    use Injury::*;
    let inj: Vec<Injury> = (2..=12).map(tables::injury).collect();
    assert_eq!(
        inj,
        [
            Death,
            Death,
            BadlyWounded,
            SeriousInjury,
            Amnesia,
            LightWounds,
            LightWounds,
            LightWounds,
            LightWounds,
            LessonLearnt,
            LessonLearnt
        ]
    );
    use LootKind::*;
    let loot: Vec<LootKind> = (2..=12).map(tables::loot).collect();
    assert_eq!(
        loot,
        [
            Technology(5),
            Technology(5),
            Technology(10),
            Technology(10),
            Technology(15),
            RangedMod,
            RangedMod,
            ArmourMod,
            ArmourMod,
            Special,
            Special
        ]
    );
    assert_eq!(ranged_mod(2, 3), Goods::Mod(M::HighEnergyBatteries));
    assert_eq!(ranged_mod(1, 4), Goods::Mod(M::FireStabiliser));
    assert_eq!(ranged_mod(2, 6), Goods::Mod(M::PrecisionSight));
    assert_eq!(ranged_mod(3, 4), Goods::Item(S::ArmourPiercingRounds));
    assert_eq!(ranged_mod(6, 5), Goods::Item(S::HighPressureTanks));
    assert_eq!(ranged_mod(3, 6), Goods::Item(S::HomingMissiles));
    assert_eq!(armour_mod(1, 3), M::UltralightAlloy);
    assert_eq!(armour_mod(1, 4), M::ImpactPattern);
    assert_eq!(armour_mod(1, 6), M::Nanoblade);
    assert_eq!(armour_mod(2, 4), M::ArmouredFibres);
    assert_eq!(armour_mod(3, 5), M::ForceField);
    assert_eq!(armour_mod(4, 4), M::Polychitin);
    assert_eq!(armour_mod(5, 5), M::Servomotors);
    assert_eq!(armour_mod(6, 1), M::PowerBoost);
    assert!(armour_needs_second(5) && !armour_needs_second(6));
    assert_eq!(
        (1..=6).map(special_kind).collect::<Vec<_>>(),
        [
            SpecialKind::Grenade,
            SpecialKind::Grenade,
            SpecialKind::Gadget,
            SpecialKind::Gadget,
            SpecialKind::Medicine,
            SpecialKind::Implant
        ]
    );
    assert_eq!(
        (grenade(2), grenade(3), grenade(4), grenade(5)),
        (
            S::SmokeGrenade,
            S::StunGrenade,
            S::StunGrenade,
            S::FragGrenade
        )
    );
    assert_eq!(gadget(1), Some(S::SuppressionFilter));
    assert_eq!(gadget(5), Some(S::Biodetector));
    assert_eq!(gadget(6), None);
    assert_eq!(
        (
            medicine(5),
            medicine(6),
            medicine(7),
            medicine(8),
            medicine(9),
            medicine(10)
        ),
        (
            Medicine::CombatMedkit,
            Medicine::SurgicalAutomaton,
            Medicine::SurgicalAutomaton,
            Medicine::MedicalNanobots,
            Medicine::MedicalNanobots,
            Medicine::GhostCatcher
        )
    );
    assert_eq!(
        (implant(4), implant(5)),
        (Implant::Memory, Implant::Cognitive)
    );
    assert_eq!(
        (level(7), level(8)),
        (LevelKind::CharacteristicOrSkill, LevelKind::SkillOnly)
    );
    assert_eq!(Injury::BadlyWounded.care_cost(), Some(15));
    assert_eq!(Injury::SeriousInjury.care_cost(), Some(10));
    assert_eq!(Injury::Amnesia.care_cost(), Some(5));
    assert_eq!(Injury::Death.care_cost(), None);
    assert_eq!(scenario_income(Scenario::Pride, true), (30, 3));
    assert_eq!(scenario_income(Scenario::Pride, false), (20, 2));
    assert_eq!(scenario_income(Scenario::Massacre, true), (20, 0));
    // Full loot sequences, including the no-second-roll sarcophagus.
    assert_eq!(
        loot_find(&[5, 5, 6], None),
        Ok(events_goods(Goods::Mod(M::PowerBoost)))
    );
    assert!(loot_find(&[5, 5, 6, 1], None).is_err());
    assert_eq!(
        loot_find(&[6, 6, 5, 6, 6], None),
        Ok(events_goods(Goods::Medicine(Medicine::GhostCatcher)))
    );
    assert!(
        loot_find(&[6, 6, 3, 6], None).is_err(),
        "gadget 6 needs a pick"
    );
    assert_eq!(
        loot_find(&[6, 6, 3, 6], Some(Goods::Item(S::EyeImplant))),
        Ok(events_goods(Goods::Item(S::EyeImplant)))
    );
}

fn events_goods(g: Goods) -> mortalis_rules::campaign::events::LootFind {
    mortalis_rules::campaign::events::LootFind::Goods(g)
}

fn battle(n: u32, models: Vec<ModelReport>) -> Event {
    Event::Battle {
        number: n,
        report: BattleReport {
            scenario: Scenario::Massacre,
            result: BattleResult::Win,
            extra_loot: 0,
            models,
            challenges: vec![],
            volunteers: 0,
            opponent_strength: None,
        },
        dice: DiceOrigin::Typed,
    }
}

fn hurt(name: &str) -> ModelReport {
    ModelReport {
        name: name.into(),
        took_out: 0,
        markers: 0,
        out_of_action: true,
        escaped: false,
        xp: 0,
        object: false,
        used: vec![],
    }
}

fn apply_all(s: &mut CampaignState, ev: &[Event]) -> Result<(), CampaignError> {
    ev.iter().try_for_each(|e| s.apply(e))
}

#[test]
fn ruling_amnesia_care_has_no_roll_and_care_is_once() {
    let f = file();
    let mut s = CampaignState::replay(&f).unwrap();
    apply_all(
        &mut s,
        &[
            battle(1, vec![hurt("Ada")]),
            Event::InjuryRoll {
                model: "Ada".into(),
                dice: [3, 3],
                result: Injury::Amnesia,
            },
        ],
    )
    .unwrap();
    let mut t = s.clone();
    let bad = Event::Care {
        model: "Ada".into(),
        by: CareBy::Credits,
        dice: Some([6, 6]),
        result: Injury::LessonLearnt,
    };
    assert!(t.apply(&bad).is_err());
    let credits = s.credits;
    s.apply(&Event::Care {
        model: "Ada".into(),
        by: CareBy::Credits,
        dice: None,
        result: Injury::LightWounds,
    })
    .unwrap();
    assert_eq!(s.credits, credits - 5);
    let again = Event::Care {
        model: "Ada".into(),
        by: CareBy::Credits,
        dice: None,
        result: Injury::LightWounds,
    };
    assert!(s.clone().apply(&again).is_err());
}

#[test]
fn ruling_third_wound_retires_and_captain_death_is_permanent() {
    let mut s = CampaignState::replay(&file()).unwrap();
    for (n, w) in [
        (1, Wound::DamagedLeg),
        (2, Wound::BlindEye),
        (3, Wound::DeepScars),
    ] {
        apply_all(
            &mut s,
            &[
                battle(2 * n - 1, vec![]),
                battle(2 * n, vec![hurt("Ada")]),
                Event::InjuryRoll {
                    model: "Ada".into(),
                    dice: [2, 3],
                    result: Injury::SeriousInjury,
                },
                Event::InjuryResolved {
                    model: "Ada".into(),
                    wound: Some(w),
                    forget: None,
                },
            ],
        )
        .unwrap();
        if n < 3 {
            assert!(s.model("Ada").unwrap().misses_next);
            // A model recovering from a wound cannot be in the next report,
            // so the next battle leaves it out.
            let mut t = s.clone();
            assert!(t.apply(&battle(2 * n + 1, vec![hurt("Ada")])).is_err());
        }
    }
    assert!(s.model("Ada").is_err(), "retired after the third wound");
    assert!(s.stash.is_empty());
    apply_all(
        &mut s,
        &[
            battle(7, vec![hurt("Rex")]),
            Event::InjuryRoll {
                model: "Rex".into(),
                dice: [1, 1],
                result: Injury::Death,
            },
            Event::InjuryResolved {
                model: "Rex".into(),
                wound: None,
                forget: None,
            },
        ],
    )
    .unwrap();
    assert!(s.captain_lost);
    let mut hire: mortalis_rules::warband::ModelEntry =
        toml::from_str("name = \"New\"\narchetype = \"savage\"\ncaptain = true").unwrap();
    assert!(
        s.clone()
            .apply(&Event::Purchase {
                action: Purchase::Hire {
                    model: hire.clone(),
                    stash: false
                }
            })
            .is_err()
    );
    hire.captain = false;
    s.apply(&Event::Purchase {
        action: Purchase::Hire {
            model: hire,
            stash: false,
        },
    })
    .unwrap();
}

#[test]
fn ruling_one_item_per_table_and_one_raise_per_break() {
    let mut s = CampaignState::replay(&file()).unwrap();
    s.apply(&Event::Income {
        amount: 200,
        reason: "test".into(),
    })
    .unwrap();
    s.apply(&battle(1, vec![])).unwrap();
    let buy = |i| Event::Purchase {
        action: Purchase::Buy {
            item: i,
            model: None,
        },
    };
    s.apply(&buy(Goods::Item(S::FragGrenade))).unwrap();
    assert!(s.clone().apply(&buy(Goods::Item(S::SmokeGrenade))).is_err());
    s.apply(&buy(Goods::Item(S::Camouflage))).unwrap();
    assert!(
        s.clone()
            .apply(&buy(Goods::Medicine(Medicine::GhostCatcher)))
            .is_err()
    );
    // Rex has 4 XP; 4 more: levels 3 and 4 this break.
    s.apply(&Event::Xp {
        model: "Rex".into(),
        amount: 4,
        reason: "t".into(),
    })
    .unwrap();
    s.apply(&Event::LevelRoll {
        model: "Rex".into(),
        dice: [1, 1],
        result: LevelKind::CharacteristicOrSkill,
    })
    .unwrap();
    let raise = Event::Advance {
        model: "Rex".into(),
        characteristic: Some(mortalis_rules::profile::Characteristic::Fight),
        skill: None,
        free_trick: None,
    };
    s.apply(&raise).unwrap();
    s.apply(&Event::LevelRoll {
        model: "Rex".into(),
        dice: [1, 1],
        result: LevelKind::CharacteristicOrSkill,
    })
    .unwrap();
    assert!(
        s.clone().apply(&raise).is_err(),
        "same characteristic twice in one break"
    );
    // The recorded level kind must follow from the dice.
    let mut t = CampaignState::replay(&file()).unwrap();
    t.apply(&Event::Xp {
        model: "Ada".into(),
        amount: 2,
        reason: "t".into(),
    })
    .unwrap();
    assert!(matches!(
        t.apply(&Event::LevelRoll {
            model: "Ada".into(),
            dice: [6, 6],
            result: LevelKind::CharacteristicOrSkill
        }),
        Err(CampaignError::Inconsistent { .. })
    ));
}

fn random_campaign(seed: u64, battles: u32) -> CampaignFile {
    common::random_campaign(file(), seed, battles, false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn replay_is_deterministic_and_undo_restores_each_prefix(seed in any::<u64>()) {
        let f = random_campaign(seed, 3);
        let a = CampaignState::replay(&f).unwrap();
        let b = CampaignState::replay(&f).unwrap();
        prop_assert_eq!(&a, &b);
        // Incremental states, then undo one by one back to the start.
        let mut states = vec![CampaignState::replay(&CampaignFile { events: vec![], ..f.clone() }).unwrap()];
        for e in &f.events {
            let mut s = states.last().unwrap().clone();
            s.apply(e).unwrap();
            prop_assert!(i64::from(s.credits) >= 0);
            states.push(s);
        }
        let mut g = f.clone();
        while !g.events.is_empty() {
            prop_assert_eq!(&CampaignState::replay(&g).unwrap(), &states[g.events.len()]);
            g.undo_event();
        }
        prop_assert_eq!(&CampaignState::replay(&g).unwrap(), &states[0]);
        // The log survives JSON.
        let back: CampaignFile = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
        prop_assert_eq!(&CampaignState::replay(&back).unwrap(), &a);
    }

    #[test]
    fn purchases_never_overdraw(seed in any::<u64>(), price in 0u32..400) {
        let mut s = CampaignState::replay(&random_campaign(seed, 1)).unwrap();
        let before = s.credits;
        let hire: mortalis_rules::warband::ModelEntry =
            toml::from_str(&format!("name = \"Zz\"\narchetype = \"savage\"\nxp = {}", price / 15)).unwrap();
        match s.apply(&Event::Purchase { action: Purchase::Hire { model: hire, stash: true } }) {
            Ok(()) => prop_assert!(s.credits <= before),
            Err(CampaignError::CannotPay { cost, credits, .. }) => prop_assert!(cost > credits),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

#[test]
fn typed_dice_run_out_cleanly() {
    let s = CampaignState::replay(&file()).unwrap();
    let report = BattleReport {
        scenario: Scenario::Massacre,
        result: BattleResult::Win,
        extra_loot: 0,
        models: vec![hurt("Ada")],
        challenges: vec![],
        volunteers: 0,
        opponent_strength: None,
    };
    let mut dice = TypedDice::new(&[4]).unwrap();
    let mut d = RandomDecider(ChaCha8Rng::seed_from_u64(1), 0);
    assert!(matches!(
        postbattle::run(&s, &report, DiceOrigin::Typed, &mut dice, &mut d),
        Err(CampaignError::Dice(_))
    ));
}

/// The golden five-battle campaign of the CLI tests: every prefix replays,
/// and undoing the last event of each prefix gives exactly the state of the
/// prefix before it; replaying twice gives the same state.
#[test]
fn golden_campaign_undo_restores_every_previous_state() {
    let text = include_str!("../../mortalis-cli/tests/data/campaign/golden_campaign.json");
    let f: CampaignFile = serde_json::from_str(text).unwrap();
    assert!(f.events.len() > 50, "{} events", f.events.len());
    let mut states = vec![
        CampaignState::replay(&CampaignFile {
            events: vec![],
            ..f.clone()
        })
        .unwrap(),
    ];
    for e in &f.events {
        let mut s = states.last().unwrap().clone();
        s.apply(e).unwrap();
        states.push(s);
    }
    assert_eq!(CampaignState::replay(&f).unwrap(), *states.last().unwrap());
    assert_eq!(
        CampaignState::replay(&f).unwrap(),
        CampaignState::replay(&f).unwrap()
    );
    let mut g = f.clone();
    while g.undo_event().is_some() {
        assert_eq!(CampaignState::replay(&g).unwrap(), states[g.events.len()]);
    }
    assert_eq!(states.last().unwrap().battles, 5);
}
