//! The roster as text and as a printable page.

use std::fmt::Write as _;

use mortalis_rules::Lang;
use mortalis_rules::campaign::{CampaignModel, CampaignState};

/// The roster as text: the warband's credits, battles and strength, each
/// model with its details, then the stash and whether the captain is lost.
pub fn roster(state: &CampaignState, lang: Lang) -> String {
    let mut s = String::new();
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "{} — {} {} tk, {} {}, {} {}",
        state.name,
        t("kredyty", "credits"),
        state.credits,
        t("bitwy", "battles"),
        state.battles,
        t("siła", "strength"),
        state.strength()
    );
    for m in &state.models {
        model_lines(&mut s, m, lang);
    }
    let stash: Vec<&str> = state.stash.iter().map(|g| g.name(lang)).collect();
    let _ = writeln!(
        s,
        "{}: {}",
        t("Schowek", "Stash"),
        if stash.is_empty() {
            "—".to_string()
        } else {
            stash.join(", ")
        }
    );
    if state.captain_lost {
        let _ = writeln!(
            s,
            "{}",
            t(
                "Kapitan poległ: nie można wybrać nowego.",
                "The captain is dead: no new captain can be named."
            )
        );
    }
    s
}

/// One model's roster lines: its profile, experience and flags, then its
/// skills, items, implant and wounds when it has them.
fn model_lines(s: &mut String, m: &CampaignModel, lang: Lang) {
    let t = |pl, en| lang.pick(pl, en);
    let sheet = m.sheet();
    let flags = model_flags(m, lang);
    let _ = writeln!(
        s,
        "  {:<12} {:<18} {:<14} {} {:>2} ({} {}){}",
        m.name(),
        m.entry.archetype.name(lang),
        sheet.profile.to_string(),
        t("PD", "XP"),
        m.xp,
        t("poz.", "lvl"),
        m.levels,
        if flags.is_empty() {
            String::new()
        } else {
            format!(" [{}]", flags.join(", "))
        }
    );
    let list = |v: Vec<&str>| v.join(", ");
    if !m.entry.skills.is_empty() {
        let _ = writeln!(
            s,
            "      {}: {}",
            t("umiejętności", "skills"),
            list(m.entry.skills.iter().map(|k| k.name(lang)).collect())
        );
    }
    let items: Vec<&str> = m
        .entry
        .items
        .iter()
        .map(|k| k.name(lang))
        .chain(m.entry.mods.iter().map(|k| k.name(lang)))
        .collect();
    if !items.is_empty() {
        let _ = writeln!(s, "      {}: {}", t("przedmioty", "items"), list(items));
    }
    implant_line(s, m, lang);
    if !m.wounds.is_empty() {
        let _ = writeln!(
            s,
            "      {}: {}",
            t("rany", "wounds"),
            list(m.wounds.iter().map(|k| k.name(lang)).collect())
        );
    }
}

/// A model's flags in the roster: captain, in the stash, missing the next
/// battle, levels waiting to be rolled (not for pets).
fn model_flags(m: &CampaignModel, lang: Lang) -> Vec<String> {
    let t = |pl, en| lang.pick(pl, en);
    let mut flags = Vec::new();
    if m.entry.captain {
        flags.push(t("kapitan", "captain").to_string());
    }
    if m.in_stash {
        flags.push(t("schowek", "stash").to_string());
    }
    if m.misses_next {
        flags.push(t("pauzuje", "misses next battle").to_string());
    }
    let waiting = mortalis_rules::profile::level_for_xp(m.xp).saturating_sub(m.levels);
    if waiting > 0 && m.entry.archetype != mortalis_rules::warband::Archetype::Pet {
        flags.push(format!(
            "{} {waiting}",
            t("poziomy do rzutu:", "levels to roll:")
        ));
    }
    flags
}

/// B134: for a model with a Wszczep umiejętności, the Speed skill it holds
/// or the step still to take; nothing for the others.
fn implant_line(s: &mut String, m: &CampaignModel, lang: Lang) {
    let t = |pl, en| lang.pick(pl, en);
    if m.entry
        .items
        .contains(&mortalis_rules::equipment::SpecialItem::SkillImplant)
    {
        let held = match m.entry.implant {
            Some(k) => k.name(lang).to_string(),
            None => t(
                "bez wybranej umiejętności (implant_skill MODEL UMIEJĘTNOŚĆ przy zakupach)",
                "no skill chosen yet (implant_skill MODEL SKILL when trading)",
            )
            .to_string(),
        };
        let _ = writeln!(s, "      {}: {held}", t("wszczep", "implant"));
    }
}

/// A printable page of the campaign roster: every model with its profile
/// (wounds applied), experience, levels, equipment, skills, wounds and
/// status, then credits, stash and strength.
pub fn roster_html(state: &CampaignState, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = crate::render::html_start(&state.name, lang);
    let _ = writeln!(
        s,
        "<p>{} {} tk — {} {} — {} {}</p>",
        t("Kredyty", "Credits"),
        state.credits,
        t("bitwy", "battles"),
        state.battles,
        t("siła drużyny", "warband strength"),
        state.strength()
    );
    let _ = writeln!(
        s,
        "<table><tr><th>{}</th><th>{}</th><th>S</th><th>W</th><th>C</th><th>O</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        t("Model", "Model"),
        t("Archetyp", "Archetype"),
        t("PD", "XP"),
        t("Poziom", "Level"),
        t("Ekwipunek", "Equipment"),
        t("Umiejętności", "Skills"),
        t("Rany", "Wounds"),
        t("Status", "Status"),
    );
    for m in &state.models {
        let sheet = m.sheet();
        let mut eq: Vec<String> = sheet
            .equipment
            .iter()
            .map(|i| i.name(lang).to_string())
            .collect();
        if let Some(a) = sheet.armour.item() {
            eq.push(a.name(lang).to_string());
        }
        eq.extend(m.entry.items.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.entry.mods.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.entry.gear.iter().map(|i| i.name(lang).to_string()));
        eq.dedup();
        let skills: Vec<&str> = m.entry.skills.iter().map(|k| k.name(lang)).collect();
        let wounds: Vec<&str> = m.wounds.iter().map(|w| w.name(lang)).collect();
        let mut status = Vec::new();
        if m.entry.captain {
            status.push(t("kapitan", "captain"));
        }
        status.push(if m.in_stash {
            t("w schowku", "in the stash")
        } else {
            t("w drużynie", "fielded")
        });
        if m.misses_next {
            status.push(t("pauzuje w następnej bitwie", "misses the next battle"));
        }
        let p = sheet.profile;
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            crate::render::esc(m.name()),
            crate::render::esc(m.entry.archetype.name(lang)),
            p.speed,
            p.fight,
            p.accuracy,
            p.resilience,
            sheet.armoured_resilience,
            m.xp,
            m.levels,
            crate::render::esc(&eq.join(", ")),
            crate::render::esc(&skills.join(", ")),
            crate::render::esc(&wounds.join(", ")),
            crate::render::esc(&status.join(", ")),
        );
    }
    s.push_str("</table>\n");
    let stash: Vec<&str> = state.stash.iter().map(|g| g.name(lang)).collect();
    let _ = writeln!(
        s,
        "<p>{}: {}</p>",
        t("Schowek", "Stash"),
        crate::render::esc(&if stash.is_empty() {
            "—".to_string()
        } else {
            stash.join(", ")
        })
    );
    s.push_str("</body></html>\n");
    s
}
