//! Polish clap: the derived command with the texts of `help_pl` and clap's
//! own words (headings, `--help`/`--version`, defaults, possible values, the
//! `help` subcommand) in Polish, and clap's parse errors rewritten in Polish.
//!
//! English never goes through here: it keeps clap's output as it is.
//!
//! How it is wired: [`command`] translates the derived tree (abouts, argument
//! help, value names) before building it, so that clap copies the Polish
//! texts when it propagates `--lang` and fills the `help` subcommand; then it
//! builds the tree and rewrites, in place, what clap only creates while
//! building (the help and version flags, the `help` subcommand, the usage
//! lines, the headings via a help template, defaults and possible values).

use std::ffi::OsString;
use std::fmt::Write as _;

use clap::builder::{Str, Styles};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command};

use crate::help_pl;

/// clap's about of its `help` subcommand (and of `help help`).
const CLAP_HELP_ABOUT: &str = "Print this message or the help of the given subcommand(s)";
/// clap's help of the `help` subcommand's argument (only before a full build).
const CLAP_HELP_ARG: &str = "Print help for the subcommand(s)";

const HELP_ABOUT: &str = "Wyświetl tę pomoc albo pomoc podanych poleceń";
const HELP_ARG: &str = "Wyświetl pomoc podanych poleceń";
const HELP_FLAG: &str = "Wyświetl pomoc";
const HELP_FLAG_SHORT: &str = "Wyświetl pomoc (pełna wersja: '--help')";
const HELP_FLAG_LONG: &str = "Wyświetl pomoc (skrócona wersja: '-h')";
const VERSION_FLAG: &str = "Wyświetl wersję";
const COMMAND_VALUE: &str = "POLECENIE";

/// The derived command with Polish help, built and ready to parse.
/// `bin_name` is the program's name as called (argv\[0\]'s file name).
pub fn command(cmd: Command, bin_name: &str) -> Command {
    let mut cmd = translate(cmd.bin_name(bin_name), "");
    cmd.build();
    finish(&mut cmd);
    cmd
}

/// The key path of a command under `parent` ("" for the root).
fn path_of(cmd: &Command, parent: &str) -> String {
    if parent.is_empty() {
        cmd.get_name().to_string()
    } else {
        format!("{parent} {}", cmd.get_name())
    }
}

/// Before the build: abouts, argument help and value names from the table.
/// A missing entry keeps the English text (the table's test names it).
fn translate(mut cmd: Command, parent: &str) -> Command {
    let path = path_of(&cmd, parent);
    if let Some(t) = help_pl::text(&path) {
        cmd = cmd.about(t);
    }
    if cmd.get_long_about().is_some()
        && let Some(t) = help_pl::text(&format!("{path}+long"))
    {
        cmd = cmd.long_about(t);
    }
    cmd = cmd.mut_args(|a| translate_arg(a, &path));
    for sc in cmd.get_subcommands_mut() {
        *sc = translate(std::mem::take(sc), &path);
    }
    cmd
}

fn translate_arg(mut a: Arg, path: &str) -> Arg {
    let key = format!("{path}:{}", a.get_id());
    if let Some(t) = help_pl::text(&key) {
        a = a.help(t);
    }
    if a.get_long_help().is_some()
        && let Some(t) = help_pl::text(&format!("{key}+long"))
    {
        a = a.long_help(t);
    }
    if let Some(names) = a.get_value_names() {
        let pl: Vec<Str> = names
            .iter()
            .map(|n| help_pl::value_name(n).map_or_else(|| n.clone(), Str::from))
            .collect();
        a = a.value_names(pl);
    }
    a
}

/// After the build: what clap made while building, walked over the tree
/// (the `help` subcommand and its copies of the tree included).
fn finish(cmd: &mut Command) {
    finish_at(cmd, "");
}

fn finish_at(cmd: &mut Command, parent: &str) {
    let path = path_of(cmd, parent);
    let styles = cmd.get_styles().clone();
    if cmd.get_name() == "help"
        && cmd
            .get_about()
            .is_some_and(|a| a.to_string() == CLAP_HELP_ABOUT)
    {
        *cmd = std::mem::take(cmd).about(HELP_ABOUT);
    }
    if cmd.has_subcommands() {
        *cmd = std::mem::take(cmd).subcommand_value_name(COMMAND_VALUE);
    }
    // Same positions, same flags: clap's index of the built arguments stays valid.
    *cmd = std::mem::take(cmd).mut_args(|a| finish_arg(a, &path, &styles));
    let template = template(cmd, &styles);
    let usage = usage(cmd, &styles);
    *cmd = std::mem::take(cmd)
        .help_template(template)
        .override_usage(usage);
    for sc in cmd.get_subcommands_mut() {
        finish_at(sc, &path);
    }
}

fn finish_arg(a: Arg, path: &str, styles: &Styles) -> Arg {
    let help = a.get_help().map(ToString::to_string).unwrap_or_default();
    match a.get_action() {
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong => {
            return if a.get_long_help().is_some() {
                a.help(HELP_FLAG_SHORT).long_help(HELP_FLAG_LONG)
            } else {
                a.help(HELP_FLAG)
            };
        }
        ArgAction::Version => return a.help(VERSION_FLAG),
        _ => {}
    }
    if help == CLAP_HELP_ARG {
        return a.help(HELP_ARG);
    }
    spec_values(a, path, &help, styles)
}

/// Defaults and possible values, which clap writes in English, written into
/// the Polish help instead (short and long), and clap's own lists hidden.
fn spec_values(a: Arg, path: &str, help: &str, styles: &Styles) -> Arg {
    let takes_values = a.get_action().takes_values();
    let values: Vec<_> = if a.is_hide_possible_values_set() || !takes_values {
        Vec::new()
    } else {
        a.get_possible_values()
            .into_iter()
            .filter(|v| !v.is_hide_set())
            .collect()
    };
    let defaults: Vec<String> = if a.is_hide_default_value_set() || !takes_values {
        Vec::new()
    } else {
        a.get_default_values()
            .iter()
            .map(|d| d.to_string_lossy().into_owned())
            .collect()
    };
    if values.is_empty() && defaults.is_empty() {
        return a;
    }
    let (ctx, val, lit) = (
        styles.get_context(),
        styles.get_context_value(),
        styles.get_literal(),
    );
    let list = |v: &mut dyn Iterator<Item = String>| {
        v.map(|x| format!("{val}{x}{val:#}"))
            .collect::<Vec<_>>()
            .join(&format!("{ctx}, {ctx:#}"))
    };
    let default_spec = (!defaults.is_empty()).then(|| {
        let d = list(&mut defaults.iter().cloned());
        format!("{ctx}[domyślnie: {ctx:#}{d}{ctx}]{ctx:#}")
    });
    let values_spec = (!values.is_empty()).then(|| {
        let v = list(&mut values.iter().map(|v| v.get_name().to_string()));
        format!("{ctx}[możliwe wartości: {ctx:#}{v}{ctx}]{ctx:#}")
    });
    // Short help, as clap: the help, then `[default]` and `[possible values]`.
    let short = [Some(help.to_string()).filter(|h| !h.is_empty())]
        .into_iter()
        .chain([default_spec.clone(), values_spec.clone()])
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Long help, as clap: the values described one per line when they have
    // a meaning (instead of `[possible values]`), the rest in a paragraph.
    let key = format!("{path}:{}", a.get_id());
    let mut long = help.to_string();
    let described = values.iter().any(|v| v.get_help().is_some());
    if described {
        let width = values
            .iter()
            .map(|v| v.get_name().chars().count())
            .max()
            .unwrap_or(0);
        long.push_str("\n\nMożliwe wartości:");
        for v in &values {
            let text = help_pl::text(&format!("{key}={}", v.get_name()))
                .map(str::to_string)
                .or_else(|| v.get_help().map(ToString::to_string))
                .unwrap_or_default();
            let pad = width - v.get_name().chars().count();
            let _ = write!(long, "\n- {lit}{}{lit:#}:{:pad$} {text}", v.get_name(), "");
        }
    }
    let long_specs: Vec<String> = if described {
        default_spec.into_iter().collect()
    } else {
        default_spec.into_iter().chain(values_spec).collect()
    };
    if !long_specs.is_empty() {
        let _ = write!(long, "\n\n{}", long_specs.join("\n"));
    }
    a.hide_possible_values(true)
        .hide_default_value(true)
        .help(short)
        .long_help(long)
}

/// clap's default help layout with Polish headings.
fn template(cmd: &Command, styles: &Styles) -> String {
    let (h, u) = (styles.get_header(), styles.get_usage());
    let mut t = format!("{{before-help}}{{about-with-newline}}\n{u}Użycie:{u:#} {{usage}}");
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        let _ = write!(t, "\n\n{h}Polecenia:{h:#}\n{{subcommands}}");
    }
    let shown = |a: &&Arg| !a.is_hide_set();
    if cmd.get_positionals().any(|a| shown(&a)) {
        let _ = write!(t, "\n\n{h}Argumenty:{h:#}\n{{positionals}}");
    }
    if cmd
        .get_arguments()
        .filter(shown)
        .any(|a| !a.is_positional())
    {
        let _ = write!(t, "\n\n{h}Opcje:{h:#}\n{{options}}");
    }
    t.push_str("{after-help}");
    t
}

/// clap's usage line with `[OPTIONS]` in Polish.
fn usage(cmd: &mut Command, styles: &Styles) -> String {
    let u = styles.get_usage();
    let full = cmd.render_usage().ansi().to_string();
    let title = format!("{u}Usage:{u:#} ");
    let body = full
        .strip_prefix(&title)
        .or_else(|| full.strip_prefix("Usage: "))
        .unwrap_or(&full);
    // Continuation lines are aligned under the first one, after "Użycie: ".
    body.replace("[OPTIONS]", "[OPCJE]")
        .replace("\n       ", "\n        ")
}

/// The subcommand path the arguments reached, e.g. `mortalis campaign battle`.
fn command_path(cmd: &Command, args: &[OsString]) -> String {
    let mut cur = cmd;
    let mut path = vec![cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string()];
    let mut it = args.iter().skip(1);
    while let Some(arg) = it.next() {
        let Some(s) = arg.to_str() else { break };
        if s == "--" {
            break;
        }
        if let Some(long) = s.strip_prefix("--") {
            let takes = cur
                .get_arguments()
                .any(|a| a.get_long() == Some(long) && a.get_action().takes_values());
            if takes {
                it.next();
            }
            continue;
        }
        if s.starts_with('-') {
            continue;
        }
        match cur.find_subcommand(s) {
            Some(sc) if sc.get_name() != "help" => {
                path.push(sc.get_name().to_string());
                cur = sc;
            }
            _ => break,
        }
    }
    path.join(" ")
}

fn context_str(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn context_list(e: &clap::Error, kind: ContextKind) -> Vec<String> {
    match e.get(kind) {
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::StyledStrs(v)) => v.iter().map(ToString::to_string).collect(),
        Some(ContextValue::StyledStr(s)) => vec![s.to_string()],
        _ => Vec::new(),
    }
}

fn quoted(v: &[String]) -> String {
    v.iter()
        .map(|x| format!("'{x}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "parsing failed" of a number, as std says it, in Polish.
fn source_pl(e: &clap::Error) -> Option<String> {
    use std::num::IntErrorKind;
    let src = std::error::Error::source(e)?;
    if src.downcast_ref::<crate::input::SeedError>().is_some() {
        return Some(format!("ziarno to liczba całkowita od 0 do {}", u64::MAX));
    }
    Some(match src.downcast_ref::<std::num::ParseIntError>() {
        Some(p) => match p.kind() {
            IntErrorKind::Empty => "pusta liczba".to_string(),
            IntErrorKind::InvalidDigit => "to nie jest liczba całkowita".to_string(),
            IntErrorKind::PosOverflow => "liczba za duża".to_string(),
            IntErrorKind::NegOverflow => "liczba za mała".to_string(),
            _ => p.to_string(),
        },
        None => {
            let said = src.to_string();
            range_pl(&said).unwrap_or(said)
        }
    })
}

/// clap's "5000 is not in 0..=1000" (a number outside an argument's range)
/// in Polish: "5000 spoza zakresu od 0 do 1000".
fn range_pl(said: &str) -> Option<String> {
    let (value, range) = said.split_once(" is not in ")?;
    let (lo, hi) = range.split_once("..")?;
    // Only clap's own message: numbers on both sides (a value typed as
    // "a is not in b..c" is left alone).
    let number = |t: &str| t.is_empty() || t.parse::<f64>().is_ok();
    if value.parse::<f64>().is_err() || !number(lo) || !number(hi.trim_start_matches('=')) {
        return None;
    }
    let hi = match hi.strip_prefix('=') {
        Some(hi) => hi.to_string(),
        // An end left out of the range (a half-open `a..b` ends below b).
        None if hi.is_empty() => String::new(),
        None => format!("{} (bez niej)", hi),
    };
    let from = if lo.is_empty() {
        String::new()
    } else {
        format!(" od {lo}")
    };
    let to = if hi.is_empty() {
        String::new()
    } else {
        format!(" do {hi}")
    };
    Some(format!("{value} spoza zakresu{from}{to}"))
}

/// One of clap's English tips, in Polish when it is one clap writes.
fn tip_pl(tip: &str) -> String {
    let quotes: Vec<&str> = tip.split('\'').skip(1).step_by(2).collect();
    if tip.starts_with("to pass '") && quotes.len() == 2 {
        format!(
            "aby podać '{}' jako wartość, użyj '{}'",
            quotes[0], quotes[1]
        )
    } else if tip.starts_with("subcommand '") && quotes.len() == 2 {
        format!(
            "polecenie '{}' istnieje; aby go użyć, usuń '--' przed nim",
            quotes[0]
        )
    } else if tip.starts_with('\'') && tip.ends_with("' exists") && quotes.len() == 1 {
        format!("istnieje '{}'", quotes[0])
    } else {
        tip.to_string()
    }
}

/// The Polish text of a parse error: "błąd: ..." on one line, then tips.
pub fn error_message(e: &clap::Error, cmd: &Command, args: &[OsString]) -> String {
    let mut out = format!("błąd: {}\n", kind_message(e));
    for t in tips(e, cmd, args) {
        let _ = writeln!(out, "  wskazówka: {t}");
    }
    out
}

/// The error's first line in Polish (after "błąd: "), by the kind of error.
fn kind_message(e: &clap::Error) -> String {
    let arg = context_str(e, ContextKind::InvalidArg);
    let value = context_str(e, ContextKind::InvalidValue);
    let a = arg.clone().unwrap_or_default();
    let v = value.clone().unwrap_or_default();
    match e.kind() {
        ErrorKind::InvalidValue if value.as_deref() == Some("") => {
            format!("'{a}' wymaga wartości, a nie podano żadnej")
        }
        ErrorKind::InvalidValue => {
            let valid = context_list(e, ContextKind::ValidValue);
            let mut m = format!("nieprawidłowa wartość '{v}' dla '{a}'");
            if !valid.is_empty() {
                let _ = write!(m, " [możliwe wartości: {}]", valid.join(", "));
            }
            m
        }
        ErrorKind::ValueValidation => match source_pl(e) {
            Some(why) => format!("nieprawidłowa wartość '{v}' dla '{a}': {why}"),
            None => format!("nieprawidłowa wartość '{v}' dla '{a}'"),
        },
        ErrorKind::UnknownArgument => format!("nieoczekiwany argument '{a}'"),
        ErrorKind::InvalidSubcommand => format!(
            "nieznane polecenie '{}'",
            context_str(e, ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::NoEquals => format!("wartość '{a}' trzeba podać po znaku '='"),
        ErrorKind::TooManyValues => {
            format!("nieoczekiwana wartość '{v}' dla '{a}'; więcej nie oczekiwano")
        }
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            let want = context_str(e, ContextKind::MinValues)
                .or_else(|| context_str(e, ContextKind::ExpectedNumValues))
                .unwrap_or_default();
            let got = context_str(e, ContextKind::ActualNumValues).unwrap_or_default();
            format!("'{a}' wymaga {want} wartości, podano {got}")
        }
        ErrorKind::ArgumentConflict => conflict_message(e, arg.is_some(), &a),
        ErrorKind::MissingRequiredArgument => format!(
            "brak wymaganych argumentów: {}",
            context_list(e, ContextKind::InvalidArg).join(", ")
        ),
        ErrorKind::MissingSubcommand => {
            let valid = context_list(e, ContextKind::ValidSubcommand);
            format!(
                "'{}' wymaga polecenia [polecenia: {}]",
                context_str(e, ContextKind::InvalidSubcommand).unwrap_or_default(),
                valid.join(", ")
            )
        }
        ErrorKind::InvalidUtf8 => "argument nie jest poprawnym tekstem UTF-8".to_string(),
        _ => {
            // Anything else: clap's own first line, with the Polish prefix.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// A conflict between arguments in Polish: the same one given twice, or one
/// that cannot go with the others (named when clap names them).
fn conflict_message(e: &clap::Error, has_arg: bool, a: &str) -> String {
    let prior = context_list(e, ContextKind::PriorArg);
    if has_arg && prior == [a.to_string()] {
        format!("argument '{a}' można podać tylko raz")
    } else if prior.is_empty() {
        format!("argumentu '{a}' nie można użyć z innymi podanymi argumentami")
    } else {
        format!("argumentu '{a}' nie można użyć razem z {}", quoted(&prior))
    }
}

/// The tips under the error, in Polish: similar arguments, commands or
/// values, clap's own tips, and where to find the help.
fn tips(e: &clap::Error, cmd: &Command, args: &[OsString]) -> Vec<String> {
    let mut tips = Vec::new();
    for (kind, one, many) in [
        (
            ContextKind::SuggestedArg,
            "istnieje podobny argument",
            "istnieją podobne argumenty",
        ),
        (
            ContextKind::SuggestedSubcommand,
            "istnieje podobne polecenie",
            "istnieją podobne polecenia",
        ),
        (
            ContextKind::SuggestedValue,
            "istnieje podobna wartość",
            "istnieją podobne wartości",
        ),
    ] {
        let s = context_list(e, kind);
        if !s.is_empty() {
            tips.push(format!(
                "{}: {}",
                if s.len() == 1 { one } else { many },
                quoted(&s)
            ));
        }
    }
    for s in context_list(e, ContextKind::Suggested) {
        tips.push(tip_pl(&s));
    }
    tips.push(format!("zobacz '{} --help'", command_path(cmd, args)));
    tips
}

#[cfg(test)]
mod tests {
    use super::range_pl;

    #[test]
    fn only_clap_s_own_range_message_is_translated() {
        assert_eq!(
            range_pl("5000 is not in 0..=1000").as_deref(),
            Some("5000 spoza zakresu od 0 do 1000")
        );
        assert_eq!(
            range_pl("0 is not in 1..").as_deref(),
            Some("0 spoza zakresu od 1")
        );
        // A value that merely reads like one is left as it is.
        assert_eq!(range_pl("a is not in b..c"), None);
        assert_eq!(range_pl("no range here"), None);
    }
}
