//! Geometry on small hand-made tables (Q1 (b): footprints with a kind and
//! heights): distances (Q2, Q3), sight, obstacle and cover (B53, B55, Q4,
//! Q5), path lengths (B28–B33, Q6, Q17).

use mortalis_battle::table::SARCOPHAGUS_BASE;
use mortalis_battle::{Body, Kind, Level, Mover, Piece, Place, Step, Table};

/// A place on the ground.
fn g(x: f64, y: f64) -> Place {
    Place::ground(x, y)
}

/// A model on a 1" base with no movement skills.
const STD: Mover = Mover {
    radius: 0.5,
    climb_rate: 2.0,
    climbs: true,
    jump_max: 3.0,
    jump_down: false,
    dangerous: false,
    sure_footed: false,
};

fn table(pieces: Vec<Piece>) -> Table {
    Table::new(30.0, pieces).expect("a valid table")
}

fn at(x: f64, y: f64) -> Body {
    Body::new(g(x, y))
}

/// A 3" block no model climbs, `side` inches square, its corner at
/// (`x`, `y`).
fn unclimbable(x: f64, y: f64, side: f64) -> Piece {
    Piece::rect(
        Kind::Block {
            height: 3.0,
            climbable: false,
        },
        x,
        y,
        side,
        side,
    )
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 0.02, "{a} is not {b}");
}

/// Q3: edge to edge; Q2: a 1" base for a model, a larger one for a battle
/// sarcophagus, and a model 1.25" tall for the distance up to a roof.
#[test]
fn distances_are_edge_to_edge() {
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 3.0,
            climbable: true,
        },
        10.0,
        10.0,
        4.0,
        4.0,
    )]);
    close(t.distance(&at(5.0, 5.0), &at(10.0, 5.0)), 4.0);
    close(t.distance(&at(5.0, 5.0), &at(5.5, 5.0)), 0.0);
    let big = Body {
        base: SARCOPHAGUS_BASE,
        ..at(10.0, 5.0)
    };
    close(
        t.distance(&at(5.0, 5.0), &big),
        5.0 - 0.5 - SARCOPHAGUS_BASE / 2.0,
    );
    // On a 3" roof, 1.25" tall on the ground: 1.75" above, 2" across.
    let roof = Body::new(Place {
        x: 12.0,
        y: 12.0,
        level: Level::Roof(0),
    });
    close(t.distance(&roof, &at(12.0, 15.0)), 2.0f64.hypot(1.75));
}

#[test]
fn open_table_sees_everything() {
    let s = table(vec![]).sight(&at(5.0, 5.0), &at(25.0, 25.0), &[]);
    assert!(s.visible && !s.partly_hidden() && s.hidden == 0);
}

#[test]
fn a_tall_wall_hides_the_target() {
    let t = table(vec![Piece::rect(
        Kind::Wall {
            height: 3.0,
            climbable: false,
        },
        14.0,
        5.0,
        0.5,
        20.0,
    )]);
    let s = t.sight(&at(5.0, 15.0), &at(25.0, 15.0), &[]);
    assert!(!s.visible && s.half_hidden());
    // B53: a model on a roof above the wall sees over it.
    let t = table(vec![
        Piece::rect(
            Kind::Wall {
                height: 3.0,
                climbable: false,
            },
            14.0,
            5.0,
            0.5,
            20.0,
        ),
        Piece::rect(
            Kind::Block {
                height: 6.0,
                climbable: true,
            },
            2.0,
            13.0,
            4.0,
            4.0,
        ),
    ]);
    let high = Body::new(Place {
        x: 4.0,
        y: 15.0,
        level: Level::Roof(1),
    });
    assert!(t.sight(&high, &at(25.0, 15.0), &[]).visible);
}

/// What a model at (5, 15) sees of one at (25, 15) across a 0.5" thick low
/// wall from y 10 to 20 whose near side is at `x`.
fn low_wall(x: f64, height: f64) -> mortalis_battle::Sight {
    let t = table(vec![Piece::rect(Kind::Low { height }, x, 10.0, 0.5, 10.0)]);
    t.sight(&at(5.0, 15.0), &at(25.0, 15.0), &[])
}

#[test]
fn low_wall_at_the_target_is_cover() {
    // B55: closer than 1" to the target: cover (−2). It hides the lower two
    // thirds of the sample points: at least half hidden (Ukrycie).
    let s = low_wall(24.0, 1.0);
    assert!(s.visible && s.cover && !s.obstacle, "{s:?}");
    assert_eq!((s.hidden, s.points), (6, 9));
    assert!(s.half_hidden());
}

#[test]
fn low_wall_between_is_an_obstacle() {
    let s = low_wall(19.0, 1.0);
    assert!(s.visible && s.obstacle && !s.cover, "{s:?}");
}

#[test]
fn low_wall_at_the_shooter_is_fired_over() {
    // B55: cover the shooter stands behind is no obstacle for it.
    let s = low_wall(5.7, 0.5);
    assert!(s.visible && !s.partly_hidden(), "{s:?}");
}

#[test]
fn a_model_between_is_an_obstacle() {
    // Q5: models hide too; a model 1" or more from the target is an obstacle,
    // a model in contact with it is cover.
    let t = table(vec![]);
    let s = t.sight(&at(5.0, 15.0), &at(25.0, 15.0), &[at(15.0, 15.6)]);
    assert!(s.visible && s.obstacle && !s.cover, "{s:?}");
    // A model of the same size straight in line hides it all.
    assert!(
        !t.sight(&at(5.0, 15.0), &at(25.0, 15.0), &[at(15.0, 15.0)])
            .visible
    );
    let s = t.sight(&at(5.0, 15.0), &at(25.0, 15.0), &[at(24.0, 15.6)]);
    assert!(s.visible && s.cover, "{s:?}");
}

fn cost(t: &Table, from: Place, to: Place, mover: &Mover) -> Option<f64> {
    t.path(from, to, mover, &[])
        .expect("standing places")
        .map(|p| p.cost())
}

#[test]
fn straight_path_on_open_ground() {
    let t = table(vec![]);
    close(cost(&t, g(5.0, 5.0), g(8.0, 9.0), &STD).unwrap(), 5.0);
}

#[test]
fn path_goes_round_an_unclimbable_wall() {
    let t = table(vec![Piece::rect(
        Kind::Wall {
            height: 3.0,
            climbable: false,
        },
        10.0,
        0.0,
        0.5,
        20.0,
    )]);
    // Round the mitred corners (9.5, 20.5) and (11, 20.5) of the grown wall.
    let expected = 4.5f64.hypot(10.5) + 1.5 + 4.5f64.hypot(10.5);
    let got = cost(&t, g(5.0, 10.0), g(15.5, 10.0), &STD);
    close(got.unwrap(), expected);
}

#[test]
fn climbing_over_a_wall_costs_two_inches_per_inch() {
    // B31: 2" up and 2" down at 2" per inch, the 0.5" top and the base's 1"
    // of movement on and off: 9.5, plus 4.5 and 4 walked.
    let t = table(vec![Piece::rect(
        Kind::Wall {
            height: 2.0,
            climbable: true,
        },
        10.0,
        0.0,
        0.5,
        20.0,
    )]);
    let p = t
        .path(g(5.0, 10.0), g(15.0, 10.0), &STD, &[])
        .unwrap()
        .unwrap();
    assert!(p.climbs());
    close(p.cost(), 18.0);
    // With climbing gear (1" per inch): 4 + 0.5 + 1 = 5.5 for the wall.
    let gear = Mover {
        climb_rate: 1.0,
        ..STD
    };
    close(cost(&t, g(5.0, 10.0), g(15.0, 10.0), &gear).unwrap(), 14.0);
    // Pets never climb (B10): round the end instead.
    let pet = Mover {
        climbs: false,
        ..STD
    };
    assert!(cost(&t, g(5.0, 10.0), g(15.0, 10.0), &pet).unwrap() > 18.0);
}

#[test]
fn a_ladder_costs_one_inch_per_inch() {
    let t = table(vec![
        Piece::rect(
            Kind::Wall {
                height: 2.0,
                climbable: true,
            },
            10.0,
            0.0,
            0.5,
            20.0,
        ),
        Piece::rect(Kind::Ladder, 9.5, 9.5, 0.5, 1.0),
    ]);
    close(cost(&t, g(5.0, 10.0), g(15.0, 10.0), &STD).unwrap(), 14.0);
}

#[test]
fn climbing_onto_a_roof_and_jumping_down() {
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 3.0,
            climbable: true,
        },
        10.0,
        10.0,
        4.0,
        4.0,
    )]);
    let roof = Place {
        x: 12.0,
        y: 12.0,
        level: Level::Roof(0),
    };
    // 4.5 walked, 3" climbed at 2 plus 1" onto the roof, 1.5 on it.
    close(cost(&t, g(5.0, 12.0), roof, &STD).unwrap(), 13.0);
    // B33: a jump-down costs nothing for the drop.
    let jumper = Mover {
        jump_down: true,
        ..STD
    };
    let p = t.path(roof, g(18.0, 12.0), &jumper, &[]).unwrap().unwrap();
    close(p.cost(), 6.0);
    assert!(
        p.steps
            .iter()
            .any(|s| matches!(s, Step::JumpDown { height, .. } if *height == 3.0))
    );
    close(cost(&t, roof, g(18.0, 12.0), &STD).unwrap(), 12.0);
}

#[test]
fn jumping_a_gap_needs_a_run_up() {
    let gap = |w: f64| table(vec![Piece::rect(Kind::Gap, 10.0, 0.0, w, 30.0)]);
    // B32: a 2" gap after 4.5" of run-up: the jump itself costs nothing.
    let p = gap(2.0)
        .path(g(5.0, 15.0), g(17.0, 15.0), &STD, &[])
        .unwrap()
        .unwrap();
    close(p.cost(), 10.0);
    // Never over 3" (B32); Akrobata: 4".
    assert_eq!(cost(&gap(3.5), g(5.0, 15.0), g(17.0, 15.0), &STD), None);
    let acrobat = Mover {
        jump_max: 4.0,
        ..STD
    };
    assert!(cost(&gap(3.5), g(5.0, 15.0), g(17.0, 15.0), &acrobat).is_some());
    // Q17: with no run-up, at most 1".
    assert_eq!(cost(&gap(1.5), g(9.5, 15.0), g(12.0, 15.0), &STD), None);
    assert!(cost(&gap(1.0), g(9.5, 15.0), g(12.0, 15.0), &STD).is_some());
}

#[test]
fn difficult_ground_costs_one_inch_for_the_move() {
    // B30: crossing rubble straight (10 + 1) beats walking round it.
    let t = table(vec![Piece::rect(Kind::Difficult, 8.0, 2.0, 4.0, 26.0)]);
    let p = t
        .path(g(5.0, 15.0), g(15.0, 15.0), &STD, &[])
        .unwrap()
        .unwrap();
    assert!(p.difficult);
    close(p.cost(), 11.0);
    // A small patch is cheaper to walk round.
    let t = table(vec![Piece::rect(Kind::Difficult, 9.0, 14.5, 2.0, 1.0)]);
    let p = t
        .path(g(5.0, 15.0), g(15.0, 15.0), &STD, &[])
        .unwrap()
        .unwrap();
    assert!(!p.difficult && p.cost() < 11.0);
}

/// B97 (Pewny krok): difficult ground costs a sure-footed model no inch:
/// across the same rubble its path costs its length, and a 4" Move goes
/// the whole 4" (until session 41 the skill was accepted and did nothing).
#[test]
fn a_sure_footed_model_pays_nothing_for_difficult_ground() {
    let sure = Mover {
        sure_footed: true,
        ..STD
    };
    let t = table(vec![Piece::rect(Kind::Difficult, 8.0, 2.0, 4.0, 26.0)]);
    let p = t
        .path(g(5.0, 15.0), g(15.0, 15.0), &sure, &[])
        .unwrap()
        .unwrap();
    assert!(!p.difficult);
    close(p.cost(), 10.0);
    let t = table(vec![Piece::rect(Kind::Difficult, 4.0, 0.0, 12.0, 30.0)]);
    let r = mortalis_battle::Nav::new(&t, sure)
        .reach(g(5.0, 15.0), 4.0, &[], &[g(15.0, 15.0)])
        .unwrap();
    close(r[0].unwrap().to.x, 9.0);
    close(r[0].unwrap().spent, 4.0);
}

#[test]
fn models_block_paths_and_standing_places_are_checked() {
    let t = table(vec![unclimbable(10.0, 10.0, 4.0)]);
    assert!(t.can_stand(g(12.0, 12.0), 0.5).is_err());
    assert!(t.can_stand(g(9.6, 12.0), 0.5).is_err());
    assert!(t.can_stand(g(0.2, 12.0), 0.5).is_err());
    assert!(t.path(g(12.0, 12.0), g(5.0, 5.0), &STD, &[]).is_err());
    // A wall of models across a corridor must be walked round.
    let t = table(vec![]);
    let line: Vec<Body> = (0..30).map(|k| at(15.0, 0.5 + k as f64)).collect();
    let p = t
        .path(g(10.0, 15.0), g(20.0, 15.0), &STD, &line[..27])
        .unwrap();
    assert!(p.unwrap().cost() > 10.0 + 1.0);
}

#[test]
fn reach_walks_as_far_as_the_allowance_goes() {
    // B28/B29: a Move of 4" towards a goal 10" away stops 4" along.
    let t = table(vec![]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let r = nav
        .reach(g(5.0, 5.0), 4.0, &[], &[g(15.0, 5.0), g(7.0, 5.0)])
        .unwrap();
    let far = r[0].unwrap();
    assert!(!far.arrived);
    close(far.to.x, 9.0);
    close(far.spent, 4.0);
    let near = r[1].unwrap();
    assert!(near.arrived);
    close(near.spent, 2.0);
    // B30: through rubble the Move loses 1": 3" along.
    let t = table(vec![Piece::rect(Kind::Difficult, 4.0, 0.0, 12.0, 30.0)]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let r = nav.reach(g(5.0, 15.0), 4.0, &[], &[g(15.0, 15.0)]).unwrap();
    close(r[0].unwrap().to.x, 8.0);
    close(r[0].unwrap().spent, 4.0);
}

#[test]
fn reach_from_a_corner_next_to_a_friend() {
    let t = table(vec![]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let r = nav
        .reach(g(0.5, 0.5), 4.0, &[at(0.5, 1.5)], &[g(15.0, 15.0)])
        .unwrap();
    assert!(r[0].is_some(), "{r:?}");
}

#[test]
fn a_model_touching_a_block_moves_away_and_along_it() {
    // B28: a base standing in contact with a block (Duma's field puts
    // models there) may still Move: away from it and along its side.
    let block = Kind::Block {
        height: 3.0,
        climbable: false,
    };
    let t = table(vec![Piece::rect(block, 14.0, 10.0, 2.0, 3.0)]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let from = g(13.5, 11.5);
    let r = nav
        .reach(from, 4.0, &[], &[g(9.5, 11.5), g(13.5, 20.0)])
        .unwrap();
    let away = r[0].unwrap();
    assert!(away.arrived, "{away:?}");
    close(away.spent, 4.0);
    let along = r[1].unwrap();
    close(along.to.x, 13.5);
    close(along.to.y, 15.5);
    assert!(t.can_stand(along.to, 0.5).is_ok());
}

#[test]
fn a_move_jumps_down_and_walks_on() {
    // B33: from the roof of an unclimbable 4" block, a Move of 4" towards a
    // place on the ground far east: 0.5" to the edge, the base's width off
    // it, the drop free, then on along the ground with what is left.
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 4.0,
            climbable: false,
        },
        8.0,
        8.0,
        4.0,
        4.0,
    )]);
    let jumper = Mover {
        jump_down: true,
        ..STD
    };
    let nav = mortalis_battle::Nav::new(&t, jumper);
    let roof = Place {
        x: 11.0,
        y: 10.0,
        level: Level::Roof(0),
    };
    let r = nav.reach(roof, 4.0, &[], &[g(26.0, 10.0)]).unwrap();
    let reach = r[0].unwrap();
    assert_eq!(reach.to.level, Level::Ground);
    assert!(reach.to.x > 14.0, "{reach:?}");
}

#[test]
fn jumping_between_roofs() {
    // B32 between two unclimbable roofs 1.5" apart: the alley is jumped
    // with a run-up, its width free (ruling "jumps between roofs").
    let block = |x: f64, h: f64| {
        Piece::rect(
            Kind::Block {
                height: h,
                climbable: false,
            },
            x,
            8.0,
            4.0,
            4.0,
        )
    };
    let roof = |i: usize, x: f64| Place {
        x,
        y: 10.0,
        level: Level::Roof(i),
    };
    let t = table(vec![block(8.0, 3.0), block(13.5, 3.0)]);
    let p = t
        .path(roof(0, 9.0), roof(1, 16.0), &STD, &[])
        .unwrap()
        .unwrap();
    // 2.5" to the edge, the base's width over the 1.5" alley, 2" more: 5.5
    // straight; the take-off places lie 1" apart along the edge, so the way
    // bends a little to one of them.
    assert!((5.5..5.7).contains(&p.cost()), "{}", p.cost());
    assert!(
        p.steps
            .iter()
            .any(|s| matches!(s, Step::Walk { jump, .. } if (*jump - 1.5).abs() < 1e-9))
    );
    // From the edge, 1" may be jumped with no run-up (Q17): the way first
    // walks the 1.5" the jump needs on the roof (3" straight otherwise).
    let from_edge = t
        .path(roof(0, 11.49), roof(1, 16.0), &STD, &[])
        .unwrap()
        .unwrap();
    assert!(from_edge.cost() > 4.4, "{}", from_edge.cost());
    // A 3.5" alley: only Akrobata (4") jumps it.
    let long = Piece::rect(
        Kind::Block {
            height: 3.0,
            climbable: false,
        },
        4.0,
        8.0,
        8.0,
        4.0,
    );
    let wide = table(vec![long, block(15.5, 3.0)]);
    let acrobat = Mover {
        jump_max: 4.0,
        ..STD
    };
    assert!(
        wide.path(roof(0, 5.0), roof(1, 18.0), &STD, &[])
            .unwrap()
            .is_none()
    );
    assert!(
        wide.path(roof(0, 5.0), roof(1, 18.0), &acrobat, &[])
            .unwrap()
            .is_some()
    );
    // A jump does not rise: onto a roof 2" higher, no way; down 1" is fine,
    // back up is not.
    let steps = table(vec![block(8.0, 3.0), block(13.5, 2.0)]);
    assert!(
        steps
            .path(roof(0, 9.0), roof(1, 16.0), &STD, &[])
            .unwrap()
            .is_some()
    );
    assert!(
        steps
            .path(roof(1, 16.5), roof(0, 9.0), &STD, &[])
            .unwrap()
            .is_none()
    );
    let tall = table(vec![block(8.0, 3.0), block(13.5, 5.0)]);
    assert!(
        tall.path(roof(0, 9.0), roof(1, 16.0), &STD, &[])
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_roof_on_top_of_a_roof() {
    // A 3" building 10" across with a 6" tower on its roof (ruling "roofs on
    // top of roofs"): the tower rises 3" above the roof it stands on, stops
    // bases there as a wall does, and is climbed from that roof.
    let block = |x: f64, w: f64, h: f64| {
        Piece::rect(
            Kind::Block {
                height: h,
                climbable: true,
            },
            x,
            x,
            w,
            w,
        )
    };
    let t = table(vec![block(6.0, 10.0, 3.0), block(8.0, 3.0, 6.0)]);
    assert_eq!(t.under(1), Some(0));
    assert_eq!(t.under(0), None);
    close(t.rise(1), 3.0);
    let on = |i: usize, x: f64, y: f64| Place {
        x,
        y,
        level: Level::Roof(i),
    };
    assert!(t.can_stand(on(0, 14.0, 14.0), 0.5).is_ok());
    assert!(
        t.can_stand(on(0, 9.5, 9.5), 0.5).is_err(),
        "inside the tower"
    );
    assert!(
        t.can_stand(on(0, 11.3, 9.5), 0.5).is_err(),
        "against the tower"
    );
    assert!(t.can_stand(on(1, 9.5, 9.5), 0.5).is_ok());
    assert_eq!(t.surface_at(9.5, 9.5), Level::Roof(1));
    // From the roof: 2.5" to the tower, 3" climbed at 2, onto the top and
    // across it: about 10.5.
    let c = cost(&t, on(0, 14.0, 9.5), on(1, 9.5, 9.5), &STD).unwrap();
    assert!((10.4..11.6).contains(&c), "{c}");
    // Round the tower on its roof, not through it.
    let round = cost(&t, on(0, 14.0, 9.5), on(0, 7.0, 9.5), &STD).unwrap();
    assert!(round > 7.5, "{round}");
    // Jumping down from the tower lands on the roof below, 3" down.
    let jumper = Mover {
        jump_down: true,
        ..STD
    };
    let p = t
        .path(on(1, 9.5, 9.5), on(0, 14.0, 9.5), &jumper, &[])
        .unwrap()
        .unwrap();
    assert!(p.steps.iter().any(
        |s| matches!(s, Step::JumpDown { height, to, .. } if *height == 3.0 && to.level == Level::Roof(0))
    ));
}

#[test]
fn a_taller_block_overlapping_a_roof_stands_on_it_as_a_wall() {
    // Ruling "Overlapping blocks" (docs/mortalis/battle.md): the generator
    // may set a block across a lane over part of another (generated 36"
    // Barykady table, seed 2: a 2" block half under a 3" one). The part of
    // the 2" roof under the 3" block is no place to stand, and a model on
    // the rest of that roof still finds its way down (it used to walk on
    // the roof into the taller block, where no way down was left).
    let block = |x: f64, w: f64, h: f64| {
        Piece::rect(
            Kind::Block {
                height: h,
                climbable: true,
            },
            x,
            10.0,
            w,
            2.0,
        )
    };
    // The 2" block from x 10" to 13", the 3" one from 9" to 11".
    let t = table(vec![block(10.0, 3.0, 2.0), block(9.0, 2.0, 3.0)]);
    let on = |i: usize, x: f64, y: f64| Place {
        x,
        y,
        level: Level::Roof(i),
    };
    // Neither stands on the other: the 3" block is not wholly on the roof.
    assert_eq!(t.under(1), None);
    assert_eq!(t.stacked_on(0).collect::<Vec<_>>(), vec![1]);
    assert!(
        t.stacked_on(1).next().is_none(),
        "the lower block rises above nothing"
    );
    assert!(
        t.can_stand(on(0, 10.5, 10.5), 0.5).is_err(),
        "inside the taller block"
    );
    assert!(
        t.can_stand(on(0, 11.3, 11.0), 0.5).is_err(),
        "against the taller block"
    );
    assert!(t.can_stand(on(0, 12.0, 11.0), 0.5).is_ok());
    // Down from what is left of the roof, off its east side: 2" climbed
    // at 2" an inch and the inch off the edge, with a little walking.
    let c = cost(&t, on(0, 12.0, 11.0), g(14.0, 11.0), &STD).unwrap();
    assert!((5.0..7.0).contains(&c), "{c}");
    // And no way along the roof into the taller block: a Move towards it
    // stops with the base against it.
    let nav = mortalis_battle::Nav::new(&t, STD);
    let reach = nav
        .reach(on(0, 12.0, 11.0), 4.0, &[], &[on(0, 9.5, 11.0)])
        .unwrap();
    let to = reach[0].as_ref().map_or(12.0, |r| r.to.x);
    assert!(to >= 11.49, "{reach:?}");
}

#[test]
fn a_base_by_a_corner_of_a_block_moves_away() {
    // Ruling "Standing by a corner" (docs/mortalis/battle.md): the path
    // graph grows terrain by the base's radius with square corners, so a
    // base may stand (more than its radius from the block) inside the grown
    // shape's corner. Every slide from there used to meet the grown shape,
    // so the model had no Move at all (generated 36" Barykady table, seed
    // 3, AI against AI: one stood still for the rest of the battle).
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 4.0,
            climbable: false,
        },
        10.0,
        10.0,
        2.0,
        2.0,
    )]);
    let from = g(9.62, 9.62);
    assert!(t.can_stand(from, 0.5).is_ok());
    let p = t
        .path(from, g(5.0, 9.62), &STD, &[])
        .unwrap()
        .expect("a way off");
    close(p.cost(), 4.62);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let reach = nav.reach(from, 4.0, &[], &[g(9.62, 5.0)]).unwrap();
    let to = reach[0].as_ref().expect("a Move away").to;
    close(to.y, 5.62);
    // Slides from there into the block stay stopped.
    assert!(
        t.path(from, g(12.9, 12.9), &STD, &[])
            .unwrap()
            .is_some_and(|p| p.cost() > 4.5),
        "round the block, not through it"
    );
}

#[test]
fn a_base_passes_a_corner_beside_a_friend() {
    // Ruling "Passing a corner" (docs/mortalis/battle.md): a base stands
    // off a block's corner, a friend's base close by on the other side.
    // The gap between them is wide enough for a base, but the slides
    // through it cut the grown block's square corner, and the only way
    // round went through the friend: until session 29 the model had no
    // Move at all (generated 36" Barykady table, seed 218: five models
    // queued behind it for the whole battle). Placed as they stood there,
    // the block's corner at (12, 10).
    let t = table(vec![unclimbable(10.0, 10.0, 2.0)]);
    let (from, friend) = (g(12.552, 9.793), at(13.45, 9.275));
    assert!(t.can_stand(from, 0.5).is_ok());
    // Below the block, clear of both.
    let under = g(12.424, 9.341);
    let p = t
        .path(from, under, &STD, &[friend])
        .unwrap()
        .expect("a way under the block");
    close(p.cost(), 0.47);
    // And on along the block's south side, as far as a Move goes.
    let nav = mortalis_battle::Nav::new(&t, STD);
    let reach = nav.reach(from, 4.0, &[friend], &[g(2.0, 9.341)]).unwrap();
    let to = reach[0].as_ref().expect("a Move west").to;
    assert!(to.x < 9.0, "the Move ends at {to:?}");
    // A slide that would take the base within its radius of the corner
    // (0.39" from it, where x is 12) stays stopped: the way bends round.
    let (a, b) = (g(12.6, 9.7), g(11.0, 9.45));
    let straight = (a.x - b.x).hypot(a.y - b.y);
    let p = t.path(a, b, &STD, &[]).unwrap().expect("a way round");
    assert!(p.cost() > straight + 0.01, "{} cuts the corner", p.cost());
}

#[test]
fn a_floor_is_stood_on_and_walked_under() {
    // An open two-storey ruin (ruling "floors"): floors at 3" and 6" over
    // the same 8"x8" footprint, nothing at the sides.
    let floor = |h: f64| {
        Piece::rect(
            Kind::Floor {
                height: h,
                climbable: true,
            },
            10.0,
            10.0,
            8.0,
            8.0,
        )
    };
    let t = table(vec![floor(3.0), floor(6.0)]);
    let on = |i: usize, x: f64, y: f64| Body {
        at: Place {
            x,
            y,
            level: Level::Roof(i),
        },
        ..at(x, y)
    };
    // The ground under it is walked on, straight through.
    close(cost(&t, g(6.0, 14.0), g(22.0, 14.0), &STD).unwrap(), 16.0);
    assert!(t.can_stand(g(14.0, 14.0), 0.5).is_ok());
    assert!(t.can_stand(on(0, 14.0, 14.0).at, 0.5).is_ok());
    close(t.level_height(Level::Roof(1)), 6.0);
    assert_eq!(t.surface_at(14.0, 14.0), Level::Roof(1));
    // Open at the sides: a model on the ground beside the ruin sees one on
    // the lower floor, and one on the ground under it.
    assert!(t.sight(&at(2.0, 14.0), &on(0, 14.0, 14.0), &[]).visible);
    assert!(t.sight(&at(2.0, 14.0), &at(14.0, 14.0), &[]).visible);
    // Under a roof: from a 12" tower right next to the ruin, the model on
    // the lower floor, under the upper one, is out of sight; one on the
    // upper floor is in sight.
    let mut with_tower = vec![floor(3.0), floor(6.0)];
    with_tower.push(Piece::rect(
        Kind::Block {
            height: 12.0,
            climbable: false,
        },
        18.5,
        12.0,
        4.0,
        4.0,
    ));
    let t = table(with_tower);
    let sniper = on(2, 19.0, 14.0);
    assert!(!t.sight(&sniper, &on(0, 15.0, 14.0), &[]).visible);
    assert!(t.sight(&sniper, &on(1, 15.0, 14.0), &[]).visible);
    // Climbed onto from the ground outside it: 3" at 2, plus the base's
    // width onto it; a model on it jumps down from its edge.
    let c = cost(&t, g(8.0, 14.0), on(0, 12.0, 14.0).at, &STD).unwrap();
    assert!((9.0..10.5).contains(&c), "{c}");
    let jumper = Mover {
        jump_down: true,
        ..STD
    };
    let p = t
        .path(on(0, 12.0, 14.0).at, g(6.0, 14.0), &jumper, &[])
        .unwrap()
        .unwrap();
    assert!(
        p.steps
            .iter()
            .any(|s| matches!(s, Step::JumpDown { height, .. } if *height == 3.0))
    );
}

/// B31, ruling "Climbs across both Moves": a 2.5" block costs 5" up and
/// the base's width onto the roof, more than a first Move of 4", so one
/// Move never climbs it; both Moves of the round (4" + 3") walked as one
/// do, and walk on along the roof with what is left. A 3" block is
/// climbed from a base touching it with nothing to spare (6" and 1" onto
/// the roof: 7"). A 3.5" block (7" up) is out of reach of both.
#[test]
fn a_climb_may_span_both_moves() {
    let t = table(vec![
        Piece::rect(
            Kind::Block {
                height: 2.5,
                climbable: true,
            },
            10.0,
            8.0,
            4.0,
            4.0,
        ),
        Piece::rect(
            Kind::Block {
                height: 3.5,
                climbable: true,
            },
            18.0,
            18.0,
            4.0,
            4.0,
        ),
        Piece::rect(
            Kind::Block {
                height: 3.0,
                climbable: true,
            },
            2.0,
            20.0,
            4.0,
            4.0,
        ),
    ]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let roof = |x: f64, y: f64, k: usize| Place {
        x,
        y,
        level: Level::Roof(k),
    };
    let straight = |goal: Place| move |_: usize, p: Place| (p.x - goal.x).hypot(p.y - goal.y);
    let goal = roof(12.5, 10.0, 0);
    let [one, both] = nav
        .reach_both(g(9.3, 10.0), (4.0, 3.0), &[], &[goal], &straight(goal))
        .unwrap();
    assert_eq!(one[0].map(|r| r.to.level), Some(Level::Ground), "{one:?}");
    let walk = both[0].expect("both Moves climb the 2.5\" block");
    assert_eq!(walk.to.level, Level::Roof(0));
    assert!(
        walk.climbed && walk.spent > 4.0 && walk.spent <= 7.0 + 1e-9,
        "{walk:?}"
    );
    // Once on the roof the walk goes on towards the goal with what is left.
    assert!(walk.to.x > 10.6, "{walk:?}");
    let goal = roof(4.0, 22.0, 2);
    let [_, both] = nav
        .reach_both(g(1.499, 22.0), (4.0, 3.0), &[], &[goal], &straight(goal))
        .unwrap();
    let walk = both[0].expect("both Moves climb the 3\" block, touching it");
    assert_eq!(walk.to.level, Level::Roof(2), "{walk:?}");
    assert!(walk.spent <= 7.01, "{walk:?}");
    // A step back from it, and the climb no longer fits.
    let [_, both] = nav
        .reach_both(g(1.2, 22.0), (4.0, 3.0), &[], &[goal], &straight(goal))
        .unwrap();
    assert!(both[0].is_none(), "{both:?}");
    let goal = roof(20.5, 20.0, 1);
    let [_, both] = nav
        .reach_both(g(17.3, 20.0), (4.0, 3.0), &[], &[goal], &straight(goal))
        .unwrap();
    assert!(both[0].is_none(), "{both:?}");
    // Without a second Move (the first Move's allowance only) nothing
    // climbs either.
    let [_, both] = nav
        .reach_both(g(9.3, 10.0), (4.0, 0.0), &[], &[goal], &straight(goal))
        .unwrap();
    assert!(both[0].is_none(), "{both:?}");
}

/// B31: a climb that fits one Move's allowance exactly is taken in that
/// Move — a 1.5" block from a base touching it: 3" up and the base's width
/// onto the roof is 4", a first Move of Speed 4 (the graph's places keep a
/// thousandth of an inch off walls, so the way costs a few thousandths
/// more: the slack a climb may take). Half an inch back and it does not fit.
#[test]
fn a_climb_that_fits_one_move_exactly_is_taken() {
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 1.5,
            climbable: true,
        },
        10.0,
        8.0,
        4.0,
        4.0,
    )]);
    let nav = mortalis_battle::Nav::new(&t, STD);
    let goal = Place {
        x: 12.0,
        y: 10.0,
        level: Level::Roof(0),
    };
    // At a climbing point (they are spread along each edge).
    let r = nav.reach(g(9.499, 9.0), 4.0, &[], &[goal]).unwrap();
    let climb = r[0].expect("a way up");
    assert_eq!(climb.to.level, Level::Roof(0), "{climb:?}");
    assert!(climb.climbed && climb.spent <= 4.01, "{climb:?}");
    // Nothing is walked on the slack: it stops at the roof's edge.
    assert!(climb.to.x < 10.6, "{climb:?}");
    let r = nav.reach(g(9.0, 9.0), 4.0, &[], &[goal]).unwrap();
    assert_eq!(r[0].map(|c| c.to.level), Some(Level::Ground), "{r:?}");
}

/// A 10" × 4" roof, 2" up, unclimbable (nobody leaves it), with a friend
/// standing in the middle of the way from one end to the other: the way
/// goes round its base on the roof (until session 26 the search kept only
/// bases on the ground and walked straight through it). Without the
/// friend the way is straight.
#[test]
fn a_way_on_a_roof_goes_round_a_base_standing_there() {
    let t = table(vec![Piece::rect(
        Kind::Block {
            height: 2.0,
            climbable: false,
        },
        6.0,
        6.0,
        10.0,
        4.0,
    )]);
    let roof = |x: f64, y: f64| Place {
        x,
        y,
        level: Level::Roof(0),
    };
    let (from, to) = (roof(7.0, 8.0), roof(15.0, 8.0));
    let clear = t.path(from, to, &STD, &[]).unwrap().unwrap();
    close(clear.cost(), 8.0);
    let friend = Body::new(roof(11.0, 8.0));
    let round = t.path(from, to, &STD, &[friend]).unwrap().unwrap();
    // Round a disc of 1" (both radii) at 4" from either end: 8.25".
    assert!(round.cost() > 8.2, "{}", round.cost());
    // No point of the way comes within a base of the friend's centre.
    let mut at = (from.x, from.y);
    for s in &round.steps {
        let Step::Walk { to: end, .. } = s else {
            panic!("only walks on a roof: {s:?}");
        };
        let (dx, dy) = (end.x - at.0, end.y - at.1);
        for k in 0..=100 {
            let f = f64::from(k) / 100.0;
            let (x, y) = (at.0 + dx * f, at.1 + dy * f);
            assert!((x - 11.0).hypot(y - 8.0) > 1.0 - 0.01, "{x}, {y}");
        }
        at = (end.x, end.y);
    }
}

#[test]
fn a_climb_beside_a_roofs_corner_comes_on_where_a_base_fits() {
    // Ruling "Climbing beside a roof's corner" (docs/mortalis/battle.md):
    // a nook below a 3" block's west edge, shut in by an unclimbable block
    // below and the corner of a taller one above, as on a generated 36"
    // Barykady table (seed 6, full warbands), where the Attacker's carrier
    // stood from round 9 to the end with its friends queued behind it.
    let climbable = Piece::rect(
        Kind::Block {
            height: 3.0,
            climbable: true,
        },
        14.0,
        12.0,
        2.0,
        2.0,
    );
    let t = table(vec![
        climbable,
        unclimbable(13.5, 9.94, 2.0),
        unclimbable(11.41, 13.03, 2.0),
    ]);
    let nook = g(13.499, 12.45);
    assert!(t.can_stand(nook, 0.5).is_ok());
    // Straight across the edge the base would overhang the roof's south
    // edge (0.45" in); it comes on a little further north instead.
    let roof = Place {
        x: 15.0,
        y: 13.0,
        level: Level::Roof(0),
    };
    let p = t
        .path(nook, roof, &STD, &[])
        .unwrap()
        .expect("a climb from the nook");
    // 3" climbed at 2, the base's width and the 0.05" along the edge onto
    // the roof, then 0.7" on it.
    close(
        p.cost(),
        6.0 + 1.002_f64.hypot(0.051) + 0.499_f64.hypot(0.499),
    );
    // Within both Moves of a Speed 4 model, as a walk across them (B31):
    // 6 + 1.0013", inside the thousandths a climb may overrun its
    // allowance by (`CLIMB_SLACK`, which the graph's offsets off walls
    // need; a nook lower down would need more and have no such walk).
    let nav = mortalis_battle::Nav::new(&t, STD);
    let gap = |_: usize, at: Place| (at.x - roof.x).hypot(at.y - roof.y);
    let [_, both] = nav
        .reach_both(nook, (4.0, 3.0), &[], &[roof], &gap)
        .unwrap();
    let walk = both[0].as_ref().expect("a walk onto the roof");
    assert_eq!(walk.to.level, Level::Roof(0));
    assert!(walk.spent <= 7.01, "{walk:?}");
}
