//! How a purchase-phase action changes the state.

use super::events::{
    CLIMBING_GEAR_PRICE, Purchase, buy_price, field_check, give, model_checked, retire_or_remove,
    sale_price,
};
use super::tables::{Goods, Implant};
use super::{CampaignError, CampaignModel, CampaignState, MAX_XP, XP_PRICE, forbid};
use crate::equipment::{Item, SpecialItem};
use crate::skills::Skill;
use crate::warband::{self, Archetype, ModelEntry, WarbandFile};

impl CampaignState {
    /// Apply one purchase-phase action.
    pub(super) fn apply_purchase(&mut self, p: &Purchase) -> Result<(), CampaignError> {
        match p {
            Purchase::Buy { item, model } => self.buy(*item, model.as_deref()),
            Purchase::Hire { model, stash } => self.hire(model, *stash),
            Purchase::BuyGear { item, model } => self.buy_gear(*item, model),
            Purchase::Fire { model } => {
                // Any model may be fired; a fired captain is lost for good.
                retire_or_remove(self, model, true)?;
                field_check(self)
            }
            Purchase::Sell { item } => self.sell(*item),
            Purchase::ToStash { model } => self.move_to_stash(model),
            Purchase::ToField { model } => self.move_to_field(model),
            Purchase::Equip { item, model } => {
                self.take_from_stash(*item)?;
                give(self.model_mut(model)?, *item)
            }
            Purchase::Unequip { item, model } => self.unequip(*item, model),
            Purchase::ChooseImplant { model, skill } => self.choose_implant(model, *skill),
            Purchase::UseImplant { item, model } => self.use_implant(*item, model),
        }
    }

    /// Buy one item (one per shop table per battle) for a model or the stash.
    fn buy(&mut self, item: Goods, model: Option<&str>) -> Result<(), CampaignError> {
        let table = item
            .shop_table()
            .ok_or_else(|| CampaignError::Forbidden(format!("`{item}` cannot be bought")))?;
        if self.tables_used.contains(&table) {
            return forbid(format!(
                "one item from each table per battle: the {table:?} table was used already"
            ));
        }
        let price = buy_price(self, item)
            .ok_or_else(|| CampaignError::Forbidden(format!("`{item}` has no price")))?;
        self.pay(item.id(), price)?;
        self.tables_used.push(table);
        match model {
            Some(n) => give(self.model_mut(n)?, item),
            None => {
                self.put_in_stash(item);
                Ok(())
            }
        }
    }

    /// Hire a recruit: its price, its equipment's price and its bought
    /// experience paid, then it joins the field or the stash.
    fn hire(&mut self, model: &ModelEntry, stash: bool) -> Result<(), CampaignError> {
        let cost = self.recruit_cost(model)?;
        let (equipment, discounted) = self.recruit_equipment(model)?;
        let price = (cost - equipment.min(cost))
            .saturating_add(discounted)
            .saturating_add(XP_PRICE.saturating_mul(model.xp));
        self.pay(&format!("hiring {}", model.name), price)?;
        let mut cm = CampaignModel::new(model.clone());
        cm.in_stash = stash;
        self.models.push(cm);
        field_check(self)
    }

    /// A recruit's list price by the builder's rules, refusing duplicate
    /// names, captains, veterans, a second specialist of a kind and any
    /// rule problem other than the captain count.
    fn recruit_cost(&self, model: &ModelEntry) -> Result<u32, CampaignError> {
        if self.models.iter().any(|m| m.name() == model.name) {
            return forbid(format!("a model named {} already exists", model.name));
        }
        if model.captain {
            return forbid("a captain cannot be hired");
        }
        if model.veteran {
            return forbid("veterans exist only at creation; buy experience instead");
        }
        if model.archetype.is_specialist()
            && self
                .models
                .iter()
                .any(|m| m.entry.archetype == model.archetype)
        {
            return forbid(format!("the warband already has a {}", model.archetype));
        }
        let r = warband::check(&WarbandFile {
            name: String::new(),
            budget: u32::MAX,
            models: vec![model.clone()],
        });
        if let Some(e) = r
            .errors
            .iter()
            .find(|e| !matches!(e.problem, warband::Problem::CaptainCount { .. }))
        {
            return forbid(format!(
                "{}: {}",
                model.name,
                e.problem.message(crate::Lang::En)
            ));
        }
        Ok(r.cost)
    }

    /// A recruit's special equipment, bought like any purchase (marking its
    /// shop tables used): its list price inside the recruit's cost, and what
    /// it costs now (the fence's discount applied).
    fn recruit_equipment(&mut self, model: &ModelEntry) -> Result<(u32, u32), CampaignError> {
        // Special equipment bought with the recruit is a purchase like
        // any other: one item per table per battle, the fence's 20% off.
        let goods: Vec<Goods> = model
            .items
            .iter()
            .map(|&i| Goods::Item(i))
            .chain(model.mods.iter().map(|&m| Goods::Mod(m)))
            .collect();
        let mut equipment = 0;
        for g in &goods {
            let Some(table) = g.shop_table() else {
                return forbid(format!("`{g}` cannot be bought"));
            };
            if self.tables_used.contains(&table) {
                return forbid(format!(
                    "one item from each table per battle: the {table:?} table was used already (`{g}`)"
                ));
            }
            self.tables_used.push(table);
            equipment += 3 * g.value().unwrap_or(0);
        }
        let discounted = goods
            .iter()
            .map(|&g| buy_price(self, g).unwrap_or(0))
            .sum::<u32>();
        Ok((equipment, discounted))
    }

    /// Buy climbing gear for a model (a jetpack only comes with a recruit).
    fn buy_gear(&mut self, item: Item, model: &str) -> Result<(), CampaignError> {
        match item {
            Item::ClimbingGear => {}
            Item::Jetpack => {
                return forbid("a jetpack is bought only with the model, when it is hired");
            }
            _ => return forbid(format!("`{item}` is not gear: buy it as an item")),
        }
        self.pay(item.id(), CLIMBING_GEAR_PRICE)?;
        let m = self.model_mut(model)?;
        m.entry.gear.push(item);
        model_checked(m)
    }

    /// Sell an item from the stash at its value.
    fn sell(&mut self, item: Goods) -> Result<(), CampaignError> {
        let v = item
            .value()
            .ok_or_else(|| CampaignError::Forbidden(format!("`{item}` cannot be sold")))?;
        self.take_from_stash(item)?;
        self.earn(sale_price(self, v))
    }

    /// Move a fielded model to the stash.
    fn move_to_stash(&mut self, model: &str) -> Result<(), CampaignError> {
        let m = self.model_mut(model)?;
        if m.in_stash {
            return forbid(format!("{model} is already in the stash"));
        }
        m.in_stash = true;
        field_check(self)
    }

    /// Field a stashed model again.
    fn move_to_field(&mut self, model: &str) -> Result<(), CampaignError> {
        let m = self.model_mut(model)?;
        if !m.in_stash {
            return forbid(format!("{model} is already in the field"));
        }
        m.in_stash = false;
        field_check(self)
    }

    /// Take an item or modification off a model into the stash.
    fn unequip(&mut self, item: Goods, model: &str) -> Result<(), CampaignError> {
        let m = self.model_mut(model)?;
        let found = match item {
            Goods::Item(i) => m.entry.items.iter().position(|x| *x == i).map(|k| {
                m.entry.items.remove(k);
            }),
            Goods::Mod(md) => m.entry.mods.iter().position(|x| *x == md).map(|k| {
                m.entry.mods.remove(k);
            }),
            _ => None,
        };
        if found.is_none() {
            return forbid(format!("{model} does not carry `{item}`"));
        }
        // B134: the skill goes with the implant; its next holder
        // chooses again.
        if !m.entry.items.contains(&SpecialItem::SkillImplant) {
            m.entry.implant = None;
        }
        self.put_in_stash(item);
        Ok(())
    }

    /// Use a neural implant from the stash: experience for a model (no pet).
    fn use_implant(&mut self, item: Implant, model: &str) -> Result<(), CampaignError> {
        if self.model(model)?.entry.archetype == Archetype::Pet {
            return forbid(format!("{model} is a pet and gains no experience"));
        }
        self.take_from_stash(Goods::Implant(item))?;
        let m = self.model_mut(model)?;
        m.xp = m.xp.saturating_add(item.xp()).min(MAX_XP);
        Ok(())
    }

    /// B134: `model`'s Wszczep umiejętności holds `skill` — refused when it
    /// carries none, when the implant holds a skill already, or (by the
    /// model's own check) for a skill that is not a Speed skill or that the
    /// model knows.
    fn choose_implant(&mut self, model: &str, skill: Skill) -> Result<(), CampaignError> {
        let m = self.model_mut(model)?;
        if !m.entry.items.contains(&SpecialItem::SkillImplant) {
            return forbid(format!(
                "{model} carries no `skill_implant` to choose a skill for"
            ));
        }
        if let Some(k) = m.entry.implant {
            return forbid(format!(
                "{model}'s `skill_implant` holds `{}` already",
                k.id()
            ));
        }
        let mut trial = m.clone();
        trial.entry.implant = Some(skill);
        model_checked(&trial)?;
        *m = trial;
        Ok(())
    }
}
