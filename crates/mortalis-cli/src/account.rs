//! The account of a battle `mortalis battle` prints, in Polish or English:
//! the set-up, each round, each activation and each roll with its odds, and
//! the end (split from `battle.rs`).

use std::fmt::Write as _;

use mortalis_battle::battle::{Battle, Choice, EndReason, Entry, Event};
use mortalis_rules::Lang;
use mortalis_rules::campaign::tables::Scenario;
use mortalis_rules::play;

/// A model's name in the account: its own, but a volunteer's in the
/// interface's language ("Ochotnik 1", "Volunteer 1").
pub(crate) fn name(b: &Battle, m: usize, lang: Lang) -> std::borrow::Cow<'_, str> {
    let f = &b.models[m];
    match f.name.strip_prefix(VOLUNTEER) {
        Some(number) if f.volunteer && lang == Lang::En => format!("Volunteer{number}").into(),
        _ => f.name.as_str().into(),
    }
}

/// How the battle names a volunteer ("Ochotnik 1"; "Volunteer 1" in
/// English).
const VOLUNTEER: &str = "Ochotnik";

/// The dice of a played action, short: "shot 1: 3+4 hit; test 5: 6+2 out".
/// The two dice a roll kept ("3+5"), after the die a reroll changed
/// when one did (the captain's reroll, B9: "2→6 (reroll)").
fn kept(roll: &mortalis_rules::dice::RollRecord, lang: Lang) -> String {
    let kept = format!("{}+{}", roll.kept[0], roll.kept[1]);
    match roll.reroll {
        Some((j, v)) => match roll.rolled.get(j) {
            Some(was) => format!("{kept} ({was}→{v}, {})", lang.pick("przerzut", "reroll")),
            None => kept,
        },
        None => kept,
    }
}

pub(crate) fn dice_text(r: &play::Report, lang: Lang) -> String {
    let mut parts = vec![];
    for e in &r.events {
        match e {
            play::Event::Shot {
                number,
                roll,
                hit,
                accuracy,
                ..
            } => parts.push(format!(
                "{} {number} (C{accuracy}): {} {}",
                lang.pick("strzał", "shot"),
                kept(roll, lang),
                if *hit {
                    lang.pick("trafia", "hits")
                } else {
                    lang.pick("pudło", "misses")
                }
            )),
            play::Event::AutoHit => {
                parts.push(lang.pick("trafienie automatyczne", "automatic hit").into())
            }
            play::Event::Fight {
                attacker_total,
                defender_total,
                ..
            } => {
                parts.push(format!(
                    "{} {attacker_total}:{defender_total}",
                    lang.pick("walka", "fight")
                ));
            }
            play::Event::Save {
                target,
                roll,
                passed,
                ..
            } => parts.push(format!(
                "{} O{target}: {} {}",
                lang.pick("test", "test"),
                kept(roll, lang),
                if *passed {
                    lang.pick("zdany", "passed")
                } else {
                    lang.pick("oblany", "failed")
                }
            )),
            play::Event::Dispel { .. } => {}
        }
    }
    parts.join("; ")
}

pub(crate) fn percent(frac: &str) -> String {
    let mut it = frac.split('/').map(|s| s.parse::<f64>().unwrap_or(0.0));
    match (it.next(), it.next()) {
        (Some(n), Some(d)) if d > 0.0 => format!("{:.1}%", 100.0 * n / d),
        _ => frac.to_string(),
    }
}

/// Board edges by number (0 south, 1 east, 2 north, 3 west), in Polish and
/// English.
pub(crate) const EDGES: [[&str; 2]; 4] = [
    ["południowa", "south"],
    ["wschodnia", "east"],
    ["północna", "north"],
    ["zachodnia", "west"],
];

/// The account's line for the scenario's sides: the Defender, the edges.
fn sides_line(
    b: &Battle,
    scenario: Scenario,
    defender: Option<usize>,
    edges: [Option<usize>; 2],
    lang: Lang,
) -> String {
    let mut line = format!(
        "{}: {}",
        lang.pick("Scenariusz", "Scenario"),
        scenario.name(lang)
    );
    if let Some(d) = defender {
        let _ = write!(
            line,
            "; {} {}",
            lang.pick("broni się", "Defender:"),
            b.names[d]
        );
    }
    for (side, e) in edges.iter().enumerate() {
        if let Some(e) = e {
            let [pl, en] = EDGES[e % 4];
            let _ = write!(
                line,
                "; {} {} {}",
                b.names[side],
                lang.pick("krawędź", "edge"),
                lang.pick(pl, en)
            );
        }
    }
    line
}

/// The account's last line: why the battle ended, the VP, the winner.
fn end_line(
    b: &Battle,
    reason: EndReason,
    vp: [u32; 2],
    winner: Option<usize>,
    lang: Lang,
) -> String {
    format!(
        "\n{}: {}; {} {}:{}; {}",
        lang.pick("Koniec", "End"),
        match reason {
            EndReason::AllMarkersGone => lang
                .pick("wszystkie znaczniki wyniesione", "every marker carried off")
                .to_string(),
            EndReason::ObjectivesMet => lang
                .pick(
                    "nikt, kto mógłby wyjść, nie został na polu",
                    "nobody who could leave is left on the field"
                )
                .to_string(),
            EndReason::OneSideLeft => lang
                .pick(
                    "na stole zostały modele jednej strony",
                    "only one side is left on the table"
                )
                .to_string(),
            EndReason::NobodyLeft => lang
                .pick("na stole nie został nikt", "nobody is left on the table")
                .to_string(),
            // "limit" takes the genitive: "limit 1 rundy", "limit 20 rund".
            EndReason::RoundLimit => match (lang, b.max_rounds) {
                (Lang::Pl, 1) => "limit 1 rundy (Q22)".to_string(),
                (Lang::Pl, n) => format!("limit {n} rund (Q22)"),
                (Lang::En, n) => format!("round limit of {n} (Q22)"),
            },
        },
        lang.pick("PZ", "VP"),
        vp[0],
        vp[1],
        match winner {
            Some(w) => format!("{} {}", lang.pick("wygrywa", "winner:"), b.names[w]),
            None => lang.pick("remis", "draw").to_string(),
        }
    )
}

/// The account of a battle, one line per event.
pub(crate) fn account(b: &Battle, lang: Lang) -> String {
    account_from(b, None, lang)
}

/// The account's lines for the log's entries from `from` on, or for all
/// of them after the heading with the warbands' names when `from` is
/// `None`: what a person at the prompt is shown of what happened since the
/// last question.
pub(crate) fn account_from(b: &Battle, from: Option<usize>, lang: Lang) -> String {
    let mut out = String::new();
    if from.is_none() {
        let _ = writeln!(out, "{} — {}", b.names[0], b.names[1]);
    }
    for (i, e) in b.log.iter().enumerate().skip(from.unwrap_or(0)) {
        if let Entry::Decision {
            choice: Choice::Activate { model },
            ..
        } = e
            && acted_not(b, i)
        {
            let _ = writeln!(
                out,
                "  {} {}",
                name(b, *model, lang),
                lang.pick(
                    "kończy aktywację bez akcji",
                    "ends its activation without acting"
                )
            );
        }
        let Entry::Event(e) = e else { continue };
        if let Some(outcome) = roll_off_outcome(b, i, lang) {
            let _ = writeln!(out, "{}{outcome}", flow_line(b, e, lang));
            continue;
        }
        if leaves_from_where_it_stands(b, i, e) {
            continue;
        }
        let line = match e {
            Event::Round { .. } | Event::Roll { .. } | Event::Sides { .. } | Event::End { .. } => {
                flow_line(b, e, lang)
            }
            Event::Moved { .. }
            | Event::Left { .. }
            | Event::PickedUp { .. }
            | Event::Hid { .. }
            | Event::Revealed { .. }
            | Event::Defends { .. }
            | Event::PickedUpObject { .. }
            | Event::PickedUpData { .. }
            | Event::CarriedTogether { .. } => model_line(b, i, e, lang),
            Event::Withdrew { .. }
            | Event::Shot { .. }
            | Event::Fight { .. }
            | Event::Removed { .. } => combat_line(b, e, lang),
            Event::Terrain { .. }
            | Event::Burned { .. }
            | Event::Instead { .. }
            | Event::Reroll { .. } => effect_line(b, e, lang),
            Event::Flew { .. }
            | Event::Trick { .. }
            | Event::Dispel { .. }
            | Event::Pushed { .. }
            | Event::Thrown { .. }
            | Event::Blasted { .. }
            | Event::Bonus { .. } => crate::gear::line(b, e, lang),
            Event::Overwatch { .. }
            | Event::Intercepted { .. }
            | Event::FromHiding { .. }
            | Event::Heroic { .. }
            | Event::Offended { .. } => reaction_line(b, e, lang),
            Event::Challenge { .. } | Event::Met { .. } | Event::Rewarded { .. } => {
                challenge_line(b, e, lang)
            }
        };
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Whether the activation chosen at log entry `i` came to nothing: no
/// event of any model before the next activation or the round's end (its
/// initiative rolls), so that the account still shows it.
fn acted_not(b: &Battle, i: usize) -> bool {
    for e in &b.log[i + 1..] {
        match e {
            Entry::Decision {
                choice: Choice::Activate { .. },
                ..
            }
            | Entry::Event(Event::Roll { .. } | Event::Round { .. } | Event::End { .. }) => {
                return true;
            }
            Entry::Event(_) => return false,
            _ => {}
        }
    }
    true
}

/// The account's line for the course of the battle: a round starting, a
/// roll-off, the scenario's sides, the end.
fn flow_line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Round { round, first } => format!(
            "\n{} {round}: {} {}",
            lang.pick("Runda", "Round"),
            lang.pick("zaczyna", "first:"),
            b.names[*first]
        ),
        Event::Roll { what, side, dice } => {
            format!(
                "  {} ({}): {:?}",
                b.names[*side],
                roll_name(what, lang),
                dice
            )
        }
        Event::Sides {
            scenario,
            defender,
            edges,
        } => sides_line(b, *scenario, *defender, *edges, lang),
        Event::End { reason, vp, winner } => end_line(b, *reason, *vp, *winner, lang),
        _ => String::new(),
    }
}

/// After the second roll of a roll-off pair (B155, B17; Q7, Q29: both
/// sides' 2d6, rolled again on a tie), who it gives the choice or the
/// round to: " → Alfa chooses (lower total)", " → Beta starts the round
/// (higher total)", in Duma " → Beta places first (higher total)";
/// `None` for any other entry.
fn roll_off_outcome(b: &Battle, i: usize, lang: Lang) -> Option<String> {
    let Some(Entry::Event(Event::Roll {
        what,
        side: 1,
        dice,
    })) = b.log.get(i)
    else {
        return None;
    };
    let Some(Entry::Event(Event::Roll {
        what: first,
        side: 0,
        dice: before,
    })) = b.log.get(i.checked_sub(1)?)
    else {
        return None;
    };
    let total = |d: &[u8]| d.iter().map(|&v| u32::from(v)).sum::<u32>();
    let (a, c) = (total(before), total(dice));
    if first != what || a == c {
        return None;
    }
    let (lower, higher) = if a < c { (0, 1) } else { (1, 0) };
    match *what {
        "initiative" => Some(format!(
            " → {} {}",
            b.names[higher],
            lang.pick(
                "zaczyna rundę (wyższy wynik)",
                "starts the round (higher total)"
            )
        )),
        // Duma (Q26): the higher total places its first model first; nobody
        // chooses.
        "who places first" => Some(format!(
            " → {} {}",
            b.names[higher],
            lang.pick(
                "rozstawia pierwszy (wyższy wynik)",
                "places first (higher total)"
            )
        )),
        "who starts" | "roles" | "who deploys first" => Some(format!(
            " → {} {}",
            b.names[lower],
            lang.pick("wybiera (niższy wynik)", "chooses (lower total)")
        )),
        _ => None,
    }
}

/// What a roll in the log is for, in the account's language (the log
/// keeps the English words).
fn roll_name(what: &str, lang: Lang) -> &str {
    lang.pick(mortalis_battle::battle::roll_name_pl(what), what)
}

/// Whether entry `i`, event `e`, is a Move of no inches (or a hair) that
/// the next event shows as the model leaving the table from where it
/// stands: the account says only that it leaves.
fn leaves_from_where_it_stands(b: &Battle, i: usize, e: &Event) -> bool {
    let Event::Moved { model, spent, .. } = e else {
        return false;
    };
    let next = b.log[i + 1..].iter().find_map(|entry| match entry {
        Entry::Event(next) => Some(next),
        _ => None,
    });
    *spent < HAIR && matches!(next, Some(Event::Left { model: left, .. }) if left == model)
}

/// Which leg of a jump down (B33) a move of no inches is: the walk's stop
/// at the edge, then the model below it, the roll right after (the way a
/// jump-down Move logs them, `jumpdown.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leg {
    Edge,
    Below,
}

/// [`Leg`] of the move at entry `i` that cost `spent` inches, if it is one.
fn jump_leg(b: &Battle, i: usize, spent: f64) -> Option<Leg> {
    if spent != 0.0 {
        return None;
    }
    let mut next = b.log[i + 1..].iter().filter_map(|entry| match entry {
        Entry::Event(next) => Some(next),
        _ => None,
    });
    let roll = |e: Option<&Event>| {
        matches!(
            e,
            Some(Event::Roll {
                what: "jump down",
                ..
            })
        )
    };
    match next.next() {
        e if roll(e) => Some(Leg::Below),
        Some(Event::Moved { spent, .. }) if *spent == 0.0 && roll(next.next()) => Some(Leg::Edge),
        _ => None,
    }
}

/// The least inches a move's line shows (less reads as 0.0).
const HAIR: f64 = 0.05;

/// A name quoted as the language quotes: „…” in Polish, “…” in English.
pub(crate) fn quoted(text: &str, lang: Lang) -> String {
    match lang {
        Lang::Pl => format!("„{text}”"),
        Lang::En => format!("“{text}”"),
    }
}

/// The account's line for what a model does by itself: moving, leaving,
/// hiding, defending, picking up or helping to carry.
fn model_line(b: &Battle, i: usize, e: &Event, lang: Lang) -> String {
    match e {
        Event::Moved {
            model,
            to,
            spent,
            both,
        } => format!(
            "  {} {} ({:.1}, {:.1}){}{}",
            name(b, *model, lang),
            match jump_leg(b, i, *spent) {
                Some(Leg::Edge) => lang.pick("dochodzi do krawędzi w", "reaches the edge at"),
                Some(Leg::Below) => lang.pick("zeskakuje na", "jumps down to"),
                None => lang.pick("idzie do", "moves to"),
            },
            to.x,
            to.y,
            // A move that costs no inches of a Move (a leg of a jump down,
            // a move a skill or a play gives), or less than the tenth the
            // account shows, says none.
            if *spent >= HAIR {
                format!(" [{spent:.1}\"]")
            } else {
                String::new()
            },
            if *both {
                lang.pick(", obie akcje Ruchu (wspinaczka)", ", both Moves (a climb)")
            } else {
                ""
            }
        ),
        Event::Left { model, markers } => format!(
            "  {} {} ({markers} {})",
            name(b, *model, lang),
            lang.pick("opuszcza pole bitwy", "leaves the table"),
            markers_word(lang, *markers)
        ),
        Event::PickedUp { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick("podnosi znacznik", "picks up a marker")
        ),
        Event::Hid { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick("kryje się (Ukrycie)", "hides (Ukrycie)")
        ),
        Event::Revealed { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick("traci Ukrycie", "is no longer hidden")
        ),
        Event::Defends { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick("zajmuje pozycję obronną", "takes a defensive position")
        ),
        Event::PickedUpObject { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick("podnosi obiekt", "picks up the object")
        ),
        Event::PickedUpData { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick(
                "podnosi znacznik Ukrytych danych",
                "picks up the Ukryte dane marker"
            )
        ),
        Event::CarriedTogether { carrier, helper } => format!(
            "  {} {} {}",
            name(b, *helper, lang),
            lang.pick("pomaga nieść obiekt", "helps to carry the object with"),
            name(b, *carrier, lang)
        ),
        _ => String::new(),
    }
}

/// The account's line for a fight or a shot with its odds and dice, a
/// withdrawal from a fight, or a model taken out.
fn combat_line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Withdrew {
            model,
            from,
            won,
            report,
        } => format!(
            "  {} {} {}: {} — {}",
            name(b, *model, lang),
            lang.pick("odchodzi z walki z", "withdraws from"),
            name(b, *from, lang),
            dice_text(report, lang),
            if *won {
                lang.pick("udane, może się ruszyć", "it gets away and may move")
            } else {
                lang.pick(
                    "nieudane, koniec akcji w tej rundzie",
                    "it fails and does nothing more this round",
                )
            }
        ),
        Event::Shot {
            shooter,
            trick,
            target,
            range,
            obstacle,
            cover,
            chance,
            report,
        } => format!(
            "  {} {} {} {range:.1}\"{}{} — {} {}: {}",
            name(b, *shooter, lang),
            shot_verb(*trick, lang),
            name(b, *target, lang),
            if *obstacle {
                lang.pick(", przeszkoda", ", obstacle")
            } else {
                ""
            },
            if *cover {
                lang.pick(", osłona", ", cover")
            } else {
                ""
            },
            lang.pick("szansa wyeliminowania", "chance to take out"),
            percent(chance),
            dice_text(report, lang)
        ),
        Event::Fight {
            attacker,
            defender,
            support,
            chance,
            report,
        } => format!(
            "  {} {} {} ({} {}:{}) — {} {} / {}: {}",
            name(b, *attacker, lang),
            lang.pick("atakuje", "attacks"),
            name(b, *defender, lang),
            lang.pick("wsparcie", "support"),
            support[0],
            support[1],
            lang.pick("szanse", "chances"),
            percent(&chance[0]),
            percent(&chance[1]),
            dice_text(report, lang)
        ),
        Event::Removed { model, by } => format!(
            "  {} {}{}",
            name(b, *model, lang),
            lang.pick("zdjęty z pola bitwy", "is taken out"),
            by.map(|m| format!(" ({})", name(b, m, lang)))
                .unwrap_or_default()
        ),
        _ => String::new(),
    }
}

/// How a shot is made, in words: a knife thrown, a trick aimed, or plain
/// shooting.
fn shot_verb(trick: Option<mortalis_rules::skills::Skill>, lang: Lang) -> String {
    match trick {
        Some(mortalis_rules::skills::Skill::HeadsDown) => {
            lang.pick("rzuca nożem w", "throws a knife at").to_string()
        }
        Some(k) => format!("{} {}", k.name(lang), lang.pick("w", "at")),
        None => lang.pick("strzela do", "shoots at").to_string(),
    }
}

/// The account's line for a trick's terrain, a test on the lava, a skill
/// used instead of wounding, or the captain's reroll.
fn effect_line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Terrain { trick, x, y } => format!(
            "  {} ({x:.1}, {y:.1})",
            match trick {
                mortalis_rules::skills::Skill::Lava => {
                    lang.pick("pojawia się kałuża lawy", "a lava pool appears")
                }
                _ => lang.pick("staje bariera energetyczna", "an energy barrier stands"),
            }
        ),
        Event::Burned {
            model,
            chance,
            report,
        } => format!(
            "  {} {} [{chance}]: {}",
            name(b, *model, lang),
            lang.pick("na lawie testuje Odporność", "tests Resilience on the lava"),
            if report.defender_out {
                lang.pick("zdjęty", "taken out")
            } else {
                lang.pick("przeżywa", "survives")
            }
        ),
        Event::Instead { model, skill, from } => format!(
            "  {} ({}) {} {}",
            name(b, *model, lang),
            skill.name(lang),
            lang.pick("zamiast ranić:", "instead of wounding:"),
            match skill {
                mortalis_rules::skills::Skill::Theft => {
                    lang.pick("zabiera znacznik modelowi", "takes a marker from")
                }
                _ => lang.pick("odrywa się od", "breaks away from"),
            }
            .to_string()
                + " "
                + &name(b, *from, lang)
        ),
        Event::Reroll { model, used } => format!(
            "  {} {}",
            name(b, *model, lang),
            if *used {
                lang.pick("zużywa przerzut kapitana", "uses the captain's reroll")
            } else {
                lang.pick(
                    "nie potrzebował przerzutu kapitana (zostaje)",
                    "did not need the captain's reroll (kept)",
                )
            }
        ),
        _ => String::new(),
    }
}

/// The account's line for a side's challenge (B172): drawn, met, or its
/// experience given to a model.
fn challenge_line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Challenge {
            side,
            id,
            own,
            enemy,
        } => format!(
            "{}: {} {}{}",
            b.names[*side],
            lang.pick("Wyzwanie", "challenge"),
            id.name(lang),
            [own, enemy]
                .into_iter()
                .flatten()
                .map(|m| format!(", {}", name(b, *m, lang)))
                .collect::<String>()
        ),
        Event::Met {
            side,
            id,
            model,
            vp,
        } => format!(
            "{}: {} {}{} ({vp} {})",
            b.names[*side],
            lang.pick("wykonane Wyzwanie", "challenge met:"),
            id.name(lang),
            model
                .map(|m| format!(", {}", name(b, m, lang)))
                .unwrap_or_default(),
            lang.pick("PZ", "VP")
        ),
        Event::Rewarded { side, id, model } => format!(
            "{}: {} {} — {}",
            b.names[*side],
            lang.pick("doświadczenie za", "experience for"),
            id.name(lang),
            name(b, *model, lang)
        ),
        _ => String::new(),
    }
}

/// The account's line for a reaction, heroic play or offensive event.
fn reaction_line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Overwatch { model, on } => format!(
            "  {} {}",
            name(b, *model, lang),
            if *on {
                lang.pick(
                    "czeka w ukryciu (Strzał z ukrycia)",
                    "lies in wait (shot from hiding)",
                )
            } else {
                lang.pick(
                    "traci znacznik Strzału z ukrycia",
                    "loses its shot-from-hiding marker",
                )
            }
        ),
        Event::Intercepted { model, by, at } => format!(
            "  {} {} {} ({:.1}, {:.1})",
            name(b, *by, lang),
            lang.pick("przechwytuje", "intercepts"),
            name(b, *model, lang),
            at.x,
            at.y
        ),
        Event::FromHiding { shooter, target } => format!(
            "  {} {} {}",
            name(b, *shooter, lang),
            lang.pick("strzela z ukrycia do", "fires from hiding at"),
            name(b, *target, lang)
        ),
        Event::Heroic { model, play } => {
            format!(
                "  {}: {}",
                name(b, *model, lang),
                quoted(play.name(lang), lang)
            )
        }
        Event::Offended {
            side,
            offensive,
            model,
        } => format!(
            "  {}: {} → {}",
            b.names[*side],
            offensive.name(lang),
            name(b, *model, lang)
        ),
        _ => String::new(),
    }
}

/// "marker" as many times as `n` says: English singular and plural; Polish
/// 1 znacznik, 2–4 znaczniki (not 12–14), else znaczników.
fn markers_word(lang: Lang, n: u32) -> &'static str {
    let few = (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100));
    match n {
        1 => lang.pick("znacznik", "marker"),
        _ if few => lang.pick("znaczniki", "markers"),
        _ => lang.pick("znaczników", "markers"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count of markers a model leaves with, in each language's
    /// grammar (the account said "1 markers").
    #[test]
    fn markers_agree_with_their_count() {
        let words = |lang| [0, 1, 2, 5, 12, 22].map(|n| markers_word(lang, n));
        assert_eq!(
            words(Lang::En),
            [
                "markers", "marker", "markers", "markers", "markers", "markers"
            ]
        );
        assert_eq!(
            words(Lang::Pl),
            [
                "znaczników",
                "znacznik",
                "znaczniki",
                "znaczników",
                "znaczników",
                "znaczniki"
            ]
        );
    }
}
