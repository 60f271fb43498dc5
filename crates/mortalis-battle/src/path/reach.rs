//! Where a Move can take a model (`Nav::reach`), and where a walk across
//! both Moves of a round can, when a climb on it spans the two (B31).

use super::climb::CLIMB_SPACING;
use super::graph::{Graph, LinkKind, Slide};
use super::search::{Backs, Trails};
use super::{Nav, Reach, Step};
use crate::hyp::Hyp;
use crate::table::{Body, Level, Place, TableError};

/// One state a search settled within its budget: its node, the allowance
/// spent (the difficult inch included), whether the way there climbs or
/// touches difficult ground, and the budget left.
struct Settled {
    v: usize,
    j: usize,
    spent: f64,
    climbed: bool,
    difficult: bool,
    dropped: f64,
    left: f64,
}

/// What one search spans: one Move's allowance, or both Moves of a round
/// walked as one (`second` > 0; B31, ruling "Climbs across both Moves").
#[derive(Clone, Copy)]
struct Span {
    first: f64,
    second: f64,
}

impl Span {
    fn both(self) -> bool {
        self.second > 0.0
    }

    /// The inches difficult ground takes: 1 from each Move's allowance.
    fn rough_inches(self) -> f64 {
        if self.both() { 2.0 } else { 1.0 }
    }

    /// The allowances.
    fn exact(self) -> f64 {
        self.first + self.second
    }

    /// The inches of the search: the allowances and [`CLIMB_SLACK`].
    fn total(self) -> f64 {
        self.exact() + CLIMB_SLACK
    }

    /// Where the first Move's allowance ends for a way that touches
    /// difficult ground or not (its inch comes off each Move), with the
    /// slack a climb may take.
    fn split(self, difficult: bool) -> f64 {
        self.first - if difficult { 1.0 } else { 0.0 } + CLIMB_SLACK
    }
}

/// What a climb may overrun its allowance by: the graph keeps its standing
/// places a thousandth of an inch off walls ([`SLACK`](super::graph::SLACK)),
/// so a climb from a base touching a block costs a few thousandths more
/// than the rules' figure, and a climb that fits exactly (a 1.5" block in a
/// Move of 4": 3" up and 1" onto the roof; a 3" block in both Moves of
/// Speed 4: 6" and 1") would otherwise never be taken. Only a climb ends
/// past the allowance: nothing is walked on the slack.
const CLIMB_SLACK: f64 = 0.01;

/// How far a goal is judged from a place (see [`Nav::reach_by`]).
type Gap<'g> = &'g dyn Fn(usize, Place) -> f64;

/// A lower bound of a `Gap` that changes by no more than the place moves
/// (`floor(k, a) - floor(k, b) <= |a - b|`): with it a search skips the
/// places whose every reach is further from a goal than one it has, and
/// chooses exactly what it would without (session 21).
pub type Floor<'g> = Option<&'g dyn Fn(usize, Place) -> f64>;

/// How the goals are judged: the gap, and a floor of it when one is known.
#[derive(Clone, Copy)]
struct Judge<'g> {
    gap: Gap<'g>,
    floor: Floor<'g>,
}

/// A reach with the steps of the way the search found to it (the way a
/// Move offered from it walks, `Battle::move_options`).
pub type Traced = Option<(Reach, Vec<Step>)>;

/// The reaches alone.
fn untraced(t: Vec<Traced>) -> Vec<Option<Reach>> {
    t.into_iter().map(|r| r.map(|r| r.0)).collect()
}

impl Nav<'_> {
    /// Where one Move with `allowance` inches can take a model towards each
    /// of `goals`: the goal itself when a path of at most the allowance
    /// reaches it (difficult ground counted, B30), else the place, reachable
    /// within the allowance, that is nearest to the goal in a straight line
    /// (a corner of the graph, or a straight walk from one towards the goal
    /// with the inches left). `None` for a goal no progress is possible to.
    pub fn reach(
        &self,
        from: Place,
        allowance: f64,
        others: &[Body],
        goals: &[Place],
    ) -> Result<Vec<Option<Reach>>, TableError> {
        let straight = |k: usize, at: Place| (at.x - goals[k].x).hyp(at.y - goals[k].y);
        self.reach_by(from, allowance, others, goals, &straight)
    }

    /// [`Nav::reach`], with "nearest to the goal" judged by `gap(k, place)`
    /// for goal `k` instead of the straight line (a walking distance, say,
    /// so that a Move goes round a wall rather than up against it).
    pub fn reach_by(
        &self,
        from: Place,
        allowance: f64,
        others: &[Body],
        goals: &[Place],
        gap: Gap,
    ) -> Result<Vec<Option<Reach>>, TableError> {
        Ok(untraced(self.reach_by_traced(
            from, allowance, others, goals, gap, None,
        )?))
    }

    /// [`Nav::reach_by`], each reach with the steps of its way; with a
    /// `floor` of `gap` ([`Floor`]) the same, sooner.
    pub fn reach_by_traced(
        &self,
        from: Place,
        allowance: f64,
        others: &[Body],
        goals: &[Place],
        gap: Gap,
        floor: Floor,
    ) -> Result<Vec<Traced>, TableError> {
        let span = Span {
            first: allowance,
            second: 0.0,
        };
        let judge = Judge { gap, floor };
        Ok(self.reach_span(from, span, None, others, goals, judge)?.0)
    }

    /// [`Nav::reach_by`] for the first Move of a round (`first` inches),
    /// and beside it the walks across both Moves (`second` inches more)
    /// that climb where the first allowance runs out (B31: a climb may go
    /// on in the round's other Move; ruling "Climbs across both Moves").
    /// Every other place such a walk could reach, two Moves reach one after
    /// the other, so only these are given: for each goal the one nearest
    /// to it by `gap`, `None` where none is nearer than the first Move's
    /// own reach. Searched only when some climb within the first Move's
    /// reach could not end within it.
    pub fn reach_both(
        &self,
        from: Place,
        allowances: (f64, f64),
        others: &[Body],
        goals: &[Place],
        gap: Gap,
    ) -> Result<[Vec<Option<Reach>>; 2], TableError> {
        let [one, both] = self.reach_both_traced(from, allowances, others, goals, gap, None)?;
        Ok([untraced(one), untraced(both)])
    }

    /// [`Nav::reach_both`], each reach with the steps of its way; with a
    /// `floor` of `gap` ([`Floor`]) the same, sooner.
    pub fn reach_both_traced(
        &self,
        from: Place,
        (first, second): (f64, f64),
        others: &[Body],
        goals: &[Place],
        gap: Gap,
        floor: Floor,
    ) -> Result<[Vec<Traced>; 2], TableError> {
        let one = Span { first, second: 0.0 };
        let total = first + second;
        let judge = Judge { gap, floor };
        let (plain, spans) = self.reach_span(from, one, Some(total), others, goals, judge)?;
        let mut both = vec![None; goals.len()];
        if spans && second > 0.0 {
            let span = Span { first, second };
            let walks = self.reach_span(from, span, None, others, goals, judge)?.0;
            for (k, walk) in walks.into_iter().enumerate() {
                let judge = |r: &Reach| {
                    if r.arrived {
                        f64::NEG_INFINITY
                    } else {
                        gap(k, r.to)
                    }
                };
                both[k] = walk.filter(|w| {
                    plain[k]
                        .as_ref()
                        .is_none_or(|p| judge(&w.0) < judge(&p.0) - 1e-9)
                });
            }
        }
        Ok([plain, both])
    }

    /// The search behind [`Nav::reach_by`] and [`Nav::reach_both`]: the
    /// reach towards each goal within `span` (for both Moves, only ways
    /// that climb across the first allowance), and — asked with `gate`,
    /// the inches of both Moves — whether a climb starts within this
    /// search's budget but could end only past it, within `gate`.
    fn reach_span(
        &self,
        from: Place,
        span: Span,
        gate: Option<f64>,
        others: &[Body],
        goals: &[Place],
        Judge { gap, floor }: Judge,
    ) -> Result<(Vec<Traced>, bool), TableError> {
        self.can_stand(from)?;
        let allowance = span.total();
        let mut g = self.query(from, from, others, false, allowance);
        // A climb where the model stands, not only at the climbing points
        // spread along each edge (those may all fall where no base fits: a
        // block pressed against the one it would climb). Every search that
        // may lead to a walk across both Moves has them, so that the first
        // sees the climb the second would take (session 17: a model beside
        // a 2" block whose spread points were all blocked was never offered
        // the climb with Moves of 4" and 3").
        if span.both() || gate.is_some() {
            g.climbing_points(&[from]);
        }
        let goal_nodes: Vec<Option<usize>> = goals.iter().map(|&p| g.add_node(p)).collect();
        // Open ground has no corners: a ring of places round the start, as
        // far as the Move goes, lets a model cross it (and step away from
        // bases it touches). A second ring 1.5" out, kept until session 35,
        // gave a tenth of a battle's work to short steps the AI all but
        // never needed (docs/mortalis/ai.md, session 35).
        if from.level == Level::Ground {
            let radius = span.exact();
            for k in 0..16 {
                let a = std::f64::consts::TAU * f64::from(k) / 16.0;
                g.add_node(Place::ground(
                    from.x + radius * a.cos(),
                    from.y + radius * a.sin(),
                ));
            }
        }
        let mut out: Vec<Traced> = vec![None; goals.len()];
        let mut spans = false;
        // Paths that touch difficult ground are searched only when some
        // lies within reach (else they are the plain ones, with less room).
        let rough_too = g.difficult_near(from, allowance);
        let mut scratch = Scratch::take();
        for rough in [false, true] {
            let extra = span.rough_inches();
            let budget = allowance - if rough { extra } else { 0.0 };
            if budget <= 1e-9 || (rough && !rough_too) {
                continue;
            }
            let back = if span.both() {
                // Ways touching difficult ground lose the first Move's inch
                // before the split; the plain search has the others.
                g.settle_across(rough, budget, span.split(rough))
            } else {
                g.settle(rough, budget)
            };
            let best = back.costs();
            settled(&mut scratch, best, &back, budget, span, rough);
            if let Some(total) = gate {
                let total = total - if rough { 2.0 } else { 0.0 };
                spans |= climb_past(&g, best, budget, total);
            }
            let ctx = Pick {
                g: &g,
                back: &back,
                from,
                goals,
                goal_nodes: &goal_nodes,
                gap,
                floor,
                allowance,
                rough,
                rough_inches: extra,
            };
            ctx.pick(&mut scratch, &mut out);
        }
        scratch.give_back();
        Ok((out, spans))
    }
}

/// The lists a [`Nav::reach_span`] works with: the answers about the
/// ways, the states in order, the states settled, and by goal the first
/// goal of its place and its slides. A thread keeps them from one search
/// to the next, so that reading a search allocates nothing (session 40:
/// these lists, and the stacks of the walks back, were a few thousand
/// allocations a battle).
#[derive(Default)]
struct Scratch {
    trails: Trails,
    order: Vec<(usize, usize)>,
    settled: Vec<Settled>,
    same: Vec<usize>,
    slides: Vec<Option<Option<Slide>>>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

impl Scratch {
    /// The thread's lists, moved out (a search nested in this one finds
    /// the empty ones left behind; a thread whose storage is gone gets
    /// fresh ones). A panic drops them: they are given back only after a
    /// search that ended.
    fn take() -> Self {
        SCRATCH
            .try_with(|s| s.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)))
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default()
    }

    /// Gives the lists back to the thread.
    fn give_back(self) {
        let _ = SCRATCH.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                *s = self;
            }
        });
    }
}

/// The states a search settled within `budget`; for a walk across both
/// Moves only those whose way climbs across the first allowance. Put in
/// the scratch's `settled` (cleared first).
fn settled(
    scratch: &mut Scratch,
    best: &[[f64; 2]],
    back: &Backs,
    budget: f64,
    span: Span,
    rough: bool,
) {
    let extra = if rough { span.rough_inches() } else { 0.0 };
    let Scratch {
        trails,
        order,
        settled,
        ..
    } = scratch;
    settled.clear();
    trails.reset(back.len());
    back.reached_in_order(order);
    // The start, then every state the search reached (no other has a
    // cost), in the order of their nodes.
    settled.extend(
        std::iter::once((0, 0))
            .chain(order.iter().copied())
            .filter(|&(v, j)| best[v][j] <= budget + 1e-9)
            .filter_map(|(v, j)| {
                // As the path rebuilt from `back` would say.
                let (difficult, climbed, dropped) = trails.trail(back, v, j);
                // Past the allowances only by a climb, its last step.
                let exact = budget - CLIMB_SLACK;
                let climbs_here = || matches!(back.get(v, j), Some((_, _, Step::Climb { .. }, _)));
                if best[v][j] > exact + 1e-9 && !climbs_here() {
                    return None;
                }
                let split = span.split(difficult);
                if span.both() && !trails.climbs_across(back, best, (v, j), split) {
                    return None;
                }
                let rough_inch = if difficult { extra } else { 0.0 };
                Some(Settled {
                    v,
                    j,
                    spent: best[v][j] + rough_inch,
                    climbed,
                    difficult,
                    dropped,
                    left: (exact - best[v][j]).max(0.0),
                })
            }),
    );
}

/// Whether a climb starts at a state settled within `budget` and ends past
/// it, within `total`: a way only a walk across both Moves takes (B31).
/// The walk across both Moves may also climb where the model stands
/// (the climbing points nearest the start), at most half the spacing of
/// the climbing points along an edge from one of them, so that much is
/// allowed for.
fn climb_past(g: &Graph, best: &[[f64; 2]], budget: f64, total: f64) -> bool {
    let near = CLIMB_SPACING / 2.0;
    g.links.kept().any(|(_, l)| match l.step {
        LinkKind::Climb { cost, .. } => best[l.from].iter().any(|&c| {
            c <= budget + 1e-9 && c + cost > budget + 1e-9 && c + cost <= total + near + CLIMB_SLACK
        }),
        _ => false,
    })
}

/// What choosing the reach towards each goal needs.
struct Pick<'p, 'g> {
    g: &'p Graph<'g>,
    /// The way back from each state the search settled.
    back: &'p Backs,
    from: Place,
    goals: &'p [Place],
    goal_nodes: &'p [Option<usize>],
    gap: Gap<'p>,
    floor: Floor<'p>,
    allowance: f64,
    rough: bool,
    /// What touching difficult ground costs a way that had not yet.
    rough_inches: f64,
}

impl Pick<'_, '_> {
    /// For each goal, the settled state (or a straight walk on from one)
    /// nearest to it; kept in `out` when nearer than what it holds.
    /// The states are the scratch's `settled`.
    fn pick(&self, scratch: &mut Scratch, out: &mut [Traced]) {
        let goals = self.goals;
        let Scratch {
            settled,
            same,
            slides,
            ..
        } = scratch;
        // The same place asked for twice (by the straight line and by the
        // walking distance) is slid to once: each goal's first place.
        same.clear();
        same.extend((0..goals.len()).map(|k| (0..k).find(|&i| goals[i] == goals[k]).unwrap_or(k)));
        // State by state (each goal still sees the states in their order),
        // with the slides from the state judged so far, by goal place.
        let mut better: Vec<Option<(f64, Reach, &Settled)>> = vec![None; goals.len()];
        slides.clear();
        slides.resize(goals.len(), None);
        for st in settled.iter() {
            if st.spent > self.allowance + 1e-9 {
                continue;
            }
            slides.iter_mut().for_each(|s| *s = None);
            for (k, best) in better.iter_mut().enumerate() {
                // With a floor, a state whose every reach is further from
                // the goal than the nearest so far is skipped: it cannot
                // be the nearest.
                if let Some((n, _, _)) = best
                    && self.lowest(st, k) > *n + 1e-7
                {
                    continue;
                }
                let reach = self.reach_from(st, k, &mut slides[same[k]]);
                // The nearest to the goal, the cheaper on a tie, the
                // first of equals.
                let near = self.near(&reach, k);
                let wins = best.as_ref().is_none_or(|(n, b, _)| {
                    near.total_cmp(n)
                        .then(reach.spent.total_cmp(&b.spent))
                        .is_lt()
                });
                if wins {
                    *best = Some((near, reach, st));
                }
            }
        }
        let from = self.from;
        for (k, better) in better.into_iter().enumerate() {
            if let Some((near, b, st)) = better
                && (b.to.x - from.x).hyp(b.to.y - from.y) > 1e-6
                && out[k].as_ref().is_none_or(|(o, _)| {
                    let old = if o.arrived {
                        f64::NEG_INFINITY
                    } else {
                        (self.gap)(k, o.to)
                    };
                    near < old - 1e-9
                })
            {
                out[k] = Some((b, self.steps(st, b)));
            }
        }
    }

    /// How near goal `k` a reach is judged: its gap, or −∞ when it
    /// arrives.
    fn near(&self, reach: &Reach, k: usize) -> f64 {
        if reach.arrived {
            f64::NEG_INFINITY
        } else {
            (self.gap)(k, reach.to)
        }
    }

    /// The least [`Pick::near`] any reach from state `st` towards goal `k`
    /// can have: −∞ without a floor or when it may arrive (at the goal's
    /// node, or within the inches left of the goal), else the floor where
    /// the state stands less the inches left (a reach slides at most that
    /// far from it).
    fn lowest(&self, st: &Settled, k: usize) -> f64 {
        let Some(floor) = self.floor else {
            return f64::NEG_INFINITY;
        };
        let (at, goal) = (self.g.nodes[st.v].at, self.goals[k]);
        if self.goal_nodes[k] == Some(st.v) || (at.x - goal.x).hyp(at.y - goal.y) <= st.left + 1e-6
        {
            return f64::NEG_INFINITY;
        }
        floor(k, at) - st.left
    }

    /// The steps of the way to `reach` through settled state `st`: the
    /// search's way to the state, then the straight walk on from it when
    /// the reach ends past it.
    fn steps(&self, st: &Settled, reach: Reach) -> Vec<Step> {
        let mut steps = self.g.rebuild(self.back, st.v, st.j, st.spent).steps;
        let at = self.g.nodes[st.v].at;
        if at != reach.to {
            steps.push(Step::Walk {
                to: reach.to,
                length: (reach.to.x - at.x).hyp(reach.to.y - at.y),
                jump: 0.0,
                difficult: reach.spent
                    > st.spent + (reach.to.x - at.x).hyp(reach.to.y - at.y) + 1e-9,
            });
        }
        steps
    }

    /// The reach towards goal `k` from settled state `st`: its node, or a
    /// straight walk on from it towards the goal with the inches left.
    fn reach_from(&self, st: &Settled, k: usize, slide: &mut Option<Option<Slide>>) -> Reach {
        let (g, goal) = (self.g, self.goals[k]);
        let at = g.nodes[st.v].at;
        let arrived = self.goal_nodes[k] == Some(st.v);
        let reach = Reach {
            to: at,
            spent: st.spent,
            climbed: st.climbed,
            arrived,
            dropped: st.dropped,
        };
        if arrived || st.left <= 1e-6 || at.level != goal.level {
            return reach;
        }
        let Some((len, 0.0, _, touch)) =
            *slide.get_or_insert_with(|| g.slide(at, goal, self.rough))
        else {
            return reach;
        };
        if !self.rough && touch.difficult {
            return reach;
        }
        let t = (st.left / len.max(1e-9)).min(1.0);
        let to = Place {
            x: at.x + (goal.x - at.x) * t,
            y: at.y + (goal.y - at.y) * t,
            level: at.level,
        };
        let extra = if touch.difficult && !st.difficult {
            self.rough_inches
        } else {
            0.0
        };
        // Slides may graze a wall by the slack: the place it stops at must
        // be one a base can stand on.
        let spent = st.spent + t * len + extra;
        if spent <= self.allowance + 1e-9 && g.stands(to) {
            Reach {
                to,
                spent,
                arrived: t >= 1.0 - 1e-12,
                ..reach
            }
        } else {
            reach
        }
    }
}
