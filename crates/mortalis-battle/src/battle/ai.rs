//! The AI decider (docs/mortalis/ai.md): one step ahead, every option
//! valued with the exact odds engine — a shot by the chance it takes its
//! target out, an attack by the chances each fighter is taken out, a Move by
//! the markers it brings within reach, the ground it gains towards markers
//! or (carrying markers) the edge, and the exact chance each enemy that
//! would see the new place takes the model out with one volley.

use mortalis_rules::odds::{self, ActionKind, Odds, Query, Situation};
use num_traits::ToPrimitive;

use super::ai_goals::{carrier_pull, exit_value, goal_value};
use super::{About, Battle, Choice, Decider, OBJECT_VP, Question, Scenario};
use crate::table::{Body, Place};

/// The AI decider. Stateless and deterministic.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ai;

/// What a shot (or any ranged attack) is worth for each target it may
/// take out: the chance times this many times the target's worth (1.5
/// until session 15: a sweep against random play found 2.5 to 4 alike
/// and better, docs/mortalis/ai.md).
const SHOT_WORTH: f64 = 2.5;

/// How much an engaged model's own fall weighs against its worth when it
/// attacks the enemy it is engaged with: the defender may still answer
/// with "Nic mi nie jest!" or its captain's reroll, which the odds at the
/// time of choosing leave out (1 until session 25, docs/mortalis/ai.md).
const ENGAGED_RISK: f64 = 1.4;

/// How much the melee danger of a place weighs in its exposure against
/// the shots: a charge's first exchange is only the start of a fight the
/// model cannot leave unless its enemy fights another model too (B46), so
/// it is feared at half again its chance (1 until session 28: against random play, Barykady on dense 28"
/// tables 2,811 → 2,852 won of 3,200, docs/mortalis/ai.md).
const MELEE_DANGER: f64 = 1.5;

/// The rounds before the house round limit from which a side that does
/// not lead weighs danger less ([`boldness`]; session 26).
const HORIZON: f64 = 6.0;

/// The least share of the danger weighed, in the last round ([`boldness`]).
const BOLDEST: f64 = 0.2;

/// What a Move must gain to be made rather than standing still: a hair
/// above rounding, so a Move that changes nothing (along an edge the
/// model is waiting at, out of every enemy's sight) loses its tie with
/// the options offered after the Moves (mostly ending the activation;
/// Overwatch or Defensive position where worth as much). Ties go to the
/// option offered first: before, models carrying markers paced back and
/// forth along the edge for ten rounds, each step a search of its own
/// (session 37, docs/mortalis/ai.md).
const STAY: f64 = 1e-6;

/// The value of a model: 2, plus 1 per marker it carries, plus 4 for the
/// object to intercept (and more when a challenge names it).
pub(super) fn worth(b: &Battle, m: usize) -> f64 {
    let me = &b.models[m];
    2.0 + f64::from(me.carried)
        + if me.object { 4.0 } else { 0.0 }
        + super::challenge_ai::named_worth(b, m)
}

/// [`worth`] of the AI's own model `m` when it weighs what `m` risks: a
/// Barykady Defender never scores a marker it carries (B158, Q24), so its
/// carriers risk no more than the model (session 25, docs/mortalis/ai.md).
fn own_worth(b: &Battle, m: usize) -> f64 {
    let me = &b.models[m];
    let scoreless = b.scenario == Scenario::Barricades && b.defender == Some(me.side);
    let markers = if scoreless {
        f64::from(me.carried)
    } else {
        0.0
    };
    worth(b, m) - markers
}

/// The value of model `m` leaving the table now. Once a side has nobody
/// left on the table the other takes every marker still there (B145), so
/// the last model of a side leaves only when what its side has banked
/// beats all the opponent could still get; others leave gladly.
pub(super) fn leave_value(b: &Battle, m: usize) -> f64 {
    let me = &b.models[m];
    if b.scenario == Scenario::Pride {
        return 1.0 + 2.0 * exit_worth(b, m);
    }
    let side = me.side;
    let vp = b.vp();
    let carried_by = |s: usize| -> u32 {
        b.models
            .iter()
            .filter(|f| f.on_table() && f.side == s)
            .map(|f| f.carried + if f.object { OBJECT_VP } else { 0 })
            .sum()
    };
    let loose = b.markers.len() as u32 + if b.object.is_some() { OBJECT_VP } else { 0 };
    let mine = vp[side] + carried_by(side);
    let theirs_most = vp[1 - side] + carried_by(1 - side) + loose;
    let others_here = b
        .models
        .iter()
        .enumerate()
        .any(|(i, f)| i != m && f.on_table() && f.side == side && !f.volunteer);
    let own = me.carried + if me.object { OBJECT_VP } else { 0 };
    let banked_after = vp[side] + own;
    if banked_after > theirs_most + carried_by(side) - own {
        // It wins whatever happens next.
        return 20.0;
    }
    if others_here {
        // Those left behind must not be outnumbered: once they are all
        // taken out the opponent takes every marker still on the table.
        let count = |s: usize| {
            b.models
                .iter()
                .filter(|f| f.on_table() && f.side == s && !f.volunteer)
                .count()
        };
        let stay = count(side) - 1;
        // What the opponent takes if those left behind all fall.
        let at_risk = loose + carried_by(side) - own;
        let last_round = b.max_rounds > 0 && b.round >= b.max_rounds;
        // Near the round limit one fewer will do: waiting longer only
        // leaves the markers on the table for a draw.
        let late = b.max_rounds > 0 && b.round + 2 >= b.max_rounds;
        // With more at risk than it takes off, two more than the enemy.
        let margin = if at_risk > own { 2 } else { 0 };
        if stay >= count(1 - side) + margin
            || (late && stay + 1 >= count(1 - side))
            || at_risk == 0
            || last_round
        {
            1.0 + 2.0 * exit_worth(b, m)
        } else {
            -0.5
        }
    } else if mine > theirs_most {
        10.0
    } else {
        -10.0
    }
}

/// How much of what it risks a model of `side` weighs near the house
/// round limit (Q22) when its side does not lead: the danger of the place
/// a Move ends at, and its own fall in an Attack. The battle then ends
/// drawn or lost unless it risks something (session 26,
/// docs/mortalis/ai.md). 1 until [`HORIZON`] rounds are left, then less
/// each round, down to [`BOLDEST`] in the last.
fn boldness(b: &Battle, side: usize) -> f64 {
    if b.max_rounds == 0 || side > 1 {
        return 1.0;
    }
    let vp = b.vp();
    if vp[side] > vp[1 - side] {
        return 1.0;
    }
    let left = f64::from(b.max_rounds.saturating_sub(b.round)) + 1.0;
    (left / HORIZON).clamp(BOLDEST, 1.0)
}

/// Whether model `m` is the last of its side on the table (volunteers
/// aside) and its leaving would not win: the opponent would then take
/// every marker still on the table (B145), as many as or more than it
/// takes off. Such a model wins only by gathering more or by taking the
/// enemy out, so the way off is no goal for it ([`Ai::move_value`]).
fn cornered(b: &Battle, m: usize) -> bool {
    let me = &b.models[m];
    if b.scenario == Scenario::Pride || me.volunteer || me.side > 1 {
        return false;
    }
    let alone = !b
        .models
        .iter()
        .enumerate()
        .any(|(i, f)| i != m && f.on_table() && f.side == me.side && !f.volunteer);
    alone && leave_value(b, m) < 0.0
}

/// The exact chance a shooting query takes its target out (0 when the
/// rules refuse it).
pub(super) fn out_chance(b: &Battle, q: &Query) -> f64 {
    match b.odds(q) {
        Ok(Odds::Shoot(o)) => prob(&o.out_of_action),
        _ => 0.0,
    }
}

/// What taking out model `t` does to the end of the battle: in Duma the
/// last enemy on the field ends it, and models of the side still there
/// never count as having left (B170), so it is worth it only ahead; half
/// that for the last but one, whose fall leaves one that may fall at the
/// next exchange; the value added to the removal (0 when it ends nothing).
pub(super) fn ending(b: &Battle, t: usize) -> f64 {
    let side = b.models[t].side;
    // Independent models (a third side) never end a battle (B137).
    if side > 1 {
        return 0.0;
    }
    let left = b
        .models
        .iter()
        .enumerate()
        .filter(|&(i, f)| i != t && f.on_table() && f.side == side)
        .count();
    if b.scenario != Scenario::Pride || left > 1 {
        return 0.0;
    }
    let vp = b.vp();
    // One left after it: the battle may end at the next exchange, whoever
    // starts it (the last enemy attacking and losing ends it too).
    let near = if left == 1 { 0.5 } else { 1.0 };
    near * match vp[1 - side].cmp(&vp[side]) {
        std::cmp::Ordering::Greater => 10.0,
        std::cmp::Ordering::Equal => -6.0,
        std::cmp::Ordering::Less => -12.0,
    }
}

pub(super) fn prob(p: &odds::Prob) -> f64 {
    p.to_f64().unwrap_or(0.0)
}

/// Chance that `shooter`, standing at `from` (having moved this round when
/// `moved`), takes out `target` standing at `at` with one volley, as the
/// odds engine computes it; 0 when it cannot shoot it.
pub(super) fn threat(
    b: &Battle,
    shooter: usize,
    from: Place,
    moved: bool,
    target: usize,
    at: Place,
) -> f64 {
    let s = &b.models[shooter];
    let Some(weapon) = s.ranged() else { return 0.0 };
    let eye = Body { at: from, ..s.body };
    let body = Body {
        at,
        ..b.models[target].body
    };
    let range = b.table.distance(&eye, &body).max(0.01);
    if super::actions::beyond_reach(weapon, range) {
        return 0.0;
    }
    let others = b.sight_others(&[shooter, target]);
    let Some(sight) = b.sight_if_seen(&eye, &body, &others) else {
        return 0.0;
    };
    let mut attacker = s.side(Some(weapon), false);
    attacker.moved = moved;
    let q = Query {
        kind: ActionKind::Shoot,
        attacker,
        defender: b.models[target].side(None, false),
        situation: Situation {
            range: Some(range),
            obstacle: sight.obstacle,
            cover: sight.cover,
            ..Situation::default()
        },
    };
    match b.odds(&q) {
        Ok(Odds::Shoot(o)) => prob(&o.out_of_action),
        _ => 0.0,
    }
}

/// The exchange of `m` attacking the enemy `t`, valued with the exact
/// odds: for a charge, the chance the defender is taken out times 1.2 its
/// worth, less the chance the attacker is times 1.5 its own; engaged
/// already, 1 and [`ENGAGED_RISK`] (and in Duma what taking out the last
/// enemy does to the end, [`ending`]). Near the round limit a side that
/// does not lead weighs its own fall less ([`boldness`]).
fn attack_value(b: &Battle, m: usize, t: usize) -> f64 {
    match b.odds(&b.melee_query(m, t).0) {
        Ok(Odds::Melee(o)) => {
            // A melee exchange can take out either fighter: a charge is
            // worth starting only well in the attacker's favour; a model
            // already engaged with `t` will see the exchange anyway (the
            // enemy attacks it otherwise), so it attacks when the odds are
            // well enough on its side.
            let engaged = b.engaged_with(m).contains(&t);
            let (gain, risk) = if engaged {
                (1.0, ENGAGED_RISK)
            } else {
                (1.2, 1.5)
            };
            // A fighter a friend's Adrenalina covers stays (B126; the odds
            // engine counts no trick in an exchange).
            let out = |f: usize, p: &odds::Prob| {
                if b.adrenaline_for(f).is_some() {
                    0.0
                } else {
                    prob(p)
                }
            };
            out(t, &o.defender_out) * (worth(b, t) * gain + ending(b, t))
                - risk * boldness(b, b.models[m].side) * out(m, &o.attacker_out) * own_worth(b, m)
        }
        _ => 0.0,
    }
}

/// Exposure of model `m` standing at `p`: the sum over enemies of the
/// exact chance each would take it out with one volley, plus the melee
/// danger of the enemies that could charge it there
/// ([`super::ai_threat::melee_exposure`]) at [`MELEE_DANGER`] times.
pub(super) fn exposure(b: &Battle, m: usize, p: Place) -> f64 {
    let side = b.models[m].side;
    let shots: f64 = (0..b.models.len())
        .filter(|&e| b.models[e].on_table() && b.models[e].side != side)
        .map(|e| threat(b, e, b.models[e].body.at, false, m, p))
        .sum();
    let exposure = shots + MELEE_DANGER * super::ai_threat::melee_exposure(b, m, p);
    // `Ai::move_value`'s bound holds only for an exposure never below none.
    debug_assert!(
        exposure >= 0.0 || exposure.is_nan(),
        "negative exposure {exposure}"
    );
    exposure
}

/// Whether model `m` has not moved since the round before this one began
/// (from the third round on: the battle's log says so).
pub(super) fn idle(b: &Battle, m: usize) -> bool {
    use super::{Entry, Event};
    if b.round < 3 {
        return false;
    }
    let mut rounds = 0;
    for e in b.log.iter().rev() {
        match e {
            Entry::Event(Event::Moved { model, .. }) if *model == m => return false,
            Entry::Event(Event::Round { .. }) => {
                rounds += 1;
                if rounds == 2 {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Walking distance from a place to the nearest of `edges`.
pub(super) fn exit_gap(b: &Battle, edges: &[usize], at: Place) -> f64 {
    edges
        .iter()
        .map(|&e| b.walk_to_edge(e, at))
        .fold(f64::INFINITY, f64::min)
}

/// How much getting off the table is worth to model `m`: its markers, the
/// object, and in Duma the model itself.
pub(super) fn exit_worth(b: &Battle, m: usize) -> f64 {
    let me = &b.models[m];
    let pride = b.scenario == Scenario::Pride && !me.volunteer;
    f64::from(me.carried) + if me.object { 4.0 } else { 0.0 } + if pride { 1.0 } else { 0.0 }
}

impl Ai {
    /// The value of one action of the active model `m`.
    /// `here` is the model's exposure where it stands ([`exposure`]).
    pub(super) fn value(&self, b: &Battle, m: usize, c: &Choice, here: f64) -> f64 {
        self.plain_value(b, m, c, here) + super::challenge_ai::action_bonus(b, m, c)
    }

    /// [`Ai::value`] when it passes `bar`; else a bound of it no higher
    /// than `bar` may come instead: a Move's exposure where it ends, the
    /// dearest part, is judged only when the Move could pass the bar were
    /// that place out of every enemy's reach ([`Ai::move_value`]).
    fn value_above(&self, b: &Battle, m: usize, c: &Choice, here: f64, bar: f64) -> f64 {
        let Choice::Move {
            to,
            climbed,
            both,
            leave: false,
            ..
        } = *c
        else {
            return self.value(b, m, c, here);
        };
        let bonus = super::challenge_ai::action_bonus(b, m, c);
        let cut = Some((bar, bonus));
        self.move_value(b, m, to, here, !climbed && !both, cut) + bonus
    }

    fn plain_value(&self, b: &Battle, m: usize, c: &Choice, here: f64) -> f64 {
        let me = &b.models[m];
        match *c {
            Choice::Shoot { .. } | Choice::AimedShot { .. } | Choice::Pistols { .. } => {
                shot_value(b, m, c)
            }
            Choice::Throw { item, x, y } => b.throw_value(m, item, x, y),
            Choice::DefenceOrder => b.order_value(m),
            Choice::Spread { targets } => SHOT_WORTH * b.spread_value(m, targets),
            Choice::Cast { trick, target } if super::tricks::cast_with_action(trick) => {
                b.trick_value(m, trick, target)
            }
            Choice::Cast { .. } => shot_value(b, m, c),
            Choice::Attack { target } => attack_value(b, m, target),
            // +1 O against what threatens it here, roughly a quarter less.
            Choice::DefensivePosition => 0.25 * here * own_worth(b, m) - 0.05,
            // Out of every enemy's sight until it acts or is seen (B113).
            Choice::Hide => 0.8 * here * own_worth(b, m),
            Choice::Overwatch => self.overwatch_value(b, m),
            Choice::Leap { to } => self.leap_value(b, m, to, here),
            // A shooter gets out of a fight to shoot again; others stay.
            Choice::Withdraw { .. } if me.ranged().is_some() => 0.2,
            Choice::Withdraw { .. } => -1.0,
            Choice::PickUp { .. } => 1.2,
            // B166: as the carrier's Move, and faster than alone.
            Choice::CarryTogether {
                to, spent, leave, ..
            } => {
                let alone = Choice::Move {
                    to,
                    spent,
                    leave,
                    climbed: false,
                    both: false,
                };
                self.plain_value(b, m, &alone, here) + 0.3
            }
            // B9: when it adds a good deal to the best attack now.
            Choice::CommitReroll => b.reroll_gain(m, &|t| worth(b, t)) * 1.5 - 0.15,
            Choice::PickUpObject => 3.0,
            Choice::Move { leave: true, .. } => leave_value(b, m),
            // As a Move there, less a little for the flight it uses up.
            Choice::Fly { to } => {
                let walk = Choice::Move {
                    to,
                    spent: 0.0,
                    leave: false,
                    climbed: false,
                    both: false,
                };
                self.value(b, m, &walk, here) - 0.5
            }
            // B31: after a climb (or both Moves walked as one) only Moves
            // follow, so no pick-up, shot or attack is credited after it.
            Choice::Move {
                to, climbed, both, ..
            } => self.move_value(b, m, to, here, !climbed && !both, None),
            // B33: as a Move there when it lands or survives the fall,
            // less the model when the fall takes it out (exact chances).
            Choice::JumpDown {
                to,
                spent,
                height,
                climbed,
            } => {
                let walk = Choice::Move {
                    to,
                    spent,
                    leave: false,
                    climbed,
                    both: false,
                };
                let p = super::jumpdown::survival_of(me, height);
                // Capped: from a roof with no way down the walking
                // distances see no end to the gain.
                let gain = self.value(b, m, &walk, here).min(3.0);
                p * gain - (1.0 - p) * own_worth(b, m) - 0.05
            }
            _ => 0.0,
        }
    }

    /// The value of a Move of model `m` to `to` (`here`: its exposure
    /// where it stands; `acts`: it may still take an action other than a
    /// Move after it), less [`STAY`].
    /// With `cut` (the bar the value must pass and the bonus added to it,
    /// [`Ai::value_above`]), a Move that could not pass the bar even with
    /// no exposure where it ends is given that bound instead.
    fn move_value(
        &self,
        b: &Battle,
        m: usize,
        to: Place,
        here: f64,
        acts: bool,
        cut: Option<(f64, f64)>,
    ) -> f64 {
        let me = &b.models[m];
        let mut v = -STAY;
        let gatherer = !me.pet && !me.volunteer;
        let goals = !b.markers.is_empty() || b.object.is_some();
        if gatherer && goals {
            v += goal_value(b, m, to, acts);
        }
        // The last model, whose leaving would lose: the edge is no goal;
        // it goes for the markers on the ground, or else for the enemy
        // carriers, as does any model with no way off (a Barykady
        // Defender's carrier) or nothing to take off (session 26,
        // docs/mortalis/ai.md).
        let cornered = gatherer && cornered(b, m);
        let exits = if cornered { vec![] } else { b.exit_edges(m) };
        if gatherer && !goals && ((me.carried == 0 && !me.object) || exits.is_empty()) {
            v += carrier_pull(b, m, to);
        }
        if !exits.is_empty() {
            v += exit_value(b, m, to, &exits);
        }
        // Pets, volunteers, or nothing left to gather or take off: close
        // in on the nearest enemy, by walking distance round terrain (the
        // straight line left a side facing the last enemy across a block
        // for the rest of the battle).
        let near = |p: Place| {
            b.models
                .iter()
                .filter(|e| e.on_table() && e.side != me.side)
                .map(|e| b.walk_to(e.body.at, p))
                .fold(f64::INFINITY, f64::min)
        };
        if !gatherer || (!goals && exits.is_empty()) {
            // A model that has stood still since the round before (`idle`)
            // judges the way round every base, as a jammed gatherer does
            // (session 30: four Barykady Defenders wedged against a block
            // stood there for fourteen rounds, the last Attacker alive).
            let (before, after) = if idle(b, m) {
                (b.jam_gap_to_enemy(m, me.body.at), b.jam_gap_to_enemy(m, to))
            } else {
                (near(me.body.at), near(to))
            };
            if before.is_finite() && after.is_finite() {
                v += 0.05 * (before - after);
            }
        }
        if !me.free_slot && !me.climbed && acts {
            // A shot still to come from the new place.
            let shot = (0..b.models.len())
                .filter(|&e| b.models[e].on_table() && b.models[e].side != me.side)
                .filter(|&e| b.engaged_with(e).is_empty())
                .map(|e| threat(b, m, to, true, e, b.models[e].body.at) * worth(b, e))
                .fold(0.0, f64::max);
            // Or an attack on an enemy it comes into contact with.
            let fight = b
                .engaged_at(m, to)
                .map(|e| attack_value(b, m, e))
                .fold(0.0, f64::max);
            v += (0.6 * shot).max(fight);
        }
        v += super::ai_threat::support_value(b, m, to);
        // A lava pool it would step onto (B128).
        v -= b.lava_risk(m, to);
        // Exposure there against here, at half the model's worth (its
        // whole worth until session 15, docs/mortalis/ai.md).
        let (scale, own) = (0.5 * boldness(b, me.side), own_worth(b, m));
        // With a bar to pass, the exposure (the dearest part) is judged
        // only while the Move still could: no exposure is below none, and
        // with both factors not negative each step of the sum rises as the
        // exposure falls (in floating point too), so the value with none
        // is a bound of the true one.
        if let Some((bar, bonus)) = cut
            && scale >= 0.0
            && own >= 0.0
        {
            let bound = v - scale * (0.0 - here) * own;
            if bound + bonus <= bar {
                return bound;
            }
        }
        v - scale * (exposure(b, m, to) - here) * own
    }

    /// The model to activate: the one whose best action is worth most now,
    /// judged without moving (shots, attacks, pick-ups), else the first.
    fn activation(&self, b: &Battle, q: &Question) -> usize {
        let score = |c: &Choice| -> f64 {
            let Choice::Activate { model } = *c else {
                return 0.0;
            };
            let engaged = b.engaged_with(model);
            let fights = engaged
                .iter()
                .map(|&t| self.value(b, model, &Choice::Attack { target: t }, 0.0))
                .fold(0.0, f64::max);
            let shots = (0..b.models.len())
                .map(|t| self.value(b, model, &Choice::Shoot { target: t }, 0.0))
                .fold(0.0, f64::max);
            fights.max(shots).max(leave_now(b, model)) + 0.3 * f64::from(b.models[model].carried)
        };
        best(q, score)
    }
}

/// What model `m` banks by leaving the table in this activation (both
/// its Moves, when both are open), when it walks (roughly, by the edge's
/// field) near enough to a way off: its
/// [`leave_value`], else 0. So a model about to leave acts before the
/// battle may end without it (session 30: in Duma the last enemy threw
/// itself on a friend and fell while the model 1" from the edge waited its
/// turn, a 0:0 draw).
fn leave_now(b: &Battle, m: usize) -> f64 {
    let me = &b.models[m];
    if !me.on_table() || !b.engaged_with(m).is_empty() {
        return 0.0;
    }
    let exits = b.exit_edges(m);
    // The field reads the row of cells next to the edge, whose centres
    // lie 0.75" in; the whole base must get across (`Battle::exits`).
    let near = !exits.is_empty()
        && exit_gap(b, &exits, me.body.at) + 0.25 + me.body.radius()
            <= me.both_allowances().map_or(me.allowance(), |(a, c)| a + c);
    if near {
        leave_value(b, m).max(0.0)
    } else {
        0.0
    }
}

/// The index of the best-scoring option (the first on ties).
pub(super) fn best(q: &Question, score: impl Fn(&Choice) -> f64) -> usize {
    best_above(q, |c, _| score(c))
}

/// [`best`] with the bar an option's score must pass to be chosen given
/// to the scoring: below it a score need only be one no higher than the
/// bar (an upper bound of the true score, [`Ai::value_above`]), so the
/// same option is chosen.
pub(super) fn best_above(q: &Question, score: impl Fn(&Choice, f64) -> f64) -> usize {
    let mut pick = (0, f64::NEG_INFINITY);
    for (i, c) in q.options.iter().enumerate() {
        let bar = pick.1 + 1e-12;
        let s = score(c, bar);
        if s > bar {
            pick = (i, s);
        }
    }
    pick.0
}

impl Ai {
    /// The value the AI gives each option of an action question (`None`
    /// for other questions): for explaining a choice.
    pub fn action_values(&self, b: &Battle, q: &Question) -> Option<Vec<f64>> {
        if q.about != About::Action {
            return None;
        }
        let m = b.active?;
        let here = exposure(b, m, b.models[m].body.at);
        Some(
            q.options
                .iter()
                .map(|o| self.value(b, m, o, here))
                .collect(),
        )
    }
}

impl Decider for Ai {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        Ok(match q.about {
            About::Marker if b.scenario == Scenario::Massacre => {
                best(q, super::setup_ai::jatka_marker_values(b, q.side))
            }
            About::Marker => {
                let c = b.table.size / 2.0;
                best(q, |o| match o {
                    Choice::Marker { x, y } => -(x - c).hypot(y - c),
                    _ => 0.0,
                })
            }
            About::Starter => best(q, |o| {
                matches!(o, Choice::Starter { side } if *side == q.side) as u8 as f64
            }),
            About::Activate => self.activation(b, q),
            About::Action => {
                let m = b.active.unwrap_or(0);
                let here = exposure(b, m, b.models[m].body.at);
                best_above(q, |o, bar| self.value_above(b, m, o, here, bar))
            }
            // Prefers to attack in Barykady: the Defender cannot carry
            // markers off (B158, Q24).
            // In Otoczeni it names itself: AI against AI with equal
            // warbands the Defender wins two battles in three
            // (docs/mortalis/ai.md).
            About::Role => best(q, |o| {
                let me = b.scenario == Scenario::Surrounded;
                matches!(o, Choice::Defender { side } if (*side == q.side) == me) as u8 as f64
            }),
            // Deploys as near the centre as the zone allows.
            About::Deploy => {
                let c = b.table.size / 2.0;
                best(q, |o| match o {
                    Choice::Deploy { at, .. } => -(at.x - c).hypot(at.y - c),
                    _ => 0.0,
                })
            }
            // The corner or edge the markers on the table lie nearer to
            // than to the opposite one, by walking distance (the first
            // when none lie there yet).
            About::Corner | About::Edge => best(q, |o| super::setup_ai::home_advantage(b, o)),
            About::Reaction => b.reaction(q),
            About::Intercept | About::Overwatch | About::Play | About::Event | About::Forced => {
                self.react(b, q)
            }
            About::Named => super::challenge_ai::name(b, q),
            About::Reward => super::challenge_ai::reward(b, q),
        })
    }
}

/// A shot's value (a Shoot, an aimed shot, two pistols, or a trick cast
/// with a shot): the exact chance it takes its target out, at the
/// target's worth.
fn shot_value(b: &Battle, m: usize, c: &Choice) -> f64 {
    let me = &b.models[m];
    match *c {
        Choice::Shoot { target }
            if me.ranged() == Some(mortalis_rules::equipment::Item::Flamer) =>
        {
            SHOT_WORTH * b.flamer_value(m, target)
        }
        Choice::Shoot { target } => match b.shot_plan(m, target).map(|p| b.odds(&p.query)) {
            Some(Ok(Odds::Shoot(o))) => {
                prob(&o.out_of_action) * (worth(b, target) * SHOT_WORTH + ending(b, target))
            }
            _ => 0.0,
        },
        // As a shot, less a little for the charge spent.
        Choice::Cast { trick, target } => {
            match b
                .shot_plan_with(m, target, Some(trick))
                .map(|p| b.odds(&p.query))
            {
                Some(Ok(Odds::Shoot(o))) => {
                    prob(&o.out_of_action) * (worth(b, target) * SHOT_WORTH + ending(b, target))
                        - 0.1
                }
                _ => 0.0,
            }
        }
        // As a shot, less the Move it gives up.
        Choice::AimedShot { target } => match b.aimed_plan(m, target).map(|p| b.odds(&p.query)) {
            Some(Ok(Odds::Shoot(o))) => {
                prob(&o.out_of_action) * worth(b, target) * SHOT_WORTH - 0.15
            }
            _ => 0.0,
        },
        // Each pistol's volley; at one target, the chance either takes it out.
        Choice::Pistols { first, second } => {
            let out = |t: usize, k: usize| {
                let w = me.pistols().map(|p| p[k]);
                match b.shot_plan_by(m, t, None, w).map(|p| b.odds(&p.query)) {
                    Some(Ok(Odds::Shoot(o))) => prob(&o.out_of_action),
                    _ => 0.0,
                }
            };
            let (p1, p2) = (out(first, 0), out(second, 1));
            SHOT_WORTH
                * if first == second {
                    (1.0 - (1.0 - p1) * (1.0 - p2)) * worth(b, first)
                } else {
                    p1 * worth(b, first) + p2 * worth(b, second)
                }
        }
        _ => 0.0,
    }
}
