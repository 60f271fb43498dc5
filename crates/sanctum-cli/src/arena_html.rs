//! The arena report as one self-contained HTML page: tables and inline SVG charts (win
//! rates with their 95% intervals, the first bot's win rate by deck pair, the
//! game-length distribution). No script, no external file.

use std::fmt::Write as _;

use sanctum_bots::arena::Tally;

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole page.
pub fn page(t: &Tally) -> String {
    let title = format!("Sanctum arena: {} vs {}", esc(&t.bots[0]), esc(&t.bots[1]));
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>body{{font-family:sans-serif;max-width:48em;margin:2em auto;color:#222}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em;text-align:right}}\
         th:first-child,td:first-child{{text-align:left}}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p>{} games, seeds {} to {}; sides alternate (the first bot is red in even games). \
         Game <i>i</i> replays with <code>sanctum play --red R --blue B --seed {}+i</code>.</p>\n",
        t.games,
        t.seed,
        t.seed.wrapping_add(t.games.saturating_sub(1)),
        t.seed
    );
    out.push_str("<h2>Results</h2>\n<table>\n<tr><th>bot</th><th>wins</th><th>losses</th><th>draws</th><th>win rate</th><th>95% CI (Wilson)</th></tr>\n");
    for r in &t.results {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td></tr>",
            esc(&r.bot),
            r.wins,
            r.losses,
            r.draws,
            100.0 * r.win_rate,
            100.0 * r.ci95[0],
            100.0 * r.ci95[1]
        );
    }
    out.push_str("</table>\n<p>Win rates; the whiskers span the 95% Wilson intervals.</p>\n");
    let rows: Vec<Bar> = t
        .results
        .iter()
        .map(|r| (r.bot.clone(), r.win_rate, r.ci95))
        .collect();
    out.push_str(&rate_chart(&rows, "win rates", 110.0));
    out.push_str(&deck_section(t));
    let _ = writeln!(
        out,
        "<h2>Game length</h2>\n<p>Mean {:.1} turns, shortest {}, longest {}.</p>",
        t.mean_turns, t.min_turns, t.max_turns
    );
    out.push_str(&length_chart(t));
    out.push_str("<h2>End reasons</h2>\n<table>\n");
    for (reason, n) in &t.end_reasons {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{n}</td></tr>",
            crate::arena::reason_name(*reason)
        );
    }
    out.push_str("</table>\n");
    if !t.failures.is_empty() {
        out.push_str("<h2>Failed games</h2>\n<ul>\n");
        for f in &t.failures {
            let _ = writeln!(
                out,
                "<li>seed {} (<code>{}</code>): {}</li>",
                f.seed,
                esc(&f.replay),
                esc(&f.error)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// One bar of a rate chart: its label, the rate, the 95% interval.
type Bar = (String, f64, [f64; 2]);

/// The first bot's win rate by deck pair (a chart and a table), and each deck's.
fn deck_section(t: &Tally) -> String {
    let mut out = format!(
        "<h2>By deck pair</h2>\n<p>{}'s win rate on each pair of decks (whichever \
         colour each deck played); the whiskers span the 95% Wilson intervals.</p>\n",
        esc(&t.bots[0])
    );
    let rows: Vec<Bar> = t
        .by_pair
        .iter()
        .map(|p| {
            (
                format!("{} / {}", p.decks[0], p.decks[1]),
                p.win_rate,
                p.ci95,
            )
        })
        .collect();
    out.push_str(&rate_chart(&rows, "win rate by deck pair", 300.0));
    out.push_str(
        "<table>\n<tr><th>decks</th><th>games</th><th>wins</th><th>losses</th><th>draws</th></tr>\n",
    );
    for p in &t.by_pair {
        let _ = writeln!(
            out,
            "<tr><td>{} / {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&p.decks[0]),
            esc(&p.decks[1]),
            p.finished,
            p.wins[0],
            p.wins[1],
            p.draws
        );
    }
    out.push_str("</table>\n<h2>By deck</h2>\n<p>Wins of whoever held each deck.</p>\n<table>\n\
                  <tr><th>deck</th><th>games</th><th>wins</th><th>win rate</th><th>95% CI (Wilson)</th></tr>\n");
    for d in &t.by_deck {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td></tr>",
            esc(&d.deck),
            d.finished,
            d.wins,
            100.0 * d.win_rate,
            100.0 * d.ci95[0],
            100.0 * d.ci95[1]
        );
    }
    out.push_str("</table>\n");
    out
}

/// Horizontal bars: each row's rate, its interval as a whisker; `left` is the width
/// kept for the labels.
fn rate_chart(rows: &[Bar], label: &str, left: f64) -> String {
    let row = 40.0;
    let w = left + 530.0;
    let scale = |x: f64| left + x * (w - left - 60.0);
    let h = row * rows.len() as f64 + 40.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{}\">\n",
        esc(label)
    );
    for (k, (name, rate, ci)) in rows.iter().enumerate() {
        let y = 10.0 + row * k as f64;
        let (lo, hi) = (scale(ci[0]), scale(ci[1]));
        let _ = writeln!(
            s,
            "<text x=\"0\" y=\"{:.1}\" font-size=\"14\">{}</text>\
             <rect x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"24\" fill=\"{}\"/>\
             <path d=\"M{lo:.1} {:.1}V{:.1}M{lo:.1} {:.1}H{hi:.1}M{hi:.1} {:.1}V{:.1}\" stroke=\"#000\" stroke-width=\"1.5\" fill=\"none\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\">{:.1}%</text>",
            y + 17.0,
            esc(name),
            scale(*rate) - left,
            if k % 2 == 0 { "#c0392b" } else { "#2e6da4" },
            y + 6.0,
            y + 18.0,
            y + 12.0,
            y + 6.0,
            y + 18.0,
            hi + 6.0,
            y + 16.0,
            100.0 * rate
        );
    }
    let base = h - 18.0;
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"4\" y2=\"{base:.1}\" stroke=\"#bbb\" stroke-dasharray=\"2,3\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{:.0}%</text>",
            base + 14.0,
            100.0 * p,
            x = scale(p)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Vertical bars: games by length, ten turns a bar.
fn length_chart(t: &Tally) -> String {
    let (w, h, bottom) = (600.0, 240.0, 30.0);
    let n = t.length_histogram.len().max(1) as f64;
    let top = t
        .length_histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let bar = (w - 20.0) / n;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"game length distribution\">\n"
    );
    for (k, b) in t.length_histogram.iter().enumerate() {
        let height = (h - bottom - 20.0) * b.games as f64 / top;
        let x = 10.0 + bar * k as f64;
        let y = h - bottom - height;
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{height:.1}\" fill=\"#7a5195\"><title>{}–{} turns: {} games</title></rect>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}–{}</text>",
            x + 2.0,
            bar - 4.0,
            b.from,
            b.to,
            b.games,
            x + bar / 2.0,
            y - 3.0,
            b.games,
            x + bar / 2.0,
            h - bottom + 16.0,
            b.from,
            b.to
        );
    }
    s.push_str("</svg>\n");
    s
}
