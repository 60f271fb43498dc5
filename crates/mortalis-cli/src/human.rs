//! `mortalis battle --human a|b`: a person decides for one side at the
//! terminal (questions on stderr, answers on stdin, as `campaign battle`
//! asks its questions), each option shown with what it does and, for shots
//! and attacks, its exact odds from the rules core.

use mortalis_battle::battle::{About, Battle, Choice, Decider, Question, jumpdown};
use mortalis_rules::Lang;
use mortalis_rules::odds::{self, Odds};
use mortalis_rules::skills::Skill;

use crate::account::{EDGES, quoted};
use crate::terminal::{no_line, read_line};

/// A person at the terminal deciding for one side.
pub struct Human {
    /// Language of the prompts.
    pub lang: Lang,
    /// How much of the battle's log the person has been shown: before each
    /// question the account's lines since then are printed (on stdout, or
    /// on stderr beside the prompts when stdout carries JSON).
    /// (`None`: nothing yet, not even the heading).
    pub shown: std::rc::Rc<std::cell::Cell<Option<usize>>>,
    /// Whether the account goes to stderr.
    pub to_stderr: bool,
}

impl Human {
    /// A person deciding in `lang`, shown the battle as it goes on stdout.
    pub fn new(lang: Lang) -> Self {
        Human {
            lang,
            shown: Default::default(),
            to_stderr: false,
        }
    }

    /// Prints the account's lines the person has not seen yet.
    fn catch_up(&self, b: &Battle) {
        use std::io::Write as _;
        let from = self.shown.get();
        if from.is_some_and(|n| n >= b.log.len()) {
            return;
        }
        let text = crate::account::account_from(b, from, self.lang);
        self.shown.set(Some(b.log.len()));
        if self.to_stderr {
            eprint!("{text}");
        } else {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        }
    }
}

fn percent(p: &odds::Prob) -> String {
    use num_traits::ToPrimitive as _;
    format!("{:.1}%", 100.0 * p.to_f64().unwrap_or(0.0))
}

/// The exact chance a shot (or a shot-like trick) takes its target out.
fn shot_chance(b: &Battle, shooter: usize, target: usize, trick: Option<Skill>) -> String {
    b.shot_plan_with(shooter, target, trick)
        .and_then(|p| match odds::odds(&p.query) {
            Ok(Odds::Shoot(o)) => Some(percent(&o.out_of_action)),
            _ => None,
        })
        .unwrap_or_default()
}

const CORNERS: [[&str; 2]; 4] = [
    ["lewy dolny", "lower left"],
    ["prawy dolny", "lower right"],
    ["prawy górny", "upper right"],
    ["lewy górny", "upper left"],
];

impl Human {
    fn pick<'a>(&self, pl: &'a str, en: &'a str) -> &'a str {
        self.lang.pick(pl, en)
    }

    /// What a set-up option does, in words.
    fn describe_setup(&self, b: &Battle, c: &Choice) -> String {
        let name = |m: usize| crate::account::name(b, m, self.lang);
        match *c {
            Choice::Marker { x, y } => {
                format!("{} ({x}, {y})", self.pick("znacznik w", "marker at"))
            }
            Choice::Corner { corner } => {
                let [pl, en] = CORNERS[corner % 4];
                format!("{} {}", self.pick("narożnik", "corner"), self.pick(pl, en))
            }
            Choice::Edge { edge } => {
                let [pl, en] = EDGES[edge % 4];
                format!("{} {}", self.pick("krawędź", "edge"), self.pick(pl, en))
            }
            Choice::Deploy { model, at } => format!("{} ({}, {})", name(model), at.x, at.y),
            Choice::Starter { side } => {
                format!("{} {}", b.names[side], self.pick("zaczyna", "starts"))
            }
            Choice::Defender { side } => {
                format!("{} {}", b.names[side], self.pick("broni się", "defends"))
            }
            _ => String::new(),
        }
    }

    /// What an option does, in words (with its odds).
    fn describe(&self, b: &Battle, c: &Choice) -> String {
        match *c {
            Choice::Marker { .. }
            | Choice::Corner { .. }
            | Choice::Edge { .. }
            | Choice::Deploy { .. }
            | Choice::Starter { .. }
            | Choice::Defender { .. } => self.describe_setup(b, c),
            Choice::Activate { .. } | Choice::Name { .. } | Choice::Reward { .. } => {
                self.describe_model(b, c)
            }
            Choice::Move { .. }
            | Choice::JumpDown { .. }
            | Choice::Fly { .. }
            | Choice::CarryTogether { .. } => self.describe_movement(b, c),
            Choice::Shoot { .. }
            | Choice::Cast { .. }
            | Choice::AimedShot { .. }
            | Choice::Spread { .. }
            | Choice::Throw { .. }
            | Choice::Deviate { .. }
            | Choice::Pistols { .. } => self.describe_shooting(b, c),
            Choice::Attack { .. } | Choice::Withdraw { .. } => self.describe_melee(b, c),
            Choice::Pass
            | Choice::DefenceOrder
            | Choice::LoseAction { .. }
            | Choice::DefensivePosition
            | Choice::Hide
            | Choice::PickUp { .. }
            | Choice::PickUpObject
            | Choice::End
            | Choice::PickUpData => self.describe_simple(b, c),
            Choice::Overwatch
            | Choice::Intercept { .. }
            | Choice::FromHiding { .. }
            | Choice::Play { .. }
            | Choice::Offend { .. }
            | Choice::Knife { .. }
            | Choice::NowOrNever { .. }
            | Choice::Step { .. }
            | Choice::Leap { .. } => self.describe_reaction(b, c),
            Choice::CommitReroll => self.describe_reroll(b),
        }
    }

    /// A model picked by its profile: one to activate (with where it stands
    /// and what it carries), or one a challenge names or rewards.
    fn describe_model(&self, b: &Battle, c: &Choice) -> String {
        match *c {
            Choice::Activate { model } => {
                let m = &b.models[model];
                let p = m.profile;
                format!(
                    "{} (S{} W{} C{} O{}) ({:.1}, {:.1}){}",
                    crate::account::name(b, model, self.lang),
                    p.speed,
                    p.fight,
                    p.accuracy,
                    p.resilience,
                    m.body.at.x,
                    m.body.at.y,
                    if m.carried > 0 {
                        format!(
                            ", {} {}",
                            self.pick("niesie znaczników:", "carries markers:"),
                            m.carried
                        )
                    } else {
                        String::new()
                    }
                )
            }
            Choice::Name { model } | Choice::Reward { model } => {
                let m = &b.models[model];
                let p = m.profile;
                format!(
                    "{} (S{} W{} C{} O{})",
                    crate::account::name(b, model, self.lang),
                    p.speed,
                    p.fight,
                    p.accuracy,
                    p.resilience
                )
            }
            _ => String::new(),
        }
    }

    /// A move of the active model: a walk, a jump down (with its odds), a
    /// jetpack flight, or carrying the object with a helper.
    fn describe_movement(&self, b: &Battle, c: &Choice) -> String {
        let name = |m: usize| crate::account::name(b, m, self.lang);
        match *c {
            Choice::Move {
                to,
                spent,
                leave,
                climbed,
                both,
            } => format!(
                "{} ({:.1}, {:.1}) [{spent:.1}\"]{}{}{}",
                self.pick("ruch do", "move to"),
                to.x,
                to.y,
                if both {
                    self.pick(", obie akcje Ruchu", ", both Moves")
                } else {
                    ""
                },
                if climbed {
                    self.pick(", wspinaczka", ", climbs")
                } else {
                    ""
                },
                if leave {
                    self.pick(" i opuszcza pole bitwy", " and leaves the table")
                } else {
                    ""
                }
            ),
            Choice::JumpDown {
                to, spent, height, ..
            } => {
                let me = &b.models[b.active.unwrap_or(0)];
                let has = |k| me.skills.contains(&k);
                let p = jumpdown::jump_down_chance(height, has(Skill::Acrobat));
                let alive = jumpdown::jump_down_survival(
                    height,
                    has(Skill::Acrobat),
                    has(Skill::ArtOfFalling),
                );
                format!(
                    "{} ({:.1}, {:.1}) [{spent:.1}\"], {} {height:.1}\" — {} {:.0}%, {} {:.0}%",
                    self.pick("ruch do", "move to"),
                    to.x,
                    to.y,
                    self.pick("zeskok z", "jumping down"),
                    self.pick("udany", "lands"),
                    p * 100.0,
                    self.pick("zostaje na stole", "stays on the table"),
                    alive * 100.0
                )
            }
            Choice::Fly { to } => format!(
                "{} ({:.1}, {:.1})",
                self.pick("lot plecakiem odrzutowym do", "fly with the jetpack to"),
                to.x,
                to.y
            ),
            Choice::CarryTogether {
                helper, to, leave, ..
            } => format!(
                "{} {} ({:.1}, {:.1}){}",
                self.pick("nieś obiekt razem z", "carry the object with"),
                name(helper),
                to.x,
                to.y,
                if leave {
                    self.pick(", opuszczacie stół", ", and leave the table")
                } else {
                    ""
                }
            ),
            _ => String::new(),
        }
    }

    /// A shot of the active model (with its chance to take the target out),
    /// a trick cast, a volley, two pistols, or a grenade thrown or deviating.
    fn describe_shooting(&self, b: &Battle, c: &Choice) -> String {
        let name = |m: usize| crate::account::name(b, m, self.lang);
        let active = b.active.unwrap_or(0);
        match *c {
            Choice::Shoot { target } => {
                let chance = shot_chance(b, active, target, None);
                format!(
                    "{} {} — {} {chance}",
                    self.pick("strzał do", "shoot"),
                    name(target),
                    self.pick("szansa wyeliminowania", "chance to take out")
                )
            }
            Choice::Cast { trick, target } => self.describe_cast(b, active, trick, target),
            Choice::AimedShot { target } => {
                let chance = match b.aimed_plan(active, target).map(|p| odds::odds(&p.query)) {
                    Some(Ok(Odds::Shoot(o))) => percent(&o.out_of_action),
                    _ => String::new(),
                };
                format!(
                    "{} {} — {} {chance}",
                    self.pick("strzał wymierzony do", "aimed shot at"),
                    name(target),
                    self.pick("szansa wyeliminowania", "chance to take out")
                )
            }
            Choice::Spread { targets } => format!(
                "{}: {}, {}, {}",
                self.pick("salwa rozproszona", "spread volley"),
                name(targets[0]),
                name(targets[1]),
                name(targets[2])
            ),
            Choice::Throw { item, x, y } => format!(
                "{} {} ({x:.1}, {y:.1})",
                self.pick("rzut:", "throw:"),
                item.name(self.lang)
            ),
            Choice::Deviate { x, y, .. } => format!(
                "{} ({x:.1}, {y:.1})",
                self.pick("granat spada w", "the grenade lands at")
            ),
            Choice::Pistols { first, second } => format!(
                "{} {} {} {}",
                self.pick("dwa pistolety: do", "two pistols: at"),
                name(first),
                self.pick("i do", "and at"),
                name(second)
            ),
            _ => String::new(),
        }
    }

    /// A trick cast at a target, with the charges left and, when it works
    /// like a shot, its chance to take the target out.
    fn describe_cast(&self, b: &Battle, active: usize, trick: Skill, target: usize) -> String {
        let name = crate::account::name(b, target, self.lang);
        let chance = shot_chance(b, active, target, Some(trick));
        if chance.is_empty() {
            format!(
                "{} {} ({} {})",
                trick.name(self.lang),
                name,
                self.pick("ładunki:", "charges:"),
                b.models[active].charges_left(trick)
            )
        } else {
            format!(
                "{} {} ({} {}) — {} {chance}",
                trick.name(self.lang),
                name,
                self.pick("ładunki:", "charges:"),
                b.models[active].charges_left(trick),
                self.pick("szansa wyeliminowania", "chance to take out")
            )
        }
    }

    /// An attack (with both sides' chances to go out of action) or a
    /// withdrawal from a fight.
    fn describe_melee(&self, b: &Battle, c: &Choice) -> String {
        let name = |m: usize| crate::account::name(b, m, self.lang);
        match *c {
            Choice::Attack { target } => {
                let active = b.active.unwrap_or(0);
                let chances = match odds::odds(&b.melee_query(active, target).0) {
                    Ok(Odds::Melee(o)) => format!(
                        "{} {} / {} {}",
                        self.pick("wróg wyeliminowany", "enemy out"),
                        percent(&o.defender_out),
                        self.pick("ty wyeliminowany", "you out"),
                        percent(&o.attacker_out)
                    ),
                    _ => String::new(),
                };
                format!(
                    "{} {} — {chances}",
                    self.pick("atak na", "attack"),
                    name(target)
                )
            }
            Choice::Withdraw { from } => {
                format!(
                    "{} {}",
                    self.pick("odejście z walki z", "withdraw from"),
                    name(from)
                )
            }
            _ => String::new(),
        }
    }

    /// The options told in a few words: passing, orders, a lost action,
    /// defence, hiding, picking things up, ending the activation.
    fn describe_simple(&self, b: &Battle, c: &Choice) -> String {
        match *c {
            Choice::Pass => self.pick("bez reakcji", "no reaction").into(),
            Choice::DefenceOrder => self
                .pick(
                    "rozkaz obrony (Rozkaz obrony)",
                    "defence order (Rozkaz obrony)",
                )
                .into(),
            Choice::LoseAction { move_slot, .. } => if move_slot {
                self.pick("traci akcję ruchu", "loses its Move action")
            } else {
                self.pick("traci akcję swobodną", "loses its free action")
            }
            .into(),
            Choice::DefensivePosition => self.pick("pozycja obronna", "defensive position").into(),
            Choice::Hide => self.pick("ukryj się (Ukrycie)", "hide (Ukrycie)").into(),
            Choice::PickUp { marker } => {
                let at = b.markers.get(marker).copied();
                format!(
                    "{} ({:.1}, {:.1})",
                    self.pick("podnieś znacznik", "pick up the marker"),
                    at.map_or(0.0, |p| p.x),
                    at.map_or(0.0, |p| p.y)
                )
            }
            Choice::PickUpObject => self.pick("podnieś obiekt", "pick up the object").into(),
            Choice::End => self.pick("koniec aktywacji", "end the activation").into(),
            Choice::PickUpData => self
                .pick(
                    "podnieś znacznik Ukrytych danych",
                    "pick up the Ukryte dane marker",
                )
                .into(),
            _ => String::new(),
        }
    }

    /// The captain's once-a-battle reroll, for whichever roll it would serve.
    fn describe_reroll(&self, b: &Battle) -> String {
        match (b.testing_captain(), b.defending_captain()) {
            (Some(c), _) => format!(
                "{} {}",
                self.pick(
                    "przerzut kapitana (raz na bitwę) do jego testów Odporności:",
                    "the captain's reroll (once a battle) for its Resilience tests:",
                ),
                crate::account::name(b, c, self.lang)
            ),
            (None, Some(d)) => format!(
                "{} {}",
                self.pick(
                    "przerzut kapitana (raz na bitwę) do rzutu Walki w obronie:",
                    "the captain's reroll (once a battle) for its Fight roll in defence:",
                ),
                crate::account::name(b, d, self.lang)
            ),
            (None, None) => self
                .pick(
                    "przerzut kapitana (raz na bitwę) do następnego ataku",
                    "the captain's reroll (once a battle) for the next attack",
                )
                .into(),
        }
    }

    /// What a reaction, heroic play, event or forced move does, in words.
    fn describe_reaction(&self, b: &Battle, c: &Choice) -> String {
        let name = |m: usize| crate::account::name(b, m, self.lang);
        match *c {
            Choice::Overwatch => self
                .pick("strzał z ukrycia (znacznik)", "shot from hiding (marker)")
                .into(),
            Choice::Intercept { model, mover } => format!(
                "{} {} {}",
                name(model),
                self.pick("przechwytuje", "intercepts"),
                name(mover)
            ),
            Choice::FromHiding { shooter, target } => format!(
                "{} {} {} — {} {}",
                name(shooter),
                self.pick("strzela z ukrycia do", "fires from hiding at"),
                name(target),
                self.pick("szansa wyeliminowania", "chance to take out"),
                shot_chance(b, shooter, target, None)
            ),
            Choice::Play { play, model } => format!(
                "{} {}",
                name(model),
                quoted(play.name(self.lang), self.lang)
            ),
            Choice::Offend { event, model } => {
                format!("{} → {}", event.name(self.lang), name(model))
            }
            Choice::NowOrNever {
                model, to, height, ..
            } => format!(
                "{} {}: {} ({:.1}, {:.1}), {height:.1}\" — {} {:.0}%",
                name(model),
                quoted(Skill::NowOrNever.name(self.lang), self.lang),
                self.pick(
                    "zeskok zamiast testu na",
                    "jump down instead of the test to"
                ),
                to.x,
                to.y,
                self.pick("szansa przetrwania", "chance to stay in play"),
                100.0
                    * mortalis_battle::battle::jumpdown::jump_down_survival(
                        height,
                        b.models[model].skills.contains(&Skill::Acrobat),
                        b.models[model].skills.contains(&Skill::ArtOfFalling),
                    )
            ),
            Choice::Knife { model, target } => format!(
                "{} {}: {} {} — {} {}",
                name(model),
                quoted(Skill::HeadsDown.name(self.lang), self.lang),
                self.pick("rzut nożem w", "a knife thrown at"),
                name(target),
                self.pick("szansa wyeliminowania", "chance to take out"),
                shot_chance(b, model, target, Some(Skill::HeadsDown))
            ),
            Choice::Step { model, to } => format!(
                "{} {} ({:.1}, {:.1})",
                name(model),
                self.pick("przesuwa się do", "is moved to"),
                to.x,
                to.y
            ),
            Choice::Leap { to } => format!(
                "{} ({:.1}, {:.1})",
                quoted(
                    mortalis_rules::skills::Skill::LookingForMe.name(self.lang),
                    self.lang
                ),
                to.x,
                to.y
            ),
            _ => String::new(),
        }
    }

    fn heading(&self, b: &Battle, q: &Question) -> String {
        let side = &b.names[q.side];
        let what = match q.about {
            About::Marker => self.pick("gdzie postawić znacznik?", "where does a marker go?"),
            About::Corner => self.pick("który narożnik?", "which corner?"),
            About::Deploy => self.pick("gdzie ustawić model?", "where does the model stand?"),
            About::Starter => self.pick("kto zaczyna?", "who starts?"),
            About::Role => self.pick("kto ma się bronić?", "who should defend?"),
            About::Edge => self.pick("która krawędź?", "which edge?"),
            About::Activate => self.pick("który model aktywujesz?", "which model acts?"),
            About::Action => self.pick("co robi?", "what does it do?"),
            About::Reaction => self.pick("reakcja?", "how do you react?"),
            About::Intercept => self.pick("przechwycenie?", "interception?"),
            About::Overwatch => self.pick("strzał z ukrycia?", "shot from hiding?"),
            About::Play => self.pick("bohaterska zagrywka?", "heroic play?"),
            About::Event => self.pick("zdarzenie ofensywne?", "offensive event?"),
            About::Forced => self.pick("dokąd?", "which way?"),
            About::Named => self.pick(
                "który model wskazujesz w Wyzwaniu?",
                "which model does the challenge name?",
            ),
            About::Reward => self.pick(
                "kto dostaje doświadczenie za Wyzwanie?",
                "who gets the challenge's experience?",
            ),
        };
        let who = match (q.about, b.active) {
            (About::Action, Some(m)) => format!(
                " {} ({:.1}, {:.1})",
                crate::account::name(b, m, self.lang),
                b.models[m].body.at.x,
                b.models[m].body.at.y
            ),
            _ => String::new(),
        };
        let vp = b.vp();
        format!(
            "[{} {}, {} {}:{}] {side}{who}: {what}",
            self.pick("runda", "round"),
            b.round,
            self.pick("PZ", "VP"),
            vp[0],
            vp[1]
        )
    }
}

/// Where an option puts something, for answers given as "X Y".
fn point(c: &Choice) -> Option<(f64, f64)> {
    match c {
        Choice::Marker { x, y } | Choice::Throw { x, y, .. } | Choice::Deviate { x, y, .. } => {
            Some((*x, *y))
        }
        Choice::Deploy { at, .. }
        | Choice::Move { to: at, .. }
        | Choice::Fly { to: at }
        | Choice::Step { to: at, .. }
        | Choice::Leap { to: at }
        | Choice::JumpDown { to: at, .. } => Some((at.x, at.y)),
        _ => None,
    }
}

impl Decider for Human {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        self.catch_up(b);
        eprintln!("{}", self.heading(b, q));
        for (i, c) in q.options.iter().enumerate() {
            eprintln!("  {}) {}", i + 1, self.describe(b, c));
        }
        loop {
            eprint!("> ");
            let a = match read_line() {
                Ok(Some(a)) => a,
                Ok(None) => return Err(no_line(None, self.lang)),
                Err(e) => return Err(no_line(Some(&e), self.lang)),
            };
            if let Ok(n) = a.parse::<usize>()
                && (1..=q.options.len()).contains(&n)
            {
                return Ok(n - 1);
            }
            // "X Y": the option that puts something nearest to that point
            // (two numbers and nothing else, both on the table).
            let words: Vec<&str> = a.split_whitespace().collect();
            let xy: Vec<f64> = words
                .iter()
                .filter_map(|w| w.parse::<f64>().ok())
                .filter(|v| (0.0..=b.table.size).contains(v))
                .collect();
            if let ([_, _], &[x, y]) = (&words[..], &xy[..]) {
                let near = q
                    .options
                    .iter()
                    .enumerate()
                    .filter_map(|(i, c)| point(c).map(|(px, py)| (i, (px - x).hypot(py - y))))
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                // Said back, so that a point far from every option (in
                // Duma's chasm, say) does not pick one unseen.
                if let Some((i, d)) = near {
                    eprintln!(
                        "  → {}) {} ({} {d:.1}\")",
                        i + 1,
                        self.describe(b, &q.options[i]),
                        self.pick("najbliżej podanego miejsca:", "nearest the place given:")
                    );
                    return Ok(i);
                }
            }
            eprintln!(
                "{}",
                self.pick(
                    "Podaj numer z listy (albo „X Y” dla miejsca).",
                    "Give a number from the list (or \"X Y\" for a place)."
                )
            );
        }
    }
}
