//! A loot roll of the post-battle sequence: the loot table, the further
//! tables it leads to, a tech hunter's reroll of a pair, a searcher's nudge
//! of a single die, a prosthesis picked, the find kept or sold, an implant
//! used at once.

use super::{Choice, Question, Run, fmt_dice};
use crate::Lang;
use crate::campaign::CampaignError;
use crate::campaign::events::{self, Event, LootFind, Purchase, sale_price};
use crate::campaign::tables::{self, Goods, Implant, LootKind, SpecialKind};
use crate::skills::Skill;
use crate::warband::Archetype;

impl Run<'_> {
    /// One loot roll: the pair on the loot table (a tech hunter may reroll
    /// a die), the further dice its tables need, the find, keep or sell, and
    /// an implant found used at once or kept.
    pub(super) fn loot_roll(&mut self, n: u32) -> Result<(), CampaignError> {
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
        if hunter {
            self.hunter_reroll(n, &mut dice, "reroll", &mut notes)?;
        }
        // Further dice, one table at a time.
        while dice.len() < events::loot_dice_needed(&dice) {
            let medicine = dice.len() >= 3
                && tables::loot(dice[0] + dice[1]) == LootKind::Special
                && tables::special_kind(dice[2]) == SpecialKind::Medicine;
            if medicine {
                let pair = self.medicine_pair(n, hunter, &mut notes)?;
                dice.extend(pair);
                continue;
            }
            let d = self.single_loot_die(n, &dice, searcher, &mut notes)?;
            dice.push(d);
        }
        let (find, pick) = self.find_with_pick(n, &dice)?;
        let sell = self.keep_or_sell(n, find)?;
        let note = (!notes.is_empty()).then(|| notes.join(", "));
        self.push(Event::Loot {
            dice,
            find,
            pick,
            sell,
            note,
        })?;
        if let LootFind::Goods(Goods::Implant(imp)) = find {
            self.offer_implant(n, imp)?;
        }
        Ok(())
    }

    /// A tech hunter may reroll one die of a pair (question `loot.N.<what>`);
    /// a reroll is noted.
    fn hunter_reroll(
        &mut self,
        n: u32,
        pair: &mut [u8],
        what: &str,
        notes: &mut Vec<String>,
    ) -> Result<(), CampaignError> {
        let a = self.ask(Question {
            key: loot_key(n, what),
            pl: format!("Łowca technologii: przerzucić kość? ({})", fmt_dice(pair)),
            en: format!("Tech hunter: reroll a die? ({})", fmt_dice(pair)),
            choices: vec![
                Choice::new("keep", "zostaw wynik", "keep the result"),
                Choice::new(
                    "1",
                    format!("przerzuć pierwszą ({})", pair[0]),
                    format!("reroll the first ({})", pair[0]),
                ),
                Choice::new(
                    "2",
                    format!("przerzuć drugą ({})", pair[1]),
                    format!("reroll the second ({})", pair[1]),
                ),
            ],
        })?;
        if let Ok(i) = a.parse::<usize>() {
            let old = pair[i - 1];
            self.label(
                &format!("Grabież {n}: przerzut kości {i} (łowca technologii)"),
                &format!("Loot {n}: reroll of die {i} (tech hunter)"),
            );
            pair[i - 1] = self.d6()?;
            notes.push(format!("tech_hunter {old}->{}", pair[i - 1]));
        }
        Ok(())
    }

    /// The pair rolled on the medicines table (a tech hunter may reroll one).
    fn medicine_pair(
        &mut self,
        n: u32,
        hunter: bool,
        notes: &mut Vec<String>,
    ) -> Result<Vec<u8>, CampaignError> {
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
            self.hunter_reroll(n, &mut pair, "medicine_reroll", notes)?;
        }
        Ok(pair)
    }

    /// The next single die on the table the dice so far lead to (a searcher
    /// may move it by one).
    fn single_loot_die(
        &mut self,
        n: u32,
        dice: &[u8],
        searcher: bool,
        notes: &mut Vec<String>,
    ) -> Result<u8, CampaignError> {
        let (pl, en) = loot_table_label(dice);
        self.label(&format!("Grabież {n}: {pl}"), &format!("Loot {n}: {en}"));
        let d = self.d6()?;
        self.decider
            .tell(&format!("  k6 = {d}"), &format!("  d6 = {d}"));
        if searcher {
            return self.searcher_nudge(n, dice.len(), d, notes);
        }
        Ok(d)
    }

    /// A searcher may keep a single die or move it one up or down; a change
    /// is noted.
    fn searcher_nudge(
        &mut self,
        n: u32,
        step: usize,
        mut d: u8,
        notes: &mut Vec<String>,
    ) -> Result<u8, CampaignError> {
        let mut choices = vec![Choice::new("0", format!("zostaw {d}"), format!("keep {d}"))];
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
            key: loot_key(n, &format!("search{step}")),
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
        Ok(d)
    }

    /// What the dice find, asking for the prosthesis where gadget 6 lets
    /// the player pick one.
    fn find_with_pick(
        &mut self,
        n: u32,
        dice: &[u8],
    ) -> Result<(LootFind, Option<Goods>), CampaignError> {
        if let Ok(f) = events::loot_find(dice, None) {
            return Ok((f, None));
        }
        let choices = tables::PROSTHESES
            .iter()
            .map(|p| Choice::new(p.id(), p.name(Lang::Pl), p.name(Lang::En)))
            .collect();
        let a = self.ask(Question {
            key: loot_key(n, "pick"),
            pl: "Gadżet 6: wybierz protezę".into(),
            en: "Gadget 6: pick a prosthesis".into(),
            choices,
        })?;
        let pick = Goods::lookup(&a);
        let f = events::loot_find(dice, pick).map_err(CampaignError::Forbidden)?;
        Ok((f, pick))
    }

    /// Whether the find is sold: technologies always, unsellable goods
    /// never, other goods as the player answers.
    fn keep_or_sell(&mut self, n: u32, find: LootFind) -> Result<bool, CampaignError> {
        let g = match find {
            LootFind::Technology(_) => return Ok(true),
            LootFind::Goods(g) => g,
        };
        let Some(v) = g.value() else {
            return Ok(false);
        };
        let price = sale_price(&self.state, v);
        let a = self.ask(Question {
            key: loot_key(n, "keep"),
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
        Ok(a == "sell")
    }

    /// A neural implant found: kept in the stash or used at once on a
    /// fielded model that is not a pet.
    fn offer_implant(&mut self, n: u32, imp: Implant) -> Result<(), CampaignError> {
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
            key: loot_key(n, "implant"),
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
        Ok(())
    }
}

/// The decision key `loot.N.<what>` of loot roll `n`.
fn loot_key(n: u32, what: &str) -> String {
    format!("loot.{n}.{what}")
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
