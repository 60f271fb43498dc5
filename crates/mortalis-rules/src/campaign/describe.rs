//! One line of text for each event of the log, in Polish or English.

use super::events::{BattleReport, CareBy, LootFind, Purchase as P};
use super::tables::{Injury, LevelKind, Medicine, Wound};
use super::{DiceOrigin, Event};
use crate::Lang;
use crate::profile::Characteristic;
use crate::skills::Skill;

/// One line describing an event.
pub fn describe(e: &Event, lang: Lang) -> String {
    match e {
        Event::Battle {
            number,
            report,
            dice,
        } => battle(*number, report, dice, lang),
        Event::Trade { dice } => {
            let origin = origin(dice, lang);
            t(
                lang,
                format!("Handel między bitwami ({origin})"),
                format!("Trading between battles ({origin})"),
            )
        }
        Event::Income { amount, reason } => t(
            lang,
            format!("Zysk {amount} tk ({reason})"),
            format!("Income {amount} tk ({reason})"),
        ),
        Event::Loot {
            dice,
            find,
            sell,
            note,
            ..
        } => loot(dice, find, *sell, note.as_deref(), lang),
        Event::InjuryRoll {
            model,
            dice,
            result,
        } => t(
            lang,
            format!("Straty: {model} [{}] {}", d(dice), result.name(lang)),
            format!("Injury: {model} [{}] {}", d(dice), result.name(lang)),
        ),
        Event::Care {
            model,
            by,
            dice,
            result,
        } => care(model, *by, *dice, *result, lang),
        Event::GhostCatcher { model } => t(
            lang,
            format!("Duchołap ratuje: {model}"),
            format!("Ghost-catcher saves {model}"),
        ),
        Event::InjuryResolved {
            model,
            wound,
            forget,
        } => resolved(model, *wound, *forget, lang),
        Event::Xp {
            model,
            amount,
            reason,
        } => t(
            lang,
            format!("{model}: +{amount} PD ({reason})"),
            format!("{model}: +{amount} XP ({reason})"),
        ),
        Event::LevelRoll {
            model,
            dice,
            result,
        } => level_roll(model, dice, *result, lang),
        Event::Advance {
            model,
            characteristic,
            skill,
            free_trick,
        } => advance(model, *characteristic, *skill, *free_trick, lang),
        Event::Purchase { action } => purchase(action, lang),
    }
}

/// The Polish text for Polish, the English text for any other language.
fn t(lang: Lang, pl: String, en: String) -> String {
    if lang == Lang::Pl { pl } else { en }
}

/// Dice values joined with `+`.
fn d(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join("+")
}

/// Where a step's dice come from: a seed or typed in.
fn origin(dice: &DiceOrigin, lang: Lang) -> String {
    match dice {
        DiceOrigin::Seeded { seed } => t(
            lang,
            format!("kości z ziarna {seed}"),
            format!("dice seeded {seed}"),
        ),
        DiceOrigin::Typed => t(lang, "kości wpisywane".into(), "dice typed in".into()),
    }
}

/// A reported battle: number, scenario, result, dice and optional extras.
fn battle(number: u32, report: &BattleReport, dice: &DiceOrigin, lang: Lang) -> String {
    let origin = origin(dice, lang);
    let mut extra = String::new();
    if let Some(opp) = report.opponent_strength {
        extra.push_str(&t(
            lang,
            format!(", siła przeciwnika {opp}"),
            format!(", opponent strength {opp}"),
        ));
    }
    if report.volunteers > 0 {
        extra.push_str(&t(
            lang,
            format!(", ochotnicy {}", report.volunteers),
            format!(", volunteers {}", report.volunteers),
        ));
    }
    t(
        lang,
        format!(
            "Bitwa {number}: {} ({:?}), {origin}{extra}",
            report.scenario.name(lang),
            report.result
        ),
        format!(
            "Battle {number}: {} ({:?}), {origin}{extra}",
            report.scenario.name(lang),
            report.result
        ),
    )
}

/// A loot roll: its dice, any note, what was found and whether it was sold.
fn loot(dice: &[u8], find: &LootFind, sell: bool, note: Option<&str>, lang: Lang) -> String {
    let what = match find {
        LootFind::Technology(v) => t(
            lang,
            format!("technologie {v} tk"),
            format!("technologies {v} tk"),
        ),
        LootFind::Goods(g) => g.name(lang).to_string(),
    };
    let fate = if sell {
        t(lang, "sprzedane".into(), "sold".into())
    } else {
        t(lang, "do schowka".into(), "to the stash".into())
    };
    let note = note.map(|n| format!(" [{n}]")).unwrap_or_default();
    t(
        lang,
        format!("Grabież [{}]{note}: {what}, {fate}", d(dice)),
        format!("Loot [{}]{note}: {what}, {fate}", d(dice)),
    )
}

/// Medical care: who paid or which medicine, the reroll if any, the result.
fn care(model: &str, by: CareBy, dice: Option<[u8; 2]>, result: Injury, lang: Lang) -> String {
    let by = match by {
        CareBy::Credits => t(lang, "opłacona".into(), "paid".into()),
        CareBy::CombatMedkit => Medicine::CombatMedkit.name(lang).into(),
        CareBy::SurgicalAutomaton => Medicine::SurgicalAutomaton.name(lang).into(),
        CareBy::MedicalNanobots => Medicine::MedicalNanobots.name(lang).into(),
    };
    let roll = dice.map(|x| format!(" [{}]", d(&x))).unwrap_or_default();
    t(
        lang,
        format!(
            "Opieka medyczna ({by}): {model}{roll} {}",
            result.name(lang)
        ),
        format!("Medical care ({by}): {model}{roll} {}", result.name(lang)),
    )
}

/// An injury's outcome: the lasting wound taken or the skill forgotten.
fn resolved(model: &str, wound: Option<Wound>, forget: Option<Skill>, lang: Lang) -> String {
    let extra = wound
        .map(|w| format!(" {}", w.name(lang)))
        .or(forget.map(|s| format!(" -{}", s.name(lang))))
        .unwrap_or_default();
    t(
        lang,
        format!("Skutek ran: {model}{extra}"),
        format!("Injury resolved: {model}{extra}"),
    )
}

/// A level roll: its dice and the kind of level it gives.
fn level_roll(model: &str, dice: &[u8], result: LevelKind, lang: Lang) -> String {
    let k = match result {
        LevelKind::CharacteristicOrSkill => t(
            lang,
            "cecha lub umiejętność".into(),
            "characteristic or skill".into(),
        ),
        LevelKind::SkillOnly => t(lang, "tylko umiejętność".into(), "skill only".into()),
    };
    t(
        lang,
        format!("Poziom: {model} [{}] {k}", d(dice)),
        format!("Level: {model} [{}] {k}", d(dice)),
    )
}

/// A level spent: the characteristic raised and skills learnt, or `-`.
fn advance(
    model: &str,
    characteristic: Option<Characteristic>,
    skill: Option<Skill>,
    free_trick: Option<Skill>,
    lang: Lang,
) -> String {
    let mut what: Vec<String> = Vec::new();
    if let Some(c) = characteristic {
        what.push(format!("{} +1", c.id()));
    }
    if let Some(s) = skill {
        what.push(s.name(lang).into());
    }
    if let Some(s) = free_trick {
        what.push(s.name(lang).into());
    }
    if what.is_empty() {
        what.push("-".into());
    }
    t(
        lang,
        format!("Rozwój: {model} {}", what.join(", ")),
        format!("Advance: {model} {}", what.join(", ")),
    )
}

/// A purchase-phase action.
fn purchase(action: &P, lang: Lang) -> String {
    match action {
        P::Buy { item, model } => {
            let to = model
                .clone()
                .unwrap_or_else(|| t(lang, "schowek".into(), "stash".into()));
            t(
                lang,
                format!("Zakup: {} → {to}", item.name(lang)),
                format!("Buy: {} → {to}", item.name(lang)),
            )
        }
        P::Hire { model, stash } => {
            let w = if *stash {
                t(lang, " (schowek)".into(), " (stash)".into())
            } else {
                String::new()
            };
            t(
                lang,
                format!(
                    "Rekrutacja: {} ({}){w}",
                    model.name,
                    model.archetype.name(lang)
                ),
                format!("Hire: {} ({}){w}", model.name, model.archetype.name(lang)),
            )
        }
        P::Fire { model } => t(
            lang,
            format!("Zwolnienie: {model}"),
            format!("Fire: {model}"),
        ),
        P::BuyGear { item, model } => t(
            lang,
            format!("Zakup: {} → {model}", item.name(lang)),
            format!("Buy: {} → {model}", item.name(lang)),
        ),
        P::Sell { item } => t(
            lang,
            format!("Sprzedaż: {}", item.name(lang)),
            format!("Sell: {}", item.name(lang)),
        ),
        P::ToStash { model } => t(
            lang,
            format!("Do schowka: {model}"),
            format!("To stash: {model}"),
        ),
        P::ToField { model } => t(
            lang,
            format!("Do drużyny: {model}"),
            format!("To field: {model}"),
        ),
        P::Equip { item, model } => t(
            lang,
            format!("Wyposażenie: {} → {model}", item.name(lang)),
            format!("Equip: {} → {model}", item.name(lang)),
        ),
        P::Unequip { item, model } => t(
            lang,
            format!("Do schowka: {} od {model}", item.name(lang)),
            format!("Unequip: {} from {model}", item.name(lang)),
        ),
        P::UseImplant { item, model } => t(
            lang,
            format!("Implant: {} → {model}", item.name(lang)),
            format!("Implant: {} → {model}", item.name(lang)),
        ),
        P::ChooseImplant { model, skill } => t(
            lang,
            format!("Wszczep umiejętności {model}: {}", skill.name(lang)),
            format!("Skill implant of {model}: {}", skill.name(lang)),
        ),
    }
}
