//! The account's lines for what gear, skills and tricks of their own do in a
//! battle (issue #15, slice 2): jetpack flights, tricks, Dispel rolls,
//! pushes, grenades.

use mortalis_battle::Place;
use mortalis_battle::battle::{Battle, Event};
use mortalis_rules::Lang;

use crate::account::name;

/// The account's line for one of these events.
pub(crate) fn line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Flew { model, to, .. } => moved_to(
            b,
            *model,
            *to,
            lang.pick("leci plecakiem odrzutowym do", "flies with its jetpack to"),
            lang,
        ),
        Event::Trick {
            caster,
            trick,
            target,
        } if caster == target => format!("  {} {}", name(b, *caster, lang), trick.name(lang)),
        Event::Trick {
            caster,
            trick,
            target,
        } => format!(
            "  {}: {} {} {}",
            name(b, *caster, lang),
            trick.name(lang),
            lang.pick("na", "at"),
            name(b, *target, lang)
        ),
        Event::Dispel {
            dice, cancelled, ..
        } => format!(
            "    {} {:?}: {}",
            lang.pick("Rozproszenie", "Dispel"),
            dice,
            if *cancelled {
                lang.pick("sztuczka zniesiona", "the trick is cancelled")
            } else {
                lang.pick("bez skutku", "no effect")
            }
        ),
        Event::Pushed { model, to, .. } => moved_to(
            b,
            *model,
            *to,
            lang.pick("odepchnięty do", "is pushed to"),
            lang,
        ),
        Event::Thrown {
            model,
            item,
            dice,
            x,
            y,
            caught,
        } => format!(
            "  {} {} {:?}: {} ({x:.1}, {y:.1}){}",
            name(b, *model, lang),
            item.name(lang),
            dice,
            lang.pick("wybuch w", "goes off at"),
            caught
                .iter()
                .map(|&c| format!(" {}", name(b, c, lang)))
                .collect::<String>()
        ),
        Event::Blasted {
            model,
            chance,
            report,
        } => format!(
            "    {} — {} {}: {}",
            name(b, *model, lang),
            lang.pick("szansa wyeliminowania", "chance to take out"),
            crate::account::percent(chance),
            crate::account::dice_text(report, lang)
        ),
        Event::Bonus { model } => format!(
            "  {} {}",
            name(b, *model, lang),
            lang.pick(
                "wykonuje dodatkową akcję (Przyspieszenie)",
                "takes its bonus action (Przyspieszenie)"
            )
        ),
        _ => String::new(),
    }
}

/// "  NAME WHAT (X, Y)".
fn moved_to(b: &Battle, model: usize, to: Place, what: &str, lang: Lang) -> String {
    format!(
        "  {} {what} ({:.1}, {:.1})",
        name(b, model, lang),
        to.x,
        to.y
    )
}
