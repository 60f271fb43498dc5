//! Terminal drawings of the board and of maps.

use std::fmt::Write;

use sanctum_rules::board::{Board, Reserved};
use sanctum_rules::square::GRID;
use sanctum_rules::{GameMap, Player, Side, Square, StructureKind, Terrain};

const RESET: &str = "\x1b[0m";

fn header(out: &mut String) {
    out.push_str("    ");
    for c in 0..GRID {
        let _ = write!(out, "{c:>3}");
    }
    out.push('\n');
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Red => "\x1b[1;31m",
        Side::Blue => "\x1b[1;34m",
    }
}

/// The board geometry: Sancta (R, B), entrances (r, b), centerline (=), centre (@),
/// town squares of the blue half (+) and of the red half (x).
pub fn board(board: &Board, colour: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "layout: {}", board.layout().name());
    header(&mut out);
    for r in 0..GRID {
        let _ = write!(out, "{r:>3} ");
        for c in 0..GRID {
            let s = Square { c, r };
            let (glyph, paint) = board_glyph(board, s);
            let _ = write!(out, "  ");
            match (colour, paint) {
                (true, Some(p)) => {
                    let _ = write!(out, "{p}{glyph}{RESET}");
                }
                _ => out.push(glyph),
            }
        }
        out.push('\n');
    }
    out.push_str(
        "\nR/B Sanctum   r/b entrance   = centerline   @ centre square\n\
         + town square (blue half)   x town square (red half)   . other square   (blank) off the map\n",
    );
    let _ = writeln!(
        out,
        "{} playable squares; {} town squares on each half",
        board.squares().len(),
        board.eligible_towns(Side::Blue).len()
    );
    out
}

fn board_glyph(board: &Board, s: Square) -> (char, Option<&'static str>) {
    if !board.is_playable(s) {
        return (' ', None);
    }
    match board.reserved(s) {
        Some(Reserved::Sanctum(side)) => {
            return (
                if side == Side::Red { 'R' } else { 'B' },
                Some(side_colour(side)),
            );
        }
        Some(Reserved::Entrance(side)) => {
            return (
                if side == Side::Red { 'r' } else { 'b' },
                Some(side_colour(side)),
            );
        }
        None => {}
    }
    if board.center().contains(&s) {
        ('@', Some("\x1b[1;33m"))
    } else if board.is_on_centerline(s) {
        ('=', Some("\x1b[33m"))
    } else if board.eligible_towns(Side::Blue).contains(&s) {
        ('+', Some("\x1b[36m"))
    } else if board.eligible_towns(Side::Red).contains(&s) {
        ('x', Some("\x1b[35m"))
    } else {
        ('.', Some("\x1b[2m"))
    }
}

fn terrain_glyph(t: Terrain) -> (char, &'static str) {
    match t {
        Terrain::Plains => ('.', "\x1b[32m"),
        Terrain::Forest => ('f', "\x1b[1;32m"),
        Terrain::Water => ('~', "\x1b[1;34m"),
        Terrain::Mountain => ('^', "\x1b[37m"),
        Terrain::Desert => ('d', "\x1b[33m"),
        Terrain::Swamp => ('s', "\x1b[36m"),
        Terrain::BarrenLand => (',', "\x1b[2;33m"),
        Terrain::Lava => ('l', "\x1b[1;31m"),
        Terrain::Volcano => ('v', "\x1b[31m"),
        Terrain::Void => ('o', "\x1b[35m"),
        Terrain::Ice => ('i', "\x1b[1;37m"),
    }
}

/// A map: terrain letters, structures in capitals, and a legend.
pub fn map(map: &GameMap, seed: u64, colour: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "realm: {}{}   layout: {}   seed: {seed}",
        map.realm.name(),
        if map.choice == sanctum_rules::RealmChoice::Random {
            " (random)"
        } else {
            ""
        },
        map.layout.name()
    );
    header(&mut out);
    let board = map.board();
    for r in 0..GRID {
        let _ = write!(out, "{r:>3} ");
        for c in 0..GRID {
            let s = Square { c, r };
            out.push_str("  ");
            if !board.is_playable(s) {
                out.push(' ');
                continue;
            }
            let (glyph, paint) = match map.structure(s) {
                Some(st) => {
                    let g = match st.kind {
                        StructureKind::Sanctum => 'S',
                        StructureKind::Entrance => 'E',
                        StructureKind::Town => 'T',
                        StructureKind::Colony => 'C',
                    };
                    let p = match st.owner {
                        Player::Red => side_colour(Side::Red),
                        Player::Blue => side_colour(Side::Blue),
                        Player::Neutral => "\x1b[1;37m",
                    };
                    (g, p)
                }
                None => terrain_glyph(map.terrain(s)),
            };
            if colour {
                let _ = write!(out, "{paint}{glyph}{RESET}");
            } else {
                out.push(glyph);
            }
        }
        out.push('\n');
    }
    out.push_str("\nS Sanctum   E entrance   T town   C colony   (red and blue by colour; red's Sanctum is the upper one)\n");
    let counts = map.terrain_counts();
    let legend: Vec<String> = Terrain::ALL
        .into_iter()
        .filter(|t| counts[t.index()] > 0)
        .map(|t| {
            format!(
                "{} {} ({})",
                terrain_glyph(t).0,
                t.name(),
                counts[t.index()]
            )
        })
        .collect();
    let _ = writeln!(out, "{}", legend.join("   "));
    out
}
