//! The account's lines for what gear, skills and tricks of their own do in a
//! battle (issue #15, slice 2): jetpack flights.

use mortalis_battle::battle::{Battle, Event};
use mortalis_rules::Lang;

use crate::battle::name;

/// The account's line for one of these events.
pub(crate) fn line(b: &Battle, e: &Event, lang: Lang) -> String {
    match e {
        Event::Flew { model, to, .. } => format!(
            "  {} {} ({:.1}, {:.1})",
            name(b, *model),
            lang.pick("leci plecakiem odrzutowym do", "flies with its jetpack to"),
            to.x,
            to.y
        ),
        _ => String::new(),
    }
}
