//! The terminal: questions and purchase commands on stderr/stdin, dice
//! typed one per line, and the seeded alternative.

use mortalis_rules::Lang;
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::{self as rules, CampaignError, CampaignState, DiceOrigin, Purchase};
use mortalis_rules::dice::{DiceSource, RngDice};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Deserialize;
use std::io::Write as _;

use super::DiceMode;
use crate::terminal::{PromptDice, no_line, read_line};

/// Questions on the terminal (prompts on stderr, answers on stdin).
pub struct Interactive {
    /// Language of the prompts.
    pub lang: Lang,
}

impl Decider for Interactive {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        eprintln!("{}", q.text(self.lang));
        for (i, c) in q.choices.iter().enumerate() {
            eprintln!("  {}) {} — {}", i + 1, c.id, c.text(self.lang));
        }
        loop {
            eprint!("> ");
            let a = match read_line() {
                Ok(Some(a)) => a,
                // The end of input, or a failed read: no answer either way.
                end => {
                    return Err(CampaignError::Decision {
                        key: q.key.clone(),
                        message: no_line(end.err().as_ref(), self.lang),
                    });
                }
            };
            if let Ok(n) = a.parse::<usize>()
                && let Some(c) = q.choices.get(n.wrapping_sub(1))
            {
                return Ok(c.id.clone());
            }
            if q.choices.iter().any(|c| c.id == a) {
                return Ok(a);
            }
            eprintln!(
                "{}",
                self.lang.pick(
                    "Wybierz numer lub id z listy.",
                    "Pick a number or an id from the list."
                )
            );
        }
    }

    fn next_purchase(&mut self, state: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        eprintln!(
            "{} {} tk. {}",
            self.lang.pick("Zakupy: kredyty", "Purchases: credits"),
            state.credits,
            self.lang.pick(
                "Polecenia: buy ITEM [MODEL] | buy climbing_gear MODEL | sell ITEM | fire MODEL | hire name = \"…\", archetype = \"…\" | stash MODEL | field MODEL | equip ITEM MODEL | unequip ITEM MODEL | implant ITEM MODEL | implant_skill MODEL SKILL | shop | done",
                "Commands: buy ITEM [MODEL] | buy climbing_gear MODEL | sell ITEM | fire MODEL | hire name = \"…\", archetype = \"…\" | stash MODEL | field MODEL | equip ITEM MODEL | unequip ITEM MODEL | implant ITEM MODEL | implant_skill MODEL SKILL | shop | done"
            )
        );
        loop {
            eprint!("> ");
            let line = match read_line() {
                Ok(Some(line)) => line,
                Ok(None) => return Ok(None),
                Err(e) => {
                    return Err(CampaignError::Decision {
                        key: "purchases".into(),
                        message: no_line(Some(&e), self.lang),
                    });
                }
            };
            let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            let rest = rest.trim();
            let two = || rest.split_once(' ').map(|(a, b)| (a.trim(), b.trim()));
            let goods = |s: &str| rules::tables::Goods::lookup(s);
            let p = match cmd {
                "done" | "" => return Ok(None),
                "shop" => {
                    for (g, p) in postbattle::shop(state) {
                        let used = g
                            .shop_table()
                            .is_some_and(|t| state.tables_used.contains(&t));
                        eprintln!(
                            "  {:<24} {p:>4} tk{}",
                            g.id(),
                            if used {
                                self.lang.pick(
                                    "  (już kupiono z tej tabeli po tej bitwie)",
                                    "  (this table was used since the last battle)",
                                )
                            } else {
                                ""
                            }
                        );
                    }
                    continue;
                }
                "buy" => {
                    let (item, model) =
                        two().map_or((rest, None), |(a, b)| (a, Some(b.to_string())));
                    match (
                        goods(item),
                        mortalis_rules::equipment::Item::lookup(item),
                        model,
                    ) {
                        (Some(item), _, model) => Some(Purchase::Buy { item, model }),
                        (None, Some(item), Some(model)) => Some(Purchase::BuyGear { item, model }),
                        _ => None,
                    }
                }
                "sell" => goods(rest).map(|item| Purchase::Sell { item }),
                "fire" => Some(Purchase::Fire { model: rest.into() }),
                "stash" => Some(Purchase::ToStash { model: rest.into() }),
                "field" => Some(Purchase::ToField { model: rest.into() }),
                "equip" | "unequip" | "implant" => two().and_then(|(i, m)| {
                    let model = m.to_string();
                    match cmd {
                        "equip" => goods(i).map(|item| Purchase::Equip { item, model }),
                        "unequip" => goods(i).map(|item| Purchase::Unequip { item, model }),
                        _ => rules::tables::Implant::lookup(i)
                            .map(|item| Purchase::UseImplant { item, model }),
                    }
                }),
                // B134: the Speed skill a model's Wszczep umiejętności holds.
                "implant_skill" => two().and_then(|(m, k)| {
                    mortalis_rules::skills::Skill::lookup(k).map(|skill| Purchase::ChooseImplant {
                        model: m.to_string(),
                        skill,
                    })
                }),
                "hire" => match parse_hire(rest) {
                    Ok(model) => Some(Purchase::Hire {
                        model,
                        stash: false,
                    }),
                    Err(e) => {
                        eprintln!("{e}");
                        continue;
                    }
                },
                _ => None,
            };
            match p {
                Some(p) => return Ok(Some(p)),
                None => eprintln!("{}", self.lang.pick("Nie rozumiem.", "Not understood.")),
            }
        }
    }

    fn refused(&mut self, e: &CampaignError) -> bool {
        eprintln!("{}: {e}", self.lang.pick("odrzucone", "refused"));
        true
    }

    fn tell(&mut self, pl: &str, en: &str) {
        // A closed stdout is reported once, after the sequence.
        let _ = writeln!(std::io::stdout(), "{}", self.lang.pick(pl, en));
    }
}

/// The model of an interactive `hire`: the keys of a warband file's
/// `[[model]]` on one line, with or without braces
/// (`name = "Zz", archetype = "savage", xp = 2`).
fn parse_hire(line: &str) -> Result<mortalis_rules::warband::ModelEntry, toml::de::Error> {
    #[derive(Deserialize)]
    struct Line {
        m: mortalis_rules::warband::ModelEntry,
    }
    let inner = line.trim();
    let inner = inner
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(inner);
    toml::from_str::<Line>(&format!("m = {{ {inner} }}")).map(|l| l.m)
}

/// Seeded dice (the seed from the flag or the clock) or typed at the prompt.
pub fn dice_source(
    mode: DiceMode,
    seed: Option<u64>,
    lang: Lang,
) -> (DiceOrigin, Box<dyn DiceSource>) {
    match mode {
        DiceMode::Typed => (DiceOrigin::Typed, Box::new(PromptDice::new(lang))),
        DiceMode::Seeded => {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            (
                DiceOrigin::Seeded { seed },
                Box::new(RngDice::new(ChaCha8Rng::seed_from_u64(seed))),
            )
        }
    }
}
