//! A top-down drawing of a table as an SVG document (a string; the caller
//! writes it). Heights are printed on walls, blocks and low obstacles;
//! models are circles with a label.

use std::fmt::Write as _;

use geo::Centroid;

use crate::table::{Body, Kind, Table};

/// Pixels per inch.
const SCALE: f64 = 20.0;

/// A model to draw: its body, a fill colour and a short label.
#[derive(Debug, Clone)]
pub struct Mark {
    /// Where and how big.
    pub body: Body,
    /// CSS colour.
    pub colour: String,
    /// Text drawn on it.
    pub label: String,
}

fn style(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Open => ("#e8e4d8", "none"),
        Kind::Difficult => ("#c9b48a", "url(#hatch)"),
        Kind::Low { .. } => ("#a8a290", "none"),
        Kind::Wall {
            climbable: true, ..
        } => ("#5d5a52", "none"),
        Kind::Wall {
            climbable: false, ..
        } => ("#2f2d29", "none"),
        Kind::Block {
            climbable: true, ..
        } => ("#7c7768", "none"),
        Kind::Block {
            climbable: false, ..
        } => ("#4a463d", "none"),
        Kind::Ladder => ("#b5651d", "none"),
        Kind::Impassable { .. } => ("#1c1c1c", "none"),
        Kind::Gap => ("#0d1b2a", "none"),
        Kind::Dangerous => ("#e25822", "none"),
        // A floor is drawn hatched: the ground under it is walked on.
        Kind::Floor { .. } => ("#a39a82", "url(#hatch)"),
    }
}

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The table, with y growing upwards as in table files.
pub fn render(table: &Table, marks: &[Mark]) -> String {
    let px = table.size * SCALE;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{px}" height="{px}" viewBox="0 0 {px} {px}">
<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,6 L6,0" stroke="#7a6a48" stroke-width="1"/></pattern></defs>
<rect width="{px}" height="{px}" fill="#efeadb" stroke="#333" stroke-width="2"/>"##
    );
    let y = |v: f64| (table.size - v) * SCALE;
    for p in &table.pieces {
        let points: Vec<String> = p
            .footprint
            .exterior()
            .0
            .iter()
            .map(|c| format!("{:.1},{:.1}", c.x * SCALE, y(c.y)))
            .collect();
        let (fill, pattern) = style(p.kind);
        let _ = writeln!(
            out,
            r##"<polygon points="{}" fill="{fill}" stroke="#222" stroke-width="1"><title>{}</title></polygon>"##,
            points.join(" "),
            p.kind.name()
        );
        if pattern != "none" {
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="{pattern}"/>"##,
                points.join(" ")
            );
        }
        let h = p.kind.surface().unwrap_or(p.kind.sight_height());
        if h > 0.0
            && let Some(c) = p.footprint.centroid()
        {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#fff">{h}"</text>"##,
                c.x() * SCALE,
                y(c.y()) + 4.0
            );
        }
    }
    for m in marks {
        let (cx, cy, r) = (m.body.at.x * SCALE, y(m.body.at.y), m.body.radius() * SCALE);
        let _ = writeln!(
            out,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{}" stroke="#000"/><text x="{cx:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"##,
            escape(&m.colour),
            cy + 3.5,
            escape(&m.label)
        );
    }
    out.push_str("</svg>\n");
    out
}
