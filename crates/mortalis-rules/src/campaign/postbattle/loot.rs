//! A loot roll of the post-battle sequence: the loot table, the further
//! tables it leads to, a tech hunter's reroll of a pair, a searcher's nudge
//! of a single die, a prosthesis picked, the find kept or sold, an implant
//! used at once.

use super::{Choice, Question, Run, fmt_dice};
use crate::Lang;
use crate::campaign::CampaignError;
use crate::campaign::events::{self, Event, LootFind, Purchase, sale_price};
use crate::campaign::tables::{self, Goods, LootKind, SpecialKind};
use crate::skills::Skill;
use crate::warband::Archetype;

impl Run<'_> {
    pub(super) fn loot_roll(&mut self, n: u32) -> Result<(), CampaignError> {
        let key = |s: &str| format!("loot.{n}.{s}");
        let hunter = self
            .state
            .fielded()
            .any(|m| m.can_use_skill(Skill::TechHunter));
        let searcher = self
            .state
            .fielded()
            .any(|m| m.can_use_skill(Skill::Searching));
        self.label(
            &format!("Grabież {n}: 2k6 w tabeli Grabieży"),
            &format!("Loot {n}: 2d6 on the loot table"),
        );
        let mut dice = vec![self.d6()?, self.d6()?];
        let mut notes = Vec::new();
        self.decider.tell(
            &format!("Grabież {n}: 2k6 = {}", fmt_dice(&dice)),
            &format!("Loot {n}: 2d6 = {}", fmt_dice(&dice)),
        );
        let offer_reroll = |d: &[u8], k: String| Question {
            key: k,
            pl: format!("Łowca technologii: przerzucić kość? ({})", fmt_dice(d)),
            en: format!("Tech hunter: reroll a die? ({})", fmt_dice(d)),
            choices: vec![
                Choice::new("keep", "zostaw wynik", "keep the result"),
                Choice::new(
                    "1",
                    format!("przerzuć pierwszą ({})", d[0]),
                    format!("reroll the first ({})", d[0]),
                ),
                Choice::new(
                    "2",
                    format!("przerzuć drugą ({})", d[1]),
                    format!("reroll the second ({})", d[1]),
                ),
            ],
        };
        if hunter {
            let a = self.ask(offer_reroll(&dice, key("reroll")))?;
            if let Ok(i) = a.parse::<usize>() {
                let old = dice[i - 1];
                self.label(
                    &format!("Grabież {n}: przerzut kości {i} (łowca technologii)"),
                    &format!("Loot {n}: reroll of die {i} (tech hunter)"),
                );
                dice[i - 1] = self.d6()?;
                notes.push(format!("tech_hunter {old}->{}", dice[i - 1]));
            }
        }
        // Further dice, one table at a time.
        while dice.len() < events::loot_dice_needed(&dice) {
            let medicine = dice.len() >= 3
                && tables::loot(dice[0] + dice[1]) == LootKind::Special
                && tables::special_kind(dice[2]) == SpecialKind::Medicine;
            if medicine {
                self.label(
                    &format!("Grabież {n}: 2k6 w tabeli leków"),
                    &format!("Loot {n}: 2d6 on the medicines table"),
                );
                let mut pair = vec![self.d6()?, self.d6()?];
                self.decider.tell(
                    &format!("  2k6 = {}", fmt_dice(&pair)),
                    &format!("  2d6 = {}", fmt_dice(&pair)),
                );
                if hunter {
                    let a = self.ask(offer_reroll(&pair, key("medicine_reroll")))?;
                    if let Ok(i) = a.parse::<usize>() {
                        let old = pair[i - 1];
                        self.label(
                            &format!("Grabież {n}: przerzut kości {i} (łowca technologii)"),
                            &format!("Loot {n}: reroll of die {i} (tech hunter)"),
                        );
                        pair[i - 1] = self.d6()?;
                        notes.push(format!("tech_hunter {old}->{}", pair[i - 1]));
                    }
                }
                dice.extend(pair);
                continue;
            }
            let (pl, en) = loot_table_label(&dice);
            self.label(&format!("Grabież {n}: {pl}"), &format!("Loot {n}: {en}"));
            let mut d = self.d6()?;
            self.decider
                .tell(&format!("  k6 = {d}"), &format!("  d6 = {d}"));
            if searcher {
                let step = dice.len();
                let mut choices =
                    vec![Choice::new("0", format!("zostaw {d}"), format!("keep {d}"))];
                if d > 1 {
                    choices.push(Choice::new(
                        "-1",
                        format!("zmień na {}", d - 1),
                        format!("make it {}", d - 1),
                    ));
                }
                if d < 6 {
                    choices.push(Choice::new(
                        "+1",
                        format!("zmień na {}", d + 1),
                        format!("make it {}", d + 1),
                    ));
                }
                let a = self.ask(Question {
                    key: key(&format!("search{step}")),
                    pl: format!("Przeszukiwanie: zmienić wynik k6 = {d}?"),
                    en: format!("Searching: change the d6 = {d}?"),
                    choices,
                })?;
                let old = d;
                match a.as_str() {
                    "-1" => d -= 1,
                    "+1" => d += 1,
                    _ => {}
                }
                if old != d {
                    notes.push(format!("searching {old}->{d}"));
                }
            }
            dice.push(d);
        }
        let mut pick = None;
        let find = match events::loot_find(&dice, None) {
            Ok(f) => f,
            Err(_) => {
                let choices = tables::PROSTHESES
                    .iter()
                    .map(|p| Choice::new(p.id(), p.name(Lang::Pl), p.name(Lang::En)))
                    .collect();
                let a = self.ask(Question {
                    key: key("pick"),
                    pl: "Gadżet 6: wybierz protezę".into(),
                    en: "Gadget 6: pick a prosthesis".into(),
                    choices,
                })?;
                pick = Goods::lookup(&a);
                events::loot_find(&dice, pick).map_err(CampaignError::Forbidden)?
            }
        };
        let sell = match find {
            LootFind::Technology(_) => true,
            LootFind::Goods(g) => match g.value() {
                None => false,
                Some(v) => {
                    let price = sale_price(&self.state, v);
                    let a = self.ask(Question {
                        key: key("keep"),
                        pl: format!("{}: zatrzymać czy sprzedać?", g.name(Lang::Pl)),
                        en: format!("{}: keep or sell?", g.name(Lang::En)),
                        choices: vec![
                            Choice::new("keep", "do schowka", "into the stash"),
                            Choice::new(
                                "sell",
                                format!("sprzedaj za {price} tk"),
                                format!("sell for {price} tk"),
                            ),
                        ],
                    })?;
                    a == "sell"
                }
            },
        };
        let note = (!notes.is_empty()).then(|| notes.join(", "));
        self.push(Event::Loot {
            dice,
            find,
            pick,
            sell,
            note,
        })?;
        if let LootFind::Goods(Goods::Implant(imp)) = find {
            let mut choices = vec![Choice::new("keep", "zostaw w schowku", "keep in the stash")];
            for m in self.state.fielded() {
                if m.entry.archetype != Archetype::Pet {
                    choices.push(Choice::new(
                        m.name(),
                        format!("+{} PD", imp.xp()),
                        format!("+{} XP", imp.xp()),
                    ));
                }
            }
            let a = self.ask(Question {
                key: key("implant"),
                pl: format!("{}: komu wszczepić?", imp.name(Lang::Pl)),
                en: format!("{}: implant into whom?", imp.name(Lang::En)),
                choices,
            })?;
            if a != "keep" {
                self.push(Event::Purchase {
                    action: Purchase::UseImplant {
                        item: imp,
                        model: a,
                    },
                })?;
            }
        }
        Ok(())
    }
}

/// Which table the next single loot die is rolled on, given the dice so far.
fn loot_table_label(dice: &[u8]) -> (String, String) {
    let (pl, en) = match (tables::loot(dice[0] + dice[1]), dice.len()) {
        (LootKind::RangedMod, 2) => (
            "modyfikacji broni dystansowej (pierwsza)",
            "ranged weapon modifications (first)",
        ),
        (LootKind::RangedMod, _) => (
            "modyfikacji broni dystansowej (druga)",
            "ranged weapon modifications (second)",
        ),
        (LootKind::ArmourMod, 2) => (
            "modyfikacji pancerzy i broni białej",
            "armour and melee modifications",
        ),
        (LootKind::ArmourMod, _) => (
            "modyfikacji pancerzy i broni białej (druga)",
            "armour and melee modifications (second)",
        ),
        (_, 2) => ("przedmiotów specjalnych", "special items"),
        (_, _) => match tables::special_kind(dice[2]) {
            SpecialKind::Grenade => ("granatów", "grenades"),
            SpecialKind::Gadget => ("gadżetów", "gadgets"),
            SpecialKind::Implant => ("implantów neuronowych", "neural implants"),
            SpecialKind::Medicine => ("leków", "medicines"),
        },
    };
    (format!("k6 w tabeli {pl}"), format!("d6 on the {en} table"))
}
