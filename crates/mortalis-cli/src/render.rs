//! Text, JSON and HTML renderings in Polish or English.

use std::fmt::Write;

use mortalis_rules::Lang;
use mortalis_rules::dice::RollRecord;
use mortalis_rules::equipment::Item;
use mortalis_rules::odds::{MeleeOdds, Odds, Prob, Query, ShootOdds, frac, to_f64};
use mortalis_rules::play::{Event, Forced, Report};
use mortalis_rules::skills::Skill;
use mortalis_rules::warband::{Archetype, Matchup, Roster};
use num_traits::Zero;

fn pct(p: &Prob) -> String {
    format!("{:6.2}%", 100.0 * to_f64(p))
}

fn both(p: &Prob) -> String {
    format!("{}  ({})", pct(p), frac(p))
}

/// Readable odds table.
pub fn odds_table(q: &Query, o: &Odds, lang: Lang) -> String {
    match o {
        Odds::Shoot(r) => shoot_table(q, r, lang),
        Odds::Melee(r) => melee_table(r, lang),
    }
}

/// The odds table of a shot: each shot's hit chance, the target's test,
/// the number of hits, and the chance to take the target out.
fn shoot_table(q: &Query, r: &ShootOdds, lang: Lang) -> String {
    let mut s = String::new();
    let t = |pl, en| lang.pick(pl, en);
    let what = q
        .attacker
        .trick
        .map(|k| k.name(lang).to_string())
        .or_else(|| q.attacker.weapon.0.map(|w| w.name(lang).to_string()))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "{} — {what}, {} {}, {} {}\"",
        t("Strzał", "Shooting"),
        r.shots,
        t("strzał(y)", "shot(s)"),
        t("odległość", "range"),
        q.situation.range.unwrap_or(0.0)
    );
    shot_rows(&mut s, r, lang);
    let _ = writeln!(
        s,
        "\n{} {}: {} {}",
        t("Test Odporności celu na", "Target's Resilience test on"),
        r.save_target,
        t("porażka", "fails"),
        both(&r.fail_save)
    );
    hits_rows(&mut s, r, lang);
    shoot_summary(&mut s, r, lang);
    s
}

/// Each shot's Accuracy and chance to hit, one row a shot.
fn shot_rows(s: &mut String, r: &ShootOdds, lang: Lang) {
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "\n{:<6} {:>8}  {}",
        t("Strzał", "Shot"),
        t("Celność", "Accuracy"),
        t("Trafienie", "Hit")
    );
    for (i, h) in r.hit.iter().enumerate() {
        let acc = r
            .accuracy
            .get(i)
            .map_or("auto".to_string(), |a| a.to_string());
        let _ = writeln!(s, "{:<6} {:>8}  {}", i + 1, acc, both(h));
    }
}

/// The chance of exactly and of at least each number of hits.
fn hits_rows(s: &mut String, r: &ShootOdds, lang: Lang) {
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "\n{:<8} {:<27} {}",
        t("Trafień", "Hits"),
        t("dokładnie", "exactly"),
        t("co najmniej", "at least")
    );
    let mut tail = Prob::zero();
    let mut at_least = vec![Prob::zero(); r.hits_distribution.len()];
    for k in (0..r.hits_distribution.len()).rev() {
        tail += r.hits_distribution[k];
        at_least[k] = tail;
    }
    for (k, pk) in r.hits_distribution.iter().enumerate() {
        // Percentages line up; fractions follow in their own column.
        let cell = |p: &Prob| format!("{:>7}  {:<18}", pct(p), format!("({})", frac(p)));
        let _ = writeln!(s, "{:<8} {} {}", k, cell(pk), cell(&at_least[k]).trim_end());
    }
}

/// The expected hits, a master shot's chance (when there is one) and the
/// chance to take the target out.
fn shoot_summary(s: &mut String, r: &ShootOdds, lang: Lang) {
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "\n{}: {:.4}",
        t("Oczekiwane trafienia", "Expected hits"),
        to_f64(&r.expected_hits)
    );
    if !r.master_shot.is_zero() {
        let _ = writeln!(
            s,
            "{}: {}",
            t("Mistrzowski strzał", "Master shot"),
            both(&r.master_shot)
        );
    }
    let _ = writeln!(
        s,
        "{}: {}",
        t("Cel wyeliminowany", "Target out of action"),
        both(&r.out_of_action)
    );
}

/// The odds table of a melee attack: the modifiers, each outcome's chance,
/// both Resilience targets, and what has no effect in melee.
fn melee_table(r: &MeleeOdds, lang: Lang) -> String {
    let mut s = String::new();
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "{} — {} {:+}, {} {:+}",
        t("Walka wręcz", "Melee"),
        t("atakujący", "attacker"),
        r.attacker_modifier,
        t("broniący", "defender"),
        r.defender_modifier
    );
    let rows = [
        (t("Atakujący trafia", "Attacker hits"), &r.attacker_hits),
        (t("Broniący trafia", "Defender hits"), &r.defender_hits),
        (t("Remis", "Tie"), &r.tie),
        (
            t("Broniący wyeliminowany", "Defender out of action"),
            &r.defender_out,
        ),
        (
            t("Atakujący wyeliminowany", "Attacker out of action"),
            &r.attacker_out,
        ),
    ];
    s.push('\n');
    for (label, p) in rows {
        let _ = writeln!(s, "{label:<26} {}", both(p));
    }
    let _ = writeln!(
        s,
        "\n{}: {} {}, {} {}",
        t("Odporność przy trafieniu", "Resilience when hit"),
        t("broniący", "defender"),
        r.defender_save_target,
        t("atakujący", "attacker"),
        r.attacker_save_target
    );
    if !r.ignored.is_empty() {
        let _ = writeln!(
            s,
            "{}: {}",
            t(
                "Bez wpływu w walce wręcz (sztuczki związanych walką, Pokaż kotku broniącego)",
                "No effect in melee (tricks of engaged fighters, a defender's Show me what's inside)"
            ),
            r.ignored.join(", ")
        );
    }
    s
}

fn roll_text(r: &mortalis_rules::dice::RollRecord, lang: Lang) -> String {
    let mut s = format!("{:?}", r.rolled);
    if let Some((j, v)) = r.reroll {
        let _ = write!(
            s,
            " {} #{} → {v}",
            lang.pick("przerzut kości", "reroll die"),
            j + 1
        );
    }
    let _ = write!(s, " = {}", r.sum());
    s
}

fn forced_text(f: &Option<mortalis_rules::play::Forced>, lang: Lang) -> String {
    let Some(f) = f else {
        return String::new();
    };
    let by = f.by.name(lang);
    let what = if f.roll.reroll.is_some() {
        lang.pick("wymuszony przerzut", "forced reroll")
    } else {
        lang.pick("wymuszony rzut od nowa", "forced whole reroll")
    };
    format!(" → {what} ({by}): {}", roll_text(&f.roll, lang))
}

/// Step-by-step account of a played action.
pub fn play_report(r: &Report, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = String::new();
    for e in &r.events {
        match e {
            Event::Shot {
                number,
                accuracy,
                roll,
                forced,
                hit,
                master,
            } => {
                let step = shot_step(*number, *accuracy, roll, forced, *hit, *master, lang);
                let _ = writeln!(s, "{step}");
            }
            Event::AutoHit => {
                let _ = writeln!(s, "{}", t("Automatyczne trafienie", "Automatic hit"));
            }
            Event::Fight {
                attacker,
                attacker_forced,
                attacker_total,
                defender,
                defender_forced,
                defender_total,
                winner,
            } => {
                let attacker = fighter_step(
                    t("Atakujący", "Attacker"),
                    attacker,
                    attacker_forced,
                    *attacker_total,
                    lang,
                );
                let defender = fighter_step(
                    t("Broniący", "Defender"),
                    defender,
                    defender_forced,
                    *defender_total,
                    lang,
                );
                let _ = writeln!(s, "{attacker}");
                let _ = writeln!(s, "{defender}");
                let _ = writeln!(s, "{}", fight_winner(*winner, lang));
            }
            Event::Dispel {
                trick,
                dice,
                dispelled,
            } => {
                let _ = writeln!(s, "{}", dispel_step(*trick, dice, *dispelled, lang));
            }
            Event::Save {
                who,
                target,
                roll,
                forced,
                passed,
                plays,
                captain,
            } => {
                let used = save_rerolls(plays, *captain, lang);
                let step = save_step(who, *target, roll, forced, *passed, &used, lang);
                let _ = writeln!(s, "{step}");
            }
        }
    }
    s.push_str(&outcome_text(r, lang));
    s
}

/// One shot of the account: the roll against the Accuracy, any forced
/// reroll, and the verdict.
fn shot_step(
    number: usize,
    accuracy: i32,
    roll: &RollRecord,
    forced: &Option<Forced>,
    hit: bool,
    master: bool,
    lang: Lang,
) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let verdict = if master {
        t("MISTRZOWSKI STRZAŁ", "MASTER SHOT")
    } else if hit {
        t("trafienie", "hit")
    } else {
        t("pudło", "miss")
    };
    format!(
        "{} {number} ({} < {accuracy}): {}{} — {verdict}",
        t("Strzał", "Shot"),
        t("potrzeba", "need"),
        roll_text(roll, lang),
        forced_text(forced, lang)
    )
}

/// One fighter's roll in melee, with any forced reroll and its total.
fn fighter_step(
    label: &str,
    roll: &RollRecord,
    forced: &Option<Forced>,
    total: i32,
    lang: Lang,
) -> String {
    format!(
        "{label}: {}{} → {total}",
        roll_text(roll, lang),
        forced_text(forced, lang)
    )
}

/// Who wins the melee roll (1 the attacker, -1 the defender, else a tie).
fn fight_winner(winner: i32, lang: Lang) -> &'static str {
    let t = |pl, en| lang.pick(pl, en);
    match winner {
        1 => t("wygrywa atakujący", "attacker wins"),
        -1 => t("wygrywa broniący", "defender wins"),
        _ => t("remis, nikt nie trafia", "tie, nobody is hit"),
    }
}

/// A Dispel roll against a trick (8+) and whether the trick holds.
fn dispel_step(trick: Skill, dice: &[u8; 2], dispelled: bool, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let v = if dispelled {
        t("sztuczka rozproszona", "trick dispelled")
    } else {
        t("sztuczka działa", "the trick holds")
    };
    format!(
        "{} ({}, 8+): {:?} = {} — {v}",
        t("Rozproszenie", "Dispel"),
        trick.name(lang),
        dice,
        u32::from(dice[0]) + u32::from(dice[1])
    )
}

/// The heroic plays and the captain's reroll a Resilience test used, as
/// " [a, b]", or nothing when it used none.
fn save_rerolls(plays: &[Skill], captain: bool, lang: Lang) -> String {
    let mut names: Vec<&str> = plays.iter().map(|k| k.name(lang)).collect();
    if captain {
        names.push(lang.pick("przerzut kapitana", "the captain's reroll"));
    }
    if names.is_empty() {
        String::new()
    } else {
        format!(" [{}]", names.join(", "))
    }
}

/// A Resilience test of the target or the attacker: the roll, any forced
/// reroll, what it used, and whether it passed.
fn save_step(
    who: &str,
    target: i32,
    roll: &RollRecord,
    forced: &Option<Forced>,
    passed: bool,
    used: &str,
    lang: Lang,
) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let label = if who == "attacker" {
        t("Odporność atakującego", "Attacker's Resilience")
    } else {
        t("Odporność celu", "Target's Resilience")
    };
    let v = if passed {
        t("zdany", "passed")
    } else {
        t("nieudany", "failed")
    };
    format!(
        "{label} (≤ {target}, 11-12 {}): {}{}{used} — {v}",
        t("zawsze porażka", "always fail"),
        roll_text(roll, lang),
        forced_text(forced, lang)
    )
}

/// The account's last lines: who is out of action, or that nobody falls.
fn outcome_text(r: &Report, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = String::new();
    if r.defender_out {
        let _ = writeln!(
            s,
            "{}",
            t("Cel zdjęty z pola bitwy.", "The target is out of action.")
        );
    }
    if r.attacker_out {
        let _ = writeln!(
            s,
            "{}",
            t(
                "Atakujący zdjęty z pola bitwy.",
                "The attacker is out of action."
            )
        );
    }
    if !r.defender_out && !r.attacker_out {
        let _ = writeln!(s, "{}", t("Nikt nie pada.", "Nobody falls."));
    }
    s
}

/// Ids and names of everything.
pub fn catalogue(lang: Lang) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}", lang.pick("Ekwipunek", "Equipment"));
    for i in Item::ALL {
        let _ = writeln!(
            s,
            "{:<20} {:<30} {}",
            i.id(),
            i.name(Lang::Pl),
            i.name(Lang::En)
        );
    }
    let _ = writeln!(s, "\n# {}", lang.pick("Archetypy", "Archetypes"));
    for a in Archetype::ALL {
        let _ = writeln!(s, "{:<20} {:<30} {} tk", a.id(), a.name(lang), a.cost());
    }
    let _ = writeln!(s, "\n# {}", lang.pick("Umiejętności", "Skills"));
    for k in Skill::ALL {
        let mark = if k.in_odds() { "*" } else { " " };
        let _ = writeln!(
            s,
            "{:<20}{mark} {:<13} {:<32} {}",
            k.id(),
            k.category().id(),
            k.name(lang),
            k.effect(lang)
        );
    }
    let _ = writeln!(
        s,
        "\n* {}",
        lang.pick(
            "uwzględniane w `mortalis odds`",
            "modelled by `mortalis odds`"
        )
    );
    s
}

/// JSON object of `warband validate`.
pub fn validation_json(r: &Roster, lang: Lang) -> serde_json::Value {
    serde_json::json!({
        "valid": r.valid(),
        "cost": r.cost,
        "models": r.models.len(),
        "strength": r.strength,
        "errors": r.errors.iter().map(|e| serde_json::json!({
            "model": e.model,
            "rule": e.problem.rule(),
            "message": e.problem.message(lang),
        })).collect::<Vec<_>>(),
    })
}

/// Text of `warband validate`.
pub fn validation_text(r: &Roster, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = format!(
        "{}: {} — {} {} tk / {} tk, {} {}, {} {}\n",
        t("Drużyna", "Warband"),
        r.name,
        t("koszt", "cost"),
        r.cost,
        r.budget,
        r.models.len(),
        t("modeli", "models"),
        t("siła", "strength"),
        r.strength
    );
    if r.valid() {
        s.push_str(t("Poprawna.\n", "Valid.\n"));
    } else {
        for e in &r.errors {
            let who = e.model.as_deref().unwrap_or(t("drużyna", "warband"));
            let _ = writeln!(
                s,
                "  [{}] {who}: {}",
                e.problem.rule(),
                e.problem.message(lang)
            );
        }
    }
    s
}

fn equipment_names(items: &[Item], lang: Lang) -> Vec<String> {
    let mut out: Vec<(Item, usize)> = Vec::new();
    for &i in items {
        match out.iter_mut().find(|(x, _)| *x == i) {
            Some(e) => e.1 += 1,
            None => out.push((i, 1)),
        }
    }
    out.into_iter()
        .map(|(i, n)| {
            if n > 1 {
                format!("{} ×{n}", i.name(lang))
            } else {
                i.name(lang).to_string()
            }
        })
        .collect()
}

/// Roster sheet for the terminal.
pub fn roster_text(r: &Roster, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = format!("== {} ==\n", r.name);
    for m in &r.models {
        let arch = match m.base {
            Some(b) => format!("{} ({})", m.archetype.name(lang), b.name(lang)),
            None => m.archetype.name(lang).to_string(),
        };
        let _ = writeln!(s, "\n{} — {arch} — {} tk", m.name, m.cost);
        let _ = writeln!(
            s,
            "  {}  ({} {}, {} {})",
            m.profile,
            t("Walka z bronią", "Fight armed"),
            m.armed_fight,
            t("Odporność z pancerzem", "Resilience armoured"),
            m.armoured_resilience
        );
        let mut eq = equipment_names(&m.equipment, lang);
        if let Some(a) = m.armour.item() {
            eq.push(a.name(lang).to_string());
        }
        eq.extend(m.items.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.mods.iter().map(|i| i.name(lang).to_string()));
        let _ = writeln!(s, "  {}: {}", t("Ekwipunek", "Equipment"), eq.join(", "));
        if m.xp > 0 {
            let _ = writeln!(
                s,
                "  {}: {} ({} {})",
                t("Doświadczenie", "Experience"),
                m.xp,
                t("poziom", "level"),
                m.level
            );
        }
        if !m.skills.is_empty() {
            let names: Vec<_> = m.skills.iter().map(|k| k.name(lang)).collect();
            let _ = writeln!(s, "  {}: {}", t("Umiejętności", "Skills"), names.join(", "));
        }
        for sp in &m.special {
            let _ = writeln!(s, "  * {}", sp.text(lang));
        }
    }
    let _ = writeln!(
        s,
        "\n{} {} tk / {} tk, {} {}",
        t("Razem", "Total"),
        r.cost,
        r.budget,
        t("siła drużyny", "warband strength"),
        r.strength
    );
    if !r.valid() {
        s.push('\n');
        s.push_str(&validation_text(r, lang));
    }
    s
}

/// Escapes text for HTML.
pub fn esc(x: &str) -> String {
    x.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The start of a printable page: doctype, language, title, print styles
/// and the heading.
pub fn html_start(title: &str, lang: Lang) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
body{{font-family:sans-serif;margin:1.5cm}}table{{border-collapse:collapse;width:100%}}\
th,td{{border:1px solid #333;padding:4px 6px;text-align:left;vertical-align:top}}\
th{{background:#ddd}}@media print{{body{{margin:0}}}}</style></head><body>\n<h1>{}</h1>\n",
        lang.pick("pl", "en"),
        esc(title),
        esc(title)
    )
}

/// Printable HTML roster.
pub fn roster_html(r: &Roster, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = html_start(&r.name, lang);
    let _ = writeln!(
        s,
        "<table><tr><th>{}</th><th>{}</th><th>S</th><th>W</th><th>C</th><th>O</th><th>{}</th><th>{}</th><th>{}</th><th>tk</th></tr>",
        t("Model", "Model"),
        t("Archetyp", "Archetype"),
        t("Ekwipunek", "Equipment"),
        t("Umiejętności", "Skills"),
        t("Zasady specjalne", "Special rules")
    );
    for m in &r.models {
        let mut eq = equipment_names(&m.equipment, lang);
        if let Some(a) = m.armour.item() {
            eq.push(a.name(lang).to_string());
        }
        eq.extend(m.items.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.mods.iter().map(|i| i.name(lang).to_string()));
        let skills: Vec<_> = m.skills.iter().map(|k| k.name(lang)).collect();
        let special: Vec<_> = m.special.iter().map(|x| x.text(lang)).collect();
        let arch = match m.base {
            Some(b) => format!("{} ({})", m.archetype.name(lang), b.name(lang)),
            None => m.archetype.name(lang).to_string(),
        };
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&m.name),
            esc(&arch),
            m.profile.speed,
            m.profile.fight,
            m.profile.accuracy,
            m.profile.resilience,
            m.armoured_resilience,
            esc(&eq.join(", ")),
            esc(&skills.join(", ")),
            esc(&special.join("; ")),
            m.cost
        );
    }
    let _ = writeln!(
        s,
        "</table>\n<p>{} {} tk / {} tk — {} {}</p>",
        t("Razem", "Total"),
        r.cost,
        r.budget,
        t("Siła drużyny", "Warband strength"),
        r.strength
    );
    if !r.valid() {
        let _ = writeln!(s, "<h2>{}</h2><ul>", t("Błędy", "Errors"));
        for e in &r.errors {
            let _ = writeln!(
                s,
                "<li>[{}] {}: {}</li>",
                e.problem.rule(),
                esc(e.model.as_deref().unwrap_or("-")),
                esc(&e.problem.message(lang))
            );
        }
        s.push_str("</ul>\n");
    }
    s.push_str("</body></html>\n");
    s
}

/// Text of `warband matchup`.
pub fn matchup_text(a: &Roster, b: &Roster, m: &Matchup, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = format!(
        "{}: {} {}\n{}: {} {}\n",
        a.name,
        t("siła", "strength"),
        m.strength_a,
        b.name,
        t("siła", "strength"),
        m.strength_b
    );
    let line = |name: &str, n: u32| {
        format!(
            "{name}: {} {n} {}\n",
            t("otrzymuje", "gets"),
            t("ochotników", "volunteer(s)")
        )
    };
    if m.volunteers_a > 0 {
        s.push_str(&line(&a.name, m.volunteers_a));
    } else if m.volunteers_b > 0 {
        s.push_str(&line(&b.name, m.volunteers_b));
    } else {
        s.push_str(t(
            "Bez ochotników (różnica poniżej 15).\n",
            "No volunteers (difference below 15).\n",
        ));
    }
    for r in [a, b] {
        if !r.valid() {
            let _ = writeln!(
                s,
                "{}: {} ({})",
                r.name,
                t("drużyna niepoprawna", "warband is invalid"),
                r.errors.len()
            );
        }
    }
    s
}
