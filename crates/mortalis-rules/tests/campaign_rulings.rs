//! Campaign rulings pinned one test each (docs/mortalis/rulings.md R35–R37,
//! R40, R43, R50–R53), on a warband with a beast master, a haggler, a fence
//! and a technomancer (tests/data/campaign/menagerie.toml).

use mortalis_rules::campaign::events::{
    CareBy, LootFind, OBJECT_LOOT_ROLLS, buy_price, care_price, forgettable_skills,
};
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::tables::{Goods, Implant, Injury, Medicine};
use mortalis_rules::campaign::{
    BattleReport, CampaignError, CampaignFile, CampaignState, DiceOrigin, Event, Purchase,
};
use mortalis_rules::dice::TypedDice;
use mortalis_rules::equipment::SpecialItem;
use mortalis_rules::skills::Skill;
use mortalis_rules::warband::WarbandFile;

const MENAGERIE: &str = include_str!("data/campaign/menagerie.toml");

fn start() -> CampaignState {
    let w: WarbandFile = toml::from_str(MENAGERIE).unwrap();
    CampaignState::replay(&CampaignFile::new(w).unwrap()).unwrap()
}

fn report(toml_text: &str) -> BattleReport {
    toml::from_str(toml_text).unwrap()
}

fn battle(s: &CampaignState, r: &BattleReport) -> Event {
    Event::Battle {
        number: s.battles + 1,
        report: r.clone(),
        dice: DiceOrigin::Typed,
    }
}

/// Answers by key, else the first choice; purchases in order.
struct Answers {
    keys: Vec<(&'static str, &'static str)>,
    purchases: Vec<Purchase>,
}

impl Answers {
    fn new(keys: &[(&'static str, &'static str)]) -> Self {
        Answers {
            keys: keys.to_vec(),
            purchases: Vec::new(),
        }
    }
}

impl Decider for Answers {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        Ok(self
            .keys
            .iter()
            .find(|(k, _)| *k == q.key)
            .map_or_else(|| q.choices[0].id.clone(), |(_, a)| a.to_string()))
    }
    fn next_purchase(&mut self, _: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        Ok((!self.purchases.is_empty()).then(|| self.purchases.remove(0)))
    }
}

fn run(
    s: &CampaignState,
    r: &BattleReport,
    dice: &[u8],
    d: &mut Answers,
) -> Result<Vec<Event>, CampaignError> {
    let dice: Vec<i64> = dice.iter().map(|&d| i64::from(d)).collect();
    let mut dice = TypedDice::new(&dice).unwrap();
    postbattle::run(s, r, DiceOrigin::Typed, &mut dice, d)
}

fn trade(s: &CampaignState, dice: &[u8], d: &mut Answers) -> Result<Vec<Event>, CampaignError> {
    let dice: Vec<i64> = dice.iter().map(|&d| i64::from(d)).collect();
    let mut dice = TypedDice::new(&dice).unwrap();
    postbattle::trade(s, DiceOrigin::Typed, &mut dice, d)
}

fn apply_all(s: &mut CampaignState, ev: &[Event]) {
    for e in ev {
        s.apply(e).unwrap();
    }
}

fn xp_events(ev: &[Event]) -> Vec<(String, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Xp { model, amount, .. } => Some((model.clone(), *amount)),
            _ => None,
        })
        .collect()
}

fn forbidden(s: &CampaignState, e: &Event) -> String {
    match s.clone().apply(e) {
        Err(CampaignError::Forbidden(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// R50: the interception object gives four loot rolls and 2 XP to a lone
/// carrier, 1 XP each to two carriers; it exists only in interception, at
/// most two carry it, and pets carry neither markers nor the object.
#[test]
fn r50_interception_object() {
    let s = start();
    let alone = report(
        "scenario = 'interception'\nresult = 'win'\n[[model]]\nname = 'A'\nobject = true\nmarkers = 1",
    );
    assert_eq!(alone.loot_rolls(), OBJECT_LOOT_ROLLS + 1);
    // Five loot rolls of technologies (2d6 = 2), then A's first level.
    let ev = run(&s, &alone, &[1; 12], &mut Answers::new(&[])).unwrap();
    let loot = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Loot {
                    find: LootFind::Technology(5),
                    ..
                }
            )
        })
        .count();
    assert_eq!(loot, 5);
    assert_eq!(xp_events(&ev), vec![("A".to_string(), 3)]);

    let two = report(
        "scenario = 'interception'\nresult = 'draw'\n[[model]]\nname = 'A'\nobject = true\n[[model]]\nname = 'B'\nobject = true",
    );
    assert_eq!(two.loot_rolls(), OBJECT_LOOT_ROLLS);
    let ev = run(&s, &two, &[1; 8], &mut Answers::new(&[])).unwrap();
    assert_eq!(
        xp_events(&ev),
        vec![("A".to_string(), 1), ("B".to_string(), 1)]
    );

    let three = report(
        "scenario = 'interception'\nresult = 'win'\n[[model]]\nname = 'A'\nobject = true\n[[model]]\nname = 'B'\nobject = true\n[[model]]\nname = 'C'\nobject = true",
    );
    assert!(forbidden(&s, &battle(&s, &three)).contains("at most two"));
    let elsewhere =
        report("scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nobject = true");
    assert!(forbidden(&s, &battle(&s, &elsewhere)).contains("interception"));
    let pet =
        report("scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'Pies'\nmarkers = 1");
    assert!(forbidden(&s, &battle(&s, &pet)).contains("pet"));
}

fn kill(s: &mut CampaignState, name: &str) {
    let r = report(&format!(
        "scenario = 'massacre'\nresult = 'loss'\n[[model]]\nname = '{name}'\nout_of_action = true"
    ));
    let b = battle(s, &r);
    apply_all(
        s,
        &[
            b,
            Event::InjuryRoll {
                model: name.into(),
                dice: [1, 1],
                result: Injury::Death,
            },
            Event::InjuryResolved {
                model: name.into(),
                wound: None,
                forget: None,
            },
        ],
    );
}

fn names(s: &CampaignState) -> Vec<&str> {
    s.models.iter().map(|m| m.name()).collect()
}

/// R51: when the last beast master dies, the pets over the seven-model limit
/// die with it (the most recently joined first); a second beast master
/// anywhere in the warband saves them; a beast master cannot leave the field
/// while its pets would be over the limit.
#[test]
fn r51_beast_master_death_takes_the_extra_pets() {
    let mut s = start();
    assert_eq!(s.fielded().count(), 9);
    let stash = Event::Purchase {
        action: Purchase::ToStash {
            model: "Doc".into(),
        },
    };
    assert!(forbidden(&s, &stash).contains("at most 7"));
    let fire = Event::Purchase {
        action: Purchase::Fire {
            model: "Doc".into(),
        },
    };
    assert!(forbidden(&s, &fire).contains("at most 7"));

    // Nine in the field: both pets go with the beast master.
    let mut a = s.clone();
    kill(&mut a, "Doc");
    assert_eq!(names(&a), ["Kapo", "Tech", "Vet", "A", "B", "C"]);

    // Eight in the field (one pet stashed): only the fielded extra pet goes.
    let mut b = s.clone();
    b.apply(&Event::Purchase {
        action: Purchase::ToStash {
            model: "Szczur".into(),
        },
    })
    .unwrap();
    kill(&mut b, "Doc");
    assert_eq!(names(&b), ["Kapo", "Tech", "Vet", "A", "B", "C", "Szczur"]);

    // A second beast master (here the technomancer) protects the pets.
    let tech = s.models.iter_mut().find(|m| m.name() == "Tech").unwrap();
    tech.entry.skills.push(Skill::BeastMaster);
    kill(&mut s, "Doc");
    assert!(names(&s).contains(&"Pies") && names(&s).contains(&"Szczur"));
}

/// Volunteers (ruling R52): only against a stronger opponent whose strength
/// the report gives, one per full 15 points of its advantage.
#[test]
fn r52_volunteers_follow_the_strength_gap() {
    let s = start();
    let own = s.strength();
    assert_eq!(own, 35);
    let r = |v: u32, opp: Option<u32>| {
        let mut t = format!("scenario = 'massacre'\nresult = 'win'\nvolunteers = {v}\n");
        if let Some(o) = opp {
            t.push_str(&format!("opponent_strength = {o}\n"));
        }
        battle(&s, &report(&t))
    };
    assert!(forbidden(&s, &r(1, None)).contains("opponent_strength"));
    assert!(forbidden(&s, &r(1, Some(own + 14))).contains("at most 0"));
    s.clone().apply(&r(1, Some(own + 15))).unwrap();
    assert!(forbidden(&s, &r(2, Some(own + 29))).contains("at most 1"));
    s.clone().apply(&r(2, Some(own + 30))).unwrap();
    // Volunteers are not models of the warband: the report cannot name one.
    let named = report("scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'Ochotnik'");
    assert!(matches!(
        s.clone().apply(&battle(&s, &named)),
        Err(CampaignError::NoSuchModel(_))
    ));
}

/// R35: haggling adds 20% (rounded down) to sales and the fence takes 20%
/// off purchases, but only while their owner is fielded and needs no care.
#[test]
fn r35_trade_skills_need_a_fielded_healthy_owner() {
    let mut s = start();
    let grenade = Goods::Item(SpecialItem::FragGrenade);
    let value = grenade.value().unwrap();
    let full = 3 * value;
    assert_eq!(buy_price(&s, grenade), Some(full * 4 / 5));
    // Selling found technologies: 15 tk, haggled to 18.
    let r = report(
        "scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nmarkers = 1\n[[model]]\nname = 'Kapo'\nout_of_action = true\n[[model]]\nname = 'Vet'\nout_of_action = true",
    );
    let before = s.credits;
    let b = battle(&s, &r);
    apply_all(
        &mut s,
        &[
            b,
            Event::Loot {
                dice: vec![3, 3],
                find: LootFind::Technology(15),
                pick: None,
                sell: true,
                note: None,
            },
        ],
    );
    assert_eq!(s.credits, before + 18);
    // Both owners roll a serious injury: now they need care, no discounts.
    for n in ["Kapo", "Vet"] {
        s.apply(&Event::InjuryRoll {
            model: n.into(),
            dice: [2, 3],
            result: Injury::SeriousInjury,
        })
        .unwrap();
    }
    assert_eq!(buy_price(&s, grenade), Some(full));
    let mut t = s.clone();
    t.stash.push(grenade);
    let c = t.credits;
    t.apply(&Event::Purchase {
        action: Purchase::Sell { item: grenade },
    })
    .unwrap();
    assert_eq!(t.credits, c + value);
}

/// R36: one loot roll per marker, per challenge technology, three (win) or
/// two (loss, draw) in pride, plus the agreed extras.
#[test]
fn r36_loot_roll_count() {
    let r = report(
        "scenario = 'massacre'\nresult = 'win'\nextra_loot = 1\n[[model]]\nname = 'A'\nmarkers = 2\n[[challenge]]\nid = 'courier'\nmodel = 'A'\n[[challenge]]\nid = 'hidden_data'\n[[challenge]]\nid = 'lesson'\nmodel = 'B'",
    );
    assert_eq!(r.loot_rolls(), 2 + 1 + 1 + 1);
    assert_eq!(r.income(), 20);
    let pride = |res: &str| report(&format!("scenario = 'pride'\nresult = '{res}'"));
    assert_eq!(pride("win").loot_rolls(), 3);
    assert_eq!(pride("win").income(), 30);
    assert_eq!(pride("loss").loot_rolls(), 2);
    assert_eq!(pride("draw").loot_rolls(), 2);
    assert_eq!(pride("draw").income(), 20);
}

/// R37: "needs medical care" follows the first injury roll, even when care
/// is paid and heals: a medic who rolled a serious injury gives no discount
/// to the others treated in the same break.
#[test]
fn r37_needing_care_is_set_by_the_first_roll() {
    let mut s = start();
    s.credits = 100;
    s.models[1].entry.skills.push(Skill::Medic);
    let r = report(
        "scenario = 'massacre'\nresult = 'loss'\n[[model]]\nname = 'Doc'\nout_of_action = true\n[[model]]\nname = 'A'\nout_of_action = true",
    );
    s.apply(&battle(&s, &r)).unwrap();
    assert_eq!(care_price(&s, 15), 12, "the medic's 20% off");
    s.apply(&Event::InjuryRoll {
        model: "Doc".into(),
        dice: [2, 3],
        result: Injury::SeriousInjury,
    })
    .unwrap();
    assert_eq!(care_price(&s, 15), 15);
    s.apply(&Event::Care {
        model: "Doc".into(),
        by: CareBy::Credits,
        dice: Some([5, 5]),
        result: Injury::LightWounds,
    })
    .unwrap();
    assert_eq!(
        s.credits,
        100 - 10,
        "serious injury care: 10 tk, no discount"
    );
    assert!(s.model("Doc").unwrap().needs_care);
    assert_eq!(
        care_price(&s, 15),
        15,
        "healed, still no discount this break"
    );
    // Light wounds on the first roll need no care: the discount stands.
    let mut t = start();
    t.models[1].entry.skills.push(Skill::Medic);
    t.apply(&battle(&t, &r)).unwrap();
    t.apply(&Event::InjuryRoll {
        model: "Doc".into(),
        dice: [4, 4],
        result: Injury::LightWounds,
    })
    .unwrap();
    assert_eq!(care_price(&t, 10), 8);
}

/// R40: amnesia never takes the technomancer's innate skill; forgetting
/// Hiding also forgets Sneaking, forgetting Technomancer tricks the tricks.
#[test]
fn r40_amnesia_and_dependent_skills() {
    let mut s = start();
    let tech = s.model("Tech").unwrap();
    assert_eq!(forgettable_skills(tech), vec![Skill::ShortCircuit]);
    // Kapo learns Sneaking (needs Hiding), then forgets Hiding.
    s.models[0].entry.skills.push(Skill::Sneaking);
    assert!(s.models[0].problems().is_empty());
    let r = report(
        "scenario = 'massacre'\nresult = 'loss'\n[[model]]\nname = 'Kapo'\nout_of_action = true\n[[model]]\nname = 'Doc'\nout_of_action = true",
    );
    s.apply(&battle(&s, &r)).unwrap();
    for n in ["Kapo", "Doc"] {
        s.apply(&Event::InjuryRoll {
            model: n.into(),
            dice: [3, 3],
            result: Injury::Amnesia,
        })
        .unwrap();
    }
    s.apply(&Event::InjuryResolved {
        model: "Kapo".into(),
        wound: None,
        forget: Some(Skill::Hiding),
    })
    .unwrap();
    assert_eq!(s.model("Kapo").unwrap().entry.skills, vec![Skill::Haggling]);
    // The medic (a specialist) learned Technomancer tricks and a trick.
    let doc = s.models.iter_mut().find(|m| m.name() == "Doc").unwrap();
    doc.entry
        .skills
        .extend([Skill::TechnomancerTricks, Skill::Flash]);
    assert!(doc.problems().is_empty());
    let mut t = s.clone();
    t.apply(&Event::InjuryResolved {
        model: "Doc".into(),
        wound: None,
        forget: Some(Skill::TechnomancerTricks),
    })
    .unwrap();
    assert_eq!(
        t.model("Doc").unwrap().entry.skills,
        vec![Skill::BeastMaster]
    );
    // The technomancer's innate skill cannot be chosen.
    let mut u = start();
    let r = report(
        "scenario = 'massacre'\nresult = 'loss'\n[[model]]\nname = 'Tech'\nout_of_action = true",
    );
    u.apply(&battle(&u, &r)).unwrap();
    u.apply(&Event::InjuryRoll {
        model: "Tech".into(),
        dice: [3, 3],
        result: Injury::Amnesia,
    })
    .unwrap();
    let e = Event::InjuryResolved {
        model: "Tech".into(),
        wound: None,
        forget: Some(Skill::TechnomancerTricks),
    };
    assert!(forbidden(&u, &e).contains("cannot forget"));
}

/// R43: an implant used during loot brings its level in the same break's
/// advancement; one used later (purchases, trading) waits for the next break.
#[test]
fn r43_implant_levels_roll_at_the_next_advancement() {
    let s = start();
    // A: 0 XP, 1 marker (+1 XP). Loot 6+6, special 6 (implant), 1 (memory: +1 XP).
    let r = report("scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nmarkers = 1");
    let mut d = Answers::new(&[("loot.1.implant", "A"), ("level.A.1", "speed")]);
    // Loot dice, then the level roll (2d6 = 2: characteristic or skill).
    let ev = run(&s, &r, &[6, 6, 6, 1, 1, 1], &mut d).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Purchase {
            action: Purchase::UseImplant {
                item: Implant::Memory,
                ..
            }
        }
    )));
    let mut now = s.clone();
    apply_all(&mut now, &ev);
    let a = now.model("A").unwrap();
    assert_eq!((a.xp, a.levels), (2, 1), "rolled in this break");

    // Kept in the stash and used while trading: the level waits.
    let mut d = Answers::new(&[("loot.1.implant", "keep")]);
    let ev = run(&s, &r, &[6, 6, 6, 1], &mut d).unwrap();
    let mut later = s.clone();
    apply_all(&mut later, &ev);
    assert_eq!(later.stash, vec![Goods::Implant(Implant::Memory)]);
    let mut d = Answers::new(&[]);
    d.purchases.push(Purchase::UseImplant {
        item: Implant::Memory,
        model: "A".into(),
    });
    let ev = trade(&later, &[], &mut d).unwrap();
    apply_all(&mut later, &ev);
    let a = later.model("A").unwrap();
    assert_eq!((a.xp, a.levels), (2, 0));
    let quiet = report("scenario = 'massacre'\nresult = 'loss'");
    let ev = run(
        &later,
        &quiet,
        &[3, 4],
        &mut Answers::new(&[("level.A.1", "fight")]),
    )
    .unwrap();
    apply_all(&mut later, &ev);
    let a = later.model("A").unwrap();
    assert_eq!((a.xp, a.levels), (2, 1), "rolled in the next break");
}

/// Trading between battles: purchases only, refused while a post-battle
/// sequence is unfinished, and the one-item-per-table limit spans the break.
#[test]
fn trading_between_battles() {
    let mut s = start();
    s.credits = 200;
    let buy = |item| Purchase::Buy { item, model: None };
    let mut d = Answers::new(&[]);
    d.purchases = vec![buy(Goods::Item(SpecialItem::FragGrenade))];
    let ev = trade(&s, &[], &mut d).unwrap();
    apply_all(&mut s, &ev);
    let mut d = Answers::new(&[]);
    d.purchases = vec![buy(Goods::Item(SpecialItem::SmokeGrenade))];
    assert!(matches!(
        trade(&s, &[], &mut d),
        Err(CampaignError::Decision { key, message })
            if key == "purchase 1" && message.contains("one item from each table")
    ));
    // Mid-sequence (an injury rolled, not resolved): no trading.
    let r = report(
        "scenario = 'massacre'\nresult = 'loss'\n[[model]]\nname = 'A'\nout_of_action = true",
    );
    let b = battle(&s, &r);
    apply_all(
        &mut s,
        &[
            b,
            Event::InjuryRoll {
                model: "A".into(),
                dice: [4, 4],
                result: Injury::LightWounds,
            },
        ],
    );
    assert!(matches!(
        trade(&s, &[], &mut Answers::new(&[])),
        Err(CampaignError::Forbidden(m)) if m.contains("unfinished")
    ));
    let _ = Medicine::CombatMedkit;
}

fn purchase(s: &mut CampaignState, p: Purchase) -> Result<(), CampaignError> {
    s.apply(&Event::Purchase { action: p })
}

/// R60: levels a model has but did not spend in the warband file (or bought
/// with a recruit's experience) wait for the next advancement step, where
/// they are rolled like any other level; advances made at creation count for
/// the first break.
#[test]
fn r60_unspent_starting_levels_are_rolled_later() {
    let mut w: WarbandFile = toml::from_str(MENAGERIE).unwrap();
    w.models[0].skills.clear(); // the captain keeps both levels
    w.models[3].skills.clear();
    w.models[3].advances = vec![mortalis_rules::profile::Characteristic::Fight];
    let s = CampaignState::replay(&CampaignFile::new(w).unwrap()).unwrap();
    assert_eq!(s.model("Kapo").unwrap().levels, 0);
    assert_eq!(s.model("Vet").unwrap().levels, 1);
    assert_eq!(postbattle::pending_levels(&s), 2);
    // Trading rolls them: 1+1 then 6+6 (characteristic or skill, skill only).
    let mut d = Answers::new(&[("level.Kapo.1", "fight"), ("level.Kapo.2", "lucky")]);
    let ev = trade(&s, &[1, 1, 6, 6], &mut d).unwrap();
    assert!(matches!(ev[0], Event::Trade { .. }));
    let mut t = s.clone();
    apply_all(&mut t, &ev);
    let kapo = t.model("Kapo").unwrap();
    assert_eq!(kapo.levels, 2);
    assert_eq!(kapo.entry.advances.len(), 1);
    assert!(kapo.entry.skills.contains(&Skill::Lucky));
    // The veteran's creation advance counts for this break: no second Fight.
    let mut vet = s.model("Vet").unwrap().clone();
    vet.xp = 4;
    assert!(
        !mortalis_rules::campaign::events::raisable(&vet)
            .contains(&mortalis_rules::profile::Characteristic::Fight)
    );
    // Nothing pending and no purchase: nothing to record.
    assert!(trade(&t, &[], &mut Answers::new(&[])).unwrap().is_empty());
}

/// R61: special equipment bought with a recruit counts against the
/// one-item-per-table limit and gets the fence's discount.
#[test]
fn r61_equipment_of_a_recruit_is_a_purchase() {
    let mut s = start();
    s.credits = 300;
    let recruit = |name: &str, item: &str| -> Purchase {
        Purchase::Hire {
            model: toml::from_str(&format!(
                "name = '{name}'\narchetype = 'savage'\nitems = ['{item}']"
            ))
            .unwrap(),
            stash: true,
        }
    };
    let bare: mortalis_rules::warband::ModelEntry =
        toml::from_str("name = 'X'\narchetype = 'savage'").unwrap();
    let base = mortalis_rules::warband::check(&WarbandFile {
        name: String::new(),
        budget: 1000,
        models: vec![bare],
    })
    .cost;
    let before = s.credits;
    purchase(&mut s, recruit("R1", "smoke_grenade")).unwrap();
    // The fence (Vet) takes 20% off the grenade's 15 tk.
    assert_eq!(before - s.credits, base + 12);
    let e = purchase(&mut s.clone(), recruit("R2", "frag_grenade")).unwrap_err();
    assert!(e.to_string().contains("Grenades table was used"), "{e}");
    let e = purchase(
        &mut s,
        Purchase::Buy {
            item: Goods::Item(SpecialItem::StunGrenade),
            model: None,
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("one item from each table"), "{e}");
}

/// R62 and R63: any model may be fired, the captain too (then lost for
/// good); climbing gear is bought for 5 tk at any time, a jetpack never
/// after hiring.
#[test]
fn r62_r63_firing_the_captain_and_buying_gear() {
    let mut s = start();
    purchase(
        &mut s,
        Purchase::Fire {
            model: "Kapo".into(),
        },
    )
    .unwrap();
    assert!(s.captain_lost);
    assert!(s.model("Kapo").is_err());
    let c = s.credits;
    purchase(
        &mut s,
        Purchase::BuyGear {
            item: mortalis_rules::equipment::Item::ClimbingGear,
            model: "A".into(),
        },
    )
    .unwrap();
    assert_eq!(s.credits, c - 5);
    assert_eq!(
        s.model("A").unwrap().entry.gear,
        vec![mortalis_rules::equipment::Item::ClimbingGear]
    );
    let e = purchase(
        &mut s,
        Purchase::BuyGear {
            item: mortalis_rules::equipment::Item::Jetpack,
            model: "B".into(),
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("hired"), "{e}");
}

/// R64: thrown grenades are struck off; ammunition carried into a battle is
/// spent, ammunition in the stash or on a stashed model is kept.
#[test]
fn r64_grenades_and_ammunition_are_used_up() {
    let mut s = start();
    let give = |s: &mut CampaignState, n: &str, i: SpecialItem| {
        let m = s.models.iter_mut().find(|m| m.name() == n).unwrap();
        m.entry.items.push(i);
    };
    give(&mut s, "A", SpecialItem::FragGrenade);
    give(&mut s, "A", SpecialItem::SmokeGrenade);
    give(&mut s, "Doc", SpecialItem::ArmourPiercingRounds);
    give(&mut s, "B", SpecialItem::ArmourPiercingRounds);
    purchase(&mut s, Purchase::ToStash { model: "B".into() }).unwrap();
    s.stash.push(Goods::Item(SpecialItem::HomingMissiles));
    let too_many = report(
        "scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nused = ['frag_grenade', 'frag_grenade']",
    );
    assert!(forbidden(&s, &battle(&s, &too_many)).contains("carries 1"));
    let r = report(
        "scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nused = ['frag_grenade']",
    );
    s.apply(&battle(&s, &r)).unwrap();
    assert_eq!(
        s.model("A").unwrap().entry.items,
        vec![SpecialItem::SmokeGrenade]
    );
    assert!(s.model("Doc").unwrap().entry.items.is_empty());
    assert_eq!(
        s.model("B").unwrap().entry.items,
        vec![SpecialItem::ArmourPiercingRounds]
    );
    assert_eq!(s.stash, vec![Goods::Item(SpecialItem::HomingMissiles)]);
}

/// R65: at most two different challenges; those that need their model on
/// its feet refuse a model taken out; the egghead duel's experience goes to a
/// specialist; no fireworks needs someone who knows tricks; pets gain none.
#[test]
fn r65_challenge_conditions() {
    let s = start();
    let refused = |extra: &str| {
        let r = report(&format!(
            "scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nout_of_action = true\n{extra}"
        ));
        forbidden(&s, &battle(&s, &r))
    };
    let ch = |id: &str, model: &str| format!("[[challenge]]\nid = '{id}'\nmodel = '{model}'\n");
    assert!(
        refused(&(ch("lesson", "B") + &ch("stoicism", "B") + &ch("foresight", "B")))
            .contains("at most two")
    );
    assert!(refused(&(ch("lesson", "B") + &ch("lesson", "C"))).contains("twice"));
    for id in ["predator", "pacifist", "courier", "hunt"] {
        assert!(refused(&ch(id, "A")).contains("taken out"), "{id}");
    }
    assert!(refused(&ch("egghead_duel", "B")).contains("not a specialist"));
    assert!(refused(&ch("lesson", "Pies")).contains("pet"));
    // The menagerie's technomancer knows a trick: no fireworks is possible,
    // until the technomancer sits in the stash.
    let ok = report(
        "scenario = 'massacre'\nresult = 'win'\n[[challenge]]\nid = 'no_fireworks'\nmodel = 'Doc'\n[[challenge]]\nid = 'egghead_duel'\nmodel = 'Tech'",
    );
    s.clone().apply(&battle(&s, &ok)).unwrap();
    let mut t = s.clone();
    purchase(
        &mut t,
        Purchase::ToStash {
            model: "Szczur".into(),
        },
    )
    .unwrap();
    purchase(
        &mut t,
        Purchase::ToStash {
            model: "Tech".into(),
        },
    )
    .unwrap();
    let nf = report(
        "scenario = 'massacre'\nresult = 'win'\n[[challenge]]\nid = 'no_fireworks'\nmodel = 'Doc'",
    );
    assert!(forbidden(&t, &battle(&t, &nf)).contains("technomancer tricks"));
}

/// R66: a model taken out carried nothing off and did not escape; pride has
/// no markers.
#[test]
fn r66_report_consistency() {
    let s = start();
    for body in [
        "scenario = 'massacre'\nresult = 'win'\n[[model]]\nname = 'A'\nout_of_action = true\nmarkers = 1",
        "scenario = 'pride'\nresult = 'win'\n[[model]]\nname = 'A'\nout_of_action = true\nescaped = true",
        "scenario = 'interception'\nresult = 'win'\n[[model]]\nname = 'A'\nout_of_action = true\nobject = true",
    ] {
        assert!(
            forbidden(&s, &battle(&s, &report(body))).contains("taken out"),
            "{body}"
        );
    }
    let pride = report("scenario = 'pride'\nresult = 'win'\n[[model]]\nname = 'A'\nmarkers = 1");
    assert!(forbidden(&s, &battle(&s, &pride)).contains("no technology markers"));
}
