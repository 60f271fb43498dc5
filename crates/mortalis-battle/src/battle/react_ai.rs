//! The AI's answers to reactions, heroic plays and offensive events
//! (docs/mortalis/ai.md): simple rules, valued with the odds engine where a
//! roll decides.

use mortalis_rules::equipment::Armour;
use mortalis_rules::odds::Odds;
use mortalis_rules::skills::Skill;

use super::ai::{Ai, best, exit_gap, exit_worth, exposure, prob, worth};
use super::{About, Battle, Choice, Entry, Offensive, Question, Scenario};

/// Exact chances of the exchange if `a` attacked `d` now: (`d` out, `a`
/// out).
fn fight(b: &Battle, a: usize, d: usize) -> (f64, f64) {
    match b.odds(&b.melee_query(a, d).0) {
        Ok(Odds::Melee(o)) => (prob(&o.defender_out), prob(&o.attacker_out)),
        _ => (0.0, 0.0),
    }
}

/// What the active model declared last (for Zwątpienie and Potknięcie).
fn declared(b: &Battle) -> Option<Choice> {
    b.log.iter().rev().find_map(|e| match e {
        Entry::Decision {
            about: About::Action,
            choice,
            ..
        } => Some(*choice),
        _ => None,
    })
}

/// Whether a model's side would gladly spend a once-a-battle play on it:
/// it carries something, the battle is late, or its side is thin.
fn valuable(b: &Battle, m: usize) -> bool {
    let side = b.models[m].side;
    let left = b
        .models
        .iter()
        .filter(|f| f.on_table() && f.side == side)
        .count();
    exit_worth(b, m) >= 1.0 || b.round >= 4 || left <= 2
}

impl Ai {
    /// A Shot from hiding is worth declaring when the model has moved
    /// already (its second action), carries nothing, and enemies are
    /// within its weapon's reach of a Move: each such lane is a shot to
    /// come (a little, so that a second Move towards a marker still wins).
    pub(super) fn overwatch_value(&self, b: &Battle, m: usize) -> f64 {
        let me = &b.models[m];
        let Some(range) = me.ranged().and_then(|w| w.ranged()) else {
            return 0.0;
        };
        if !me.move_slot {
            return 0.0;
        }
        let reach = f64::from(range.range) + 4.0;
        let lanes = b
            .models
            .iter()
            .filter(|e| e.on_table() && e.side != me.side)
            .filter(|e| b.table.distance(&me.body, &e.body) <= reach)
            .count()
            .min(2);
        let carrying = exit_worth(b, m) >= 1.0;
        if carrying || lanes == 0 {
            return 0.0;
        }
        0.1 * lanes as f64
    }

    /// "To mnie szukasz?" is a Move to the place it lands, less what the
    /// once-a-battle play is worth kept.
    pub(super) fn leap_value(
        &self,
        b: &Battle,
        m: usize,
        to: crate::table::Place,
        here: f64,
    ) -> f64 {
        let as_move = Choice::Move {
            to,
            spent: 0.0,
            leave: false,
            climbed: false,
            both: false,
        };
        self.value(b, m, &as_move, here) - 1.0
    }

    /// "I Twoją matkę też!" for `t`: when `t` carries nothing, is hard to
    /// take out (a Defensive position, powered armour or a sarcophagus),
    /// and an enemy that sees it also sees a friend carrying something.
    fn taunt_value(&self, b: &Battle, t: usize) -> f64 {
        let me = &b.models[t];
        let hard = me.defensive || matches!(me.armour, Armour::Powered | Armour::Sarcophagus);
        if !hard || exit_worth(b, t) >= 1.0 {
            return -1.0;
        }
        let seen = |e: usize, m: usize| {
            b.table.sees(
                &b.models[e].body,
                &b.models[m].body,
                &b.sight_others(&[e, m]),
            )
        };
        let shields = (0..b.models.len())
            .filter(|&e| b.models[e].on_table() && b.models[e].side != me.side)
            .filter(|&e| seen(e, t))
            .any(|e| {
                (0..b.models.len()).any(|c| {
                    c != t
                        && b.models[c].on_table()
                        && b.models[c].side == me.side
                        && exit_worth(b, c) >= 1.0
                        && seen(e, c)
                })
            });
        if shields { 0.8 } else { -1.0 }
    }

    /// The value of one reaction, play or event option for the side asked.
    fn react_value(&self, b: &Battle, q: &Question, c: &Choice) -> f64 {
        match *c {
            Choice::Pass => 0.0,
            // Stop the mover: what it carries, plus the fight that follows
            // (the mover may attack at once, Q16).
            Choice::Intercept { model, mover } => {
                let (me_out, it_out) = fight(b, mover, model);
                let shooter = if b.models[model].ranged().is_some() {
                    0.3
                } else {
                    0.0
                };
                0.2 + stopped_worth(b, mover) + it_out * worth(b, mover)
                    - me_out * worth(b, model)
                    - shooter
            }
            Choice::FromHiding { shooter, target } => {
                match b.shot_plan(shooter, target).map(|p| b.odds(&p.query)) {
                    Some(Ok(Odds::Shoot(o))) => 0.01 + prob(&o.out_of_action) * worth(b, target),
                    _ => 0.01,
                }
            }
            Choice::Play {
                play: Skill::YourMotherToo,
                model,
            } => self.taunt_value(b, model),
            Choice::Play { play, model } => {
                if play == Skill::ShowMeKitty || valuable(b, model) {
                    1.0
                } else {
                    -1.0
                }
            }
            // The exact chance the knife takes the enemy out, less a
            // little for the play used up.
            Choice::Knife { model, target } => {
                let plan = b.shot_plan_with(model, target, Some(Skill::HeadsDown));
                match plan.map(|p| b.odds(&p.query)) {
                    Some(Ok(Odds::Shoot(o))) => prob(&o.out_of_action) * worth(b, target) - 0.1,
                    _ => -1.0,
                }
            }
            // "Raz kozie śmierć!": the exact chance the jump leaves it
            // standing against the exact chance it passes the test of the
            // shot being fired (the rest of the volley ignored), so it
            // jumps only when the drop is the safer way.
            Choice::NowOrNever { model, height, .. } => {
                super::jumpdown::survival_of(&b.models[model], height)
                    - b.now_or_never_pass()
                    - 0.05
            }
            Choice::Offend { event, model } => self.event_value(b, q, event, model),
            // "Z drogi!": push a loser off a roof, or free a shooter.
            Choice::Step { model, to } if q.about == About::Play => {
                let falls = to.level != b.models[model].body.at.level;
                let shooter = b.active.is_some_and(|a| b.models[a].ranged().is_some());
                if falls || shooter { 1.0 } else { -1.0 }
            }
            Choice::Step { model, to } => {
                let here = exposure(b, model, b.models[model].body.at);
                let as_move = Choice::Move {
                    to,
                    spent: 0.0,
                    leave: false,
                    climbed: false,
                    both: false,
                };
                let v = self.value(b, model, &as_move, here);
                // Off a roof (B89): weighed by the exact chance it stays.
                match super::jumpdown::drop_height(b, model, to) {
                    Some(h) => {
                        let p = super::jumpdown::survival_of(&b.models[model], h);
                        p * v - (1.0 - p) * super::ai::worth(b, model)
                    }
                    None => v,
                }
            }
            _ => 0.0,
        }
    }

    /// An offensive event on `model`: more than 0 when it pays.
    fn event_value(&self, b: &Battle, q: &Question, event: Offensive, model: usize) -> f64 {
        let active = b.active.unwrap_or(model);
        let it = &b.models[model];
        match event {
            // Rozproszenie against an interception: keep a carrier going.
            Offensive::Distraction if q.about == About::Intercept => {
                let (mine, theirs) = fight(b, active, model);
                exit_worth(b, active) + theirs - mine - 0.5
            }
            // Rozproszenie on a marker: before attacking a defender, or
            // before walking into a Shot from hiding.
            Offensive::Distraction => {
                let engaged = b.engaged_with(active).contains(&model);
                if it.defensive && engaged {
                    1.0
                } else if it.overwatch {
                    let reach = it
                        .ranged()
                        .and_then(|w| w.ranged())
                        .map_or(0.0, |r| f64::from(r.range));
                    let d = b.table.distance(&it.body, &b.models[active].body);
                    if d <= reach { 0.5 } else { -1.0 }
                } else {
                    -1.0
                }
            }
            // Pierwotny strach: free a shooter held in melee.
            Offensive::PrimalFear => {
                let engaged = b.engaged_with(active).contains(&model);
                let (mine, theirs) = fight(b, active, model);
                if engaged && b.models[active].ranged().is_some() && theirs >= mine {
                    1.0
                } else {
                    -1.0
                }
            }
            // Zastój: on a model that could carry something off this
            // activation with both its Moves.
            Offensive::Stall => {
                let exits = b.exit_edges(model);
                let gap = exit_gap(b, &exits, it.body.at);
                let reach = 2.0 * f64::from(it.profile.speed.max(0)) + 1.0;
                if exit_worth(b, model) >= 1.0 && gap <= reach {
                    1.0
                } else {
                    -1.0
                }
            }
            // Zwątpienie: on a decisive action (a deadly shot or attack,
            // leaving with markers, lifting the object).
            Offensive::Doubt => match declared(b) {
                Some(c) => {
                    let here = exposure(b, model, it.body.at);
                    self.value(b, model, &c, here) - 2.0
                }
                None => -1.0,
            },
            // Potknięcie: on a Move that leaves with something, or charges.
            Offensive::Stumble => match declared(b) {
                Some(Choice::Move { leave: true, .. }) if exit_worth(b, model) >= 1.0 => 1.0,
                Some(Choice::Move { to, .. })
                    if b.touches_enemy(model, to) && exit_worth(b, model) >= 1.0 =>
                {
                    1.0
                }
                _ => -1.0,
            },
        }
    }

    /// Answers a reaction, play, event or forced-move question.
    pub(super) fn react(&self, b: &Battle, q: &Question) -> usize {
        best(q, |c| self.react_value(b, q, c))
    }
}

/// What stopping `mover` short of its way off is worth: what it would take
/// off ([`exit_worth`]). In Duma every model scores by leaving, so that
/// counts only when its way off lies within this Move and the next
/// (session 30: until then the AI intercepted every mover, however far
/// from its edge, and lost the even fights that followed).
fn stopped_worth(b: &Battle, mover: usize) -> f64 {
    let it = &b.models[mover];
    if b.scenario == Scenario::Pride {
        let exits = b.exit_edges(mover);
        let far =
            exits.is_empty() || exit_gap(b, &exits, it.body.at) > 2.0 * f64::from(it.profile.speed);
        if far {
            return 0.0;
        }
    }
    exit_worth(b, mover)
}
