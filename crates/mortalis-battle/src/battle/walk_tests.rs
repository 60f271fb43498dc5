//! Tests of `walk.rs` that reach its private parts.

use super::super::{Status, side_from_warband};
use super::*;
use crate::table::Level;

/// A 10" by 4" block 2" high; A1 and A2 on its roof 3" apart, B1 on
/// it east of A2, closer than a base to where A1 would stand in
/// contact with it.
fn on_the_roof() -> Battle {
    let table = crate::file::parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 2\nrect = [6, 6, 10, 4]\n",
    )
    .unwrap();
    let side = |text: &str, s: usize| side_from_warband(&toml::from_str(text).unwrap(), s).unwrap();
    let (na, sa, mut models) = side(include_str!("../../tests/data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("../../tests/data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        let x = match m.name.as_str() {
            "A1" => 8.0,
            "A2" => 11.0,
            "B1" => 12.6,
            _ => {
                m.status = Status::Removed;
                continue;
            }
        };
        m.body.at = Place {
            x,
            y: 8.0,
            level: Level::Roof(0),
        };
    }
    Battle::new(table, [na, nb], [sa, sb], models, 0).with_house_rounds()
}

/// Bases on a roof do not stop the path search, so a walk east may
/// pass through A2. Stopped by B1 where it overlaps A2, with the
/// contact point on A2 too, A1 goes back to the last point walked
/// clear of every base (docs/mortalis/battle.md, interception).
#[test]
fn an_interception_never_leaves_the_mover_on_a_friends_base() {
    let b = on_the_roof();
    let (a1, b1) = (0, 3);
    assert_eq!(b.models[a1].name, "A1");
    assert_eq!(b.models[b1].name, "B1");
    let roof = |x: f64| Place {
        x,
        y: 8.0,
        level: Level::Roof(0),
    };
    let walked = [roof(8.0), roof(9.5), roof(10.5)];
    assert_eq!(b.contact(a1, b1, roof(11.2), &walked), roof(9.5));
    // Where the stop point is clear, it stands.
    assert_eq!(b.contact(a1, b1, roof(9.8), &walked), roof(9.8));
}

/// An interception that stops a Move where its way grazes a wall by the
/// paths' slack (a place no base stands on) puts the mover at the last
/// point walked where one does: until session 35 it was left there, and
/// the next Move search refused ("a model standing where it cannot").
/// A1 walks east along the block's south wall, 0.499" from it at the
/// end; B1, on the roof, has no contact point on the ground.
#[test]
fn an_interception_never_leaves_the_mover_where_no_base_stands() {
    let mut b = on_the_roof();
    let (a1, b1) = (0, 3);
    let ground = |x: f64, y: f64| Place::ground(x, y);
    b.models[a1].body.at = ground(8.0, 5.0);
    let r = b.models[a1].body.radius();
    let grazing = ground(12.0, 6.0 - r + 0.001);
    assert!(b.table.can_stand(grazing, r).is_err());
    let walked = [ground(8.0, 5.0), ground(10.0, 5.2), ground(11.5, 5.45)];
    assert!(walked.iter().all(|&p| b.table.can_stand(p, r).is_ok()));
    assert_eq!(b.contact(a1, b1, grazing, &walked), ground(11.5, 5.45));
}

/// A watcher's question about an enemy other than the mover (B73), asked
/// first without the mover among the bodies that block
/// (`Battle::sees_past`), answers as the whole check does at every step:
/// a body more only hides more. Six models on a generated dense table,
/// each in turn walked along a row; some steps have the mover hide one
/// model from another, so the whole check is asked then.
#[test]
fn a_watch_past_the_mover_answers_as_the_whole_check() {
    let table = crate::generate::generate(7, 28.0);
    let side = |text: &str, s: usize| side_from_warband(&toml::from_str(text).unwrap(), s).unwrap();
    let (na, sa, mut models) = side(include_str!("../../tests/data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("../../tests/data/beta.toml"), 1);
    models.extend(more);
    let free = |placed: &[Place], at: Place| {
        table.can_stand(at, 0.5).is_ok()
            && placed.iter().all(|p| (p.x - at.x).hypot(p.y - at.y) > 1.05)
    };
    let mut placed: Vec<Place> = vec![];
    for k in 0..400 {
        let at = Place::ground(2.0 + f64::from(k % 20) * 1.3, 4.0 + f64::from(k / 20) * 1.1);
        if placed.len() < models.len() && free(&placed, at) && k % 3 == 0 {
            placed.push(at);
        }
    }
    assert_eq!(placed.len(), models.len());
    for (m, at) in models.iter_mut().zip(&placed) {
        m.body.at = *at;
    }
    let mut b = Battle::new(table.clone(), [na, nb], [sa, sb], models, 0).with_house_rounds();
    let n = b.models.len();
    let (mut asked, mut hidden_by_mover) = (0, 0);
    for p in 0..n {
        let home = b.models[p].body.at;
        for step in 0..100 {
            let at = Place::ground(1.0 + f64::from(step) * 0.26, home.y);
            let others: Vec<Place> = (0..n)
                .filter(|&o| o != p)
                .map(|o| b.models[o].body.at)
                .collect();
            if !free(&others, at) {
                continue;
            }
            b.models[p].body.at = at;
            for h in (0..n).filter(|&h| h != p) {
                for t in (0..n).filter(|&t| t != p && t != h) {
                    let whole = b.sees(h, t);
                    assert_eq!(
                        b.sees_past(h, t, Some(p)),
                        whole,
                        "{h} {t} past {p} at {at:?}"
                    );
                    let without = b.sight_others(&[h, t, p]);
                    let (bh, bt) = (&b.models[h].body, &b.models[t].body);
                    if table.sees(bh, bt, &without) && !whole {
                        hidden_by_mover += 1;
                    }
                    asked += 1;
                }
            }
        }
        b.models[p].body.at = home;
    }
    assert!(asked > 1000, "{asked}");
    assert!(hidden_by_mover > 0, "the mover never hid anyone");
}
