//! A top-down drawing of a table as an SVG document (a string; the caller
//! writes it). Heights are printed on walls, blocks and low obstacles;
//! models are circles with a label. Things lying on the ground are drawn
//! under the models: a technology marker as a small yellow diamond
//! (`class="marker"`), the object to intercept as a bigger purple star
//! (`class="object"`); [`carrier_label`] writes the same signs, ◆ and ★,
//! after the name of a model that carries them.

use std::fmt::Write as _;

use geo::Centroid;

use crate::table::{Body, Kind, Place, Table};

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

/// Something lying on the table that is not a model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lying {
    /// A technology marker (B145, B153).
    Marker(Place),
    /// The object to intercept (Przechwycenie, B162).
    Object(Place),
}

/// A model's label with what it carries: `◆N` for N technology markers,
/// `★` for the object (`A7 ◆2 ★`); just the name when it carries nothing.
pub fn carrier_label(name: &str, markers: u32, object: bool) -> String {
    let mut label = name.to_string();
    if markers > 0 {
        let _ = write!(label, " ◆{markers}");
    }
    if object {
        label.push_str(" ★");
    }
    label
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

/// The table with models on it, y growing upwards as in table files.
pub fn render(table: &Table, marks: &[Mark]) -> String {
    render_with(table, marks, &[])
}

/// What a battle shows now: each model on the table in its side's colour
/// (blue, red, grey for models of neither side) with what it carries, and
/// the markers and the object lying on the ground.
pub fn battle_marks(b: &crate::battle::Battle) -> (Vec<Mark>, Vec<Lying>) {
    let marks = b
        .models
        .iter()
        .filter(|m| m.on_table())
        .map(|m| Mark {
            body: m.body,
            colour: match m.side {
                0 => "#3b6ea5",
                1 => "#b33a3a",
                _ => "#6b6b6b",
            }
            .into(),
            label: carrier_label(&m.name, m.carried, m.object),
        })
        .collect();
    let lying = b
        .markers
        .iter()
        .map(|&p| Lying::Marker(p))
        .chain(b.object.map(Lying::Object))
        .collect();
    (marks, lying)
}

/// The table with models on it and things lying on the ground (drawn
/// under the models), y growing upwards as in table files.
pub fn render_with(table: &Table, marks: &[Mark], lying: &[Lying]) -> String {
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
    for l in lying {
        let (at, class, fill, points) = match *l {
            Lying::Marker(at) => (at, "marker", "#f2c200", diamond(0.4)),
            Lying::Object(at) => (at, "object", "#8e44ad", star(0.8)),
        };
        let (cx, cy) = (at.x * SCALE, y(at.y));
        let points: Vec<String> = points
            .iter()
            .map(|(dx, dy)| format!("{:.1},{:.1}", cx + dx * SCALE, cy - dy * SCALE))
            .collect();
        let _ = writeln!(
            out,
            r##"<polygon class="{class}" points="{}" fill="{fill}" stroke="#222" stroke-width="1.5"/>"##,
            points.join(" ")
        );
    }
    for m in marks {
        let (cx, cy, r) = (m.body.at.x * SCALE, y(m.body.at.y), m.body.radius() * SCALE);
        let _ = writeln!(
            out,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{}" stroke="#000"/><text x="{cx:.1}" y="{:.1}" font-size="10" text-anchor="middle" stroke="#fff" stroke-width="2" stroke-opacity="0.7" paint-order="stroke">{}</text>"##,
            escape(&m.colour),
            cy + 3.5,
            escape(&m.label)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The corners of a diamond around the origin, `r` inches to each tip.
fn diamond(r: f64) -> Vec<(f64, f64)> {
    vec![(0.0, r), (r, 0.0), (0.0, -r), (-r, 0.0)]
}

/// The corners of a five-pointed star around the origin, `r` inches to
/// each point, one pointing up.
fn star(r: f64) -> Vec<(f64, f64)> {
    (0..10)
        .map(|k| {
            let a = std::f64::consts::FRAC_PI_2 + f64::from(k) * std::f64::consts::PI / 5.0;
            let d = if k % 2 == 0 { r } else { r * 0.45 };
            (d * a.cos(), d * a.sin())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lying_things_are_drawn_and_carriers_labelled() {
        let table = Table::new(36.0, vec![]).unwrap();
        let svg = render_with(
            &table,
            &[Mark {
                body: Body::new(Place::ground(2.0, 2.0)),
                colour: "#000".into(),
                label: carrier_label("A7", 2, true),
            }],
            &[
                Lying::Marker(Place::ground(3.0, 3.0)),
                Lying::Marker(Place::ground(5.0, 5.0)),
                Lying::Object(Place::ground(6.0, 6.0)),
            ],
        );
        assert_eq!(svg.matches(r#"class="marker""#).count(), 2, "{svg}");
        assert_eq!(svg.matches(r#"class="object""#).count(), 1, "{svg}");
        assert!(svg.contains(">A7 ◆2 ★</text>"), "{svg}");
        // The ground comes first, the models over it.
        assert!(svg.find("class=\"object\"") < svg.find("<circle"), "{svg}");
        assert_eq!(carrier_label("B1", 0, false), "B1");
        assert!(!render(&table, &[]).contains("class="));
    }
}
