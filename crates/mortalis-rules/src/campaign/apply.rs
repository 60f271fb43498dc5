//! How each event changes the state (`CampaignState::apply`): results
//! checked against their dice, events the rules forbid refused. Purchases
//! are in `purchase.rs`.

use super::events::{
    BattleReport, CareBy, ChallengeReport, Event, LootFind, ModelReport, advance_problem,
    care_price, check_dice, field_check, forgettable, inconsistent, is_ammunition,
    learnable_skills, loot_find, raisable, remove_dead, retire_or_remove, sale_price,
    skill_problem, sum,
};
use super::tables::{self, Challenge, Goods, Injury, LevelKind, Medicine, Scenario, Wound};
use super::{CampaignError, CampaignModel, CampaignState, MAX_XP, forbid};
use crate::equipment::SpecialItem;
use crate::profile::{Characteristic, level_for_xp};
use crate::skills::{Category, Skill};
use crate::warband::{self, Archetype};

impl CampaignState {
    /// Adds credits; a hand-edited log can never overflow them.
    pub(crate) fn earn(&mut self, amount: u32) -> Result<(), CampaignError> {
        self.credits = self
            .credits
            .checked_add(amount)
            .ok_or_else(|| CampaignError::Forbidden("credits overflow".into()))?;
        Ok(())
    }

    /// Apply one event. On error the state may be partly changed: callers
    /// apply to a copy (replay stops at the first error anyway).
    pub fn apply(&mut self, e: &Event) -> Result<(), CampaignError> {
        match e {
            Event::Battle {
                number,
                report,
                dice: _,
            } => self.apply_battle(*number, report),
            Event::Income { amount, .. } => self.earn(*amount),
            Event::Loot {
                dice,
                find,
                pick,
                sell,
                note: _,
            } => self.apply_loot(dice, *find, *pick, *sell),
            Event::InjuryRoll {
                model,
                dice,
                result,
            } => self.apply_injury_roll(model, dice, *result),
            Event::Care {
                model,
                by,
                dice,
                result,
            } => self.apply_care(model, *by, *dice, *result),
            Event::GhostCatcher { model } => self.apply_ghost_catcher(model),
            Event::InjuryResolved {
                model,
                wound,
                forget,
            } => self.apply_resolved(model, *wound, *forget),
            Event::Xp { model, amount, .. } => self.apply_xp(model, *amount),
            Event::LevelRoll {
                model,
                dice,
                result,
            } => self.apply_level_roll(model, dice, *result),
            Event::Advance {
                model,
                characteristic,
                skill,
                free_trick,
            } => self.apply_advance(model, *characteristic, *skill, *free_trick),
            Event::Purchase { action } => self.apply_purchase(action),
            Event::Trade { .. } => self.apply_trade(),
        }
    }

    /// A loot roll: the find must follow from the dice; it is sold or stashed.
    fn apply_loot(
        &mut self,
        dice: &[u8],
        find: LootFind,
        pick: Option<Goods>,
        sell: bool,
    ) -> Result<(), CampaignError> {
        check_dice(dice)?;
        let f = loot_find(dice, pick).map_err(CampaignError::Forbidden)?;
        if f != find {
            return inconsistent(format!("{find:?}"), format!("{f:?}"));
        }
        match f {
            LootFind::Technology(v) => {
                if !sell {
                    return forbid("technologies are always sold");
                }
                self.earn(sale_price(self, v))?;
            }
            LootFind::Goods(g) if sell => match g.value() {
                Some(v) => self.earn(sale_price(self, v))?,
                None => return forbid(format!("`{g}` cannot be sold")),
            },
            LootFind::Goods(g) => self.put_in_stash(g),
        }
        Ok(())
    }

    /// An injury roll: the result must follow from the dice; one per break.
    fn apply_injury_roll(
        &mut self,
        model: &str,
        dice: &[u8; 2],
        result: Injury,
    ) -> Result<(), CampaignError> {
        check_dice(dice)?;
        let r = tables::injury(sum(*dice));
        if r != result {
            return inconsistent(result, r);
        }
        let m = self.model_mut(model)?;
        if m.injury.is_some() {
            return forbid(format!("{model} already rolled for injuries"));
        }
        m.injury = Some(super::PendingInjury {
            result: r,
            cared: false,
        });
        m.needs_care = r.needs_care();
        Ok(())
    }

    /// A ghost-catcher from the stash turns a dying model's injury into light wounds.
    fn apply_ghost_catcher(&mut self, model: &str) -> Result<(), CampaignError> {
        let p = self.model(model)?.injury.clone();
        match p {
            Some(p) if matches!(p.result, Injury::Death | Injury::BadlyWounded) => {}
            _ => {
                return forbid(format!("{model} is not dying: no use for a ghost-catcher"));
            }
        }
        self.take_from_stash(Goods::Medicine(Medicine::GhostCatcher))?;
        self.model_mut(model)?.injury = Some(super::PendingInjury {
            result: Injury::LightWounds,
            cared: true,
        });
        Ok(())
    }

    /// Experience for a model (never a pet), capped at [`MAX_XP`].
    fn apply_xp(&mut self, model: &str, amount: u32) -> Result<(), CampaignError> {
        let m = self.model_mut(model)?;
        if m.entry.archetype == Archetype::Pet {
            return forbid(format!("{model} is a pet and gains no experience"));
        }
        m.xp = m.xp.saturating_add(amount).min(MAX_XP);
        Ok(())
    }

    /// A level roll: the kind must follow from the dice, and a new level be due.
    fn apply_level_roll(
        &mut self,
        model: &str,
        dice: &[u8; 2],
        result: LevelKind,
    ) -> Result<(), CampaignError> {
        check_dice(dice)?;
        let r = tables::level(sum(*dice));
        if r != result {
            return inconsistent(format!("{result:?}"), format!("{r:?}"));
        }
        let m = self.model_mut(model)?;
        if m.level_roll.is_some() {
            return forbid(format!("{model} has a level roll to spend first"));
        }
        if m.levels >= level_for_xp(m.xp) {
            return forbid(format!("{model} has no new level ({} XP)", m.xp));
        }
        m.level_roll = Some(r);
        Ok(())
    }

    /// Trading starts only once every injury and level roll is finished.
    fn apply_trade(&self) -> Result<(), CampaignError> {
        if let Some(m) = self
            .models
            .iter()
            .find(|m| m.injury.is_some() || m.level_roll.is_some())
        {
            return forbid(format!(
                "{} has an unfinished injury or level: finish the post-battle sequence first",
                m.name()
            ));
        }
        Ok(())
    }

    /// A battle report: checked against the warband and the scenario, then
    /// grenades struck off, ammunition spent and the break's marks cleared.
    fn apply_battle(&mut self, number: u32, r: &BattleReport) -> Result<(), CampaignError> {
        self.check_battle_start(number)?;
        self.check_volunteers(r)?;
        check_object(r)?;
        self.check_model_reports(r)?;
        self.check_challenges(r)?;
        self.finish_battle(number, r)
    }

    /// The battle is the next one and the last break is finished.
    fn check_battle_start(&self, number: u32) -> Result<(), CampaignError> {
        if number != self.battles + 1 {
            return forbid(format!(
                "battle number {number}, expected {}",
                self.battles + 1
            ));
        }
        for m in &self.models {
            if m.injury.is_some() || m.level_roll.is_some() {
                return forbid(format!(
                    "{} has an unfinished injury or level from the last battle",
                    m.name()
                ));
            }
        }
        field_check(self)
    }

    /// Volunteers need the opponent's strength and fit its advantage.
    fn check_volunteers(&self, r: &BattleReport) -> Result<(), CampaignError> {
        if r.volunteers > 0 {
            let Some(opp) = r.opponent_strength else {
                return forbid(
                    "volunteers need `opponent_strength`: they come only against a stronger warband",
                );
            };
            let own = self.strength();
            let allowed = warband::volunteers(own, opp);
            if r.volunteers > allowed {
                return forbid(format!(
                    "{} volunteers, at most {allowed} (strength {own} against {opp}: one per full {} points of advantage)",
                    r.volunteers,
                    warband::VOLUNTEER_STEP
                ));
            }
        }
        Ok(())
    }

    /// Each reported model, in order: known, listed once, able to fight, and
    /// doing only what the scenario and its state allow.
    fn check_model_reports(&self, r: &BattleReport) -> Result<(), CampaignError> {
        let mut seen: Vec<&str> = Vec::new();
        for mr in &r.models {
            let m = self.model(&mr.name)?;
            if m.entry.archetype == Archetype::Pet && (mr.markers > 0 || mr.object) {
                return forbid(format!(
                    "{} is a pet: pets cannot pick up markers or the object",
                    mr.name
                ));
            }
            if seen.contains(&mr.name.as_str()) {
                return forbid(format!("{} is listed twice in the report", mr.name));
            }
            seen.push(&mr.name);
            if m.in_stash {
                return forbid(format!("{} is in the stash and did not fight", mr.name));
            }
            if m.misses_next {
                return forbid(format!(
                    "{} is recovering from a wound and misses this battle",
                    mr.name
                ));
            }
            check_model_deeds(r.scenario, mr)?;
            check_grenades(m, mr)?;
        }
        Ok(())
    }

    /// At most two distinct challenges, each naming a model only where it
    /// gives experience, and no fireworks only with a trick user fielded.
    fn check_challenges(&self, r: &BattleReport) -> Result<(), CampaignError> {
        if r.challenges.len() > 2 {
            return forbid(format!(
                "{} challenges, at most two per battle",
                r.challenges.len()
            ));
        }
        if let [a, b] = r.challenges.as_slice()
            && a.id == b.id
        {
            return forbid(format!("challenge {} is listed twice", a.id));
        }
        for c in &r.challenges {
            self.check_challenge(r, c)?;
        }
        if r.challenges.iter().any(|c| c.id == Challenge::NoFireworks)
            && !self.fielded().any(|m| {
                !m.misses_next
                    && m.entry
                        .skills
                        .iter()
                        .any(|s| s.category() == Category::Trick)
            })
        {
            return forbid(
                "challenge no_fireworks needs a fielded model that knows technomancer tricks",
            );
        }
        Ok(())
    }

    /// One challenge: the model it names (if any) fought, is no pet, stayed
    /// on its feet where needed and is a specialist where needed.
    fn check_challenge(&self, r: &BattleReport, c: &ChallengeReport) -> Result<(), CampaignError> {
        match (&c.model, c.id.reward().0) {
            (None, tables::ChallengeXp::None) => {}
            (Some(_), tables::ChallengeXp::None) => {
                return forbid(format!(
                    "challenge {} gives no experience: name no model",
                    c.id
                ));
            }
            (None, _) => {
                return forbid(format!(
                    "challenge {} needs the model that gets the experience",
                    c.id
                ));
            }
            (Some(n), kind) => {
                let m = self.model(n)?;
                if m.in_stash || m.misses_next {
                    return forbid(format!("{n} did not fight this battle"));
                }
                if m.entry.archetype == Archetype::Pet {
                    return forbid(format!(
                        "challenge {}: {n} is a pet and gains no experience",
                        c.id
                    ));
                }
                let taken_out = r.models.iter().any(|x| &x.name == n && x.out_of_action);
                if taken_out
                    && matches!(
                        c.id,
                        Challenge::Predator
                            | Challenge::Pacifist
                            | Challenge::Courier
                            | Challenge::Hunt
                    )
                {
                    return forbid(format!(
                        "challenge {}: {n} was taken out, and this challenge needs it on its feet to the end",
                        c.id
                    ));
                }
                if kind == tables::ChallengeXp::OneSpecialist && !m.entry.archetype.is_specialist()
                {
                    return forbid(format!("challenge {}: {n} is not a specialist", c.id));
                }
            }
        }
        Ok(())
    }

    /// After a valid report: grenades thrown struck off, ammunition of the
    /// fighters spent, the break's marks cleared, the battle counted.
    fn finish_battle(&mut self, number: u32, r: &BattleReport) -> Result<(), CampaignError> {
        for mr in &r.models {
            let m = self.model_mut(&mr.name)?;
            for g in &mr.used {
                if let Some(i) = m.entry.items.iter().position(|x| x == g) {
                    m.entry.items.remove(i);
                }
            }
        }
        for m in &mut self.models {
            // Ammunition lasts one battle: what the fighters carried is spent.
            if !m.in_stash && !m.misses_next {
                m.entry.items.retain(|i| !is_ammunition(*i));
            }
            m.misses_next = false;
            m.needs_care = false;
            m.advanced.clear();
        }
        self.tables_used.clear();
        self.battles = number;
        Ok(())
    }

    fn apply_care(
        &mut self,
        model: &str,
        by: CareBy,
        dice: Option<[u8; 2]>,
        result: Injury,
    ) -> Result<(), CampaignError> {
        let p = self.model(model)?.injury.clone().ok_or_else(|| {
            CampaignError::Forbidden(format!("{model} has no injury to care for"))
        })?;
        if p.cared {
            return forbid(format!(
                "{model} already had medical care (no care for the care's result)"
            ));
        }
        let base = p.result.care_cost().ok_or_else(|| {
            CampaignError::Forbidden(format!("no medical care for `{}`", p.result))
        })?;
        let expected = match by {
            CareBy::Credits | CareBy::CombatMedkit => {
                if by == CareBy::Credits {
                    let cost = care_price(self, base);
                    self.pay(&format!("medical care for {model}"), cost)?;
                } else {
                    self.take_from_stash(Goods::Medicine(Medicine::CombatMedkit))?;
                }
                if p.result == Injury::Amnesia {
                    if dice.is_some() {
                        return forbid("care for amnesia needs no roll");
                    }
                    Injury::LightWounds
                } else {
                    let d = dice.ok_or_else(|| {
                        CampaignError::Forbidden("medical care needs its reroll".into())
                    })?;
                    check_dice(&d)?;
                    tables::injury(sum(d))
                }
            }
            CareBy::SurgicalAutomaton | CareBy::MedicalNanobots => {
                if dice.is_some() {
                    return forbid("a medicine heals without a roll");
                }
                let (med, r) = if by == CareBy::SurgicalAutomaton {
                    (Medicine::SurgicalAutomaton, Injury::LightWounds)
                } else {
                    (Medicine::MedicalNanobots, Injury::LessonLearnt)
                };
                self.take_from_stash(Goods::Medicine(med))?;
                r
            }
        };
        if expected != result {
            return inconsistent(result, expected);
        }
        self.model_mut(model)?.injury = Some(super::PendingInjury {
            result,
            cared: true,
        });
        Ok(())
    }

    fn apply_resolved(
        &mut self,
        model: &str,
        wound: Option<Wound>,
        forget: Option<Skill>,
    ) -> Result<(), CampaignError> {
        let m = self.model(model)?;
        let p = m
            .injury
            .clone()
            .ok_or_else(|| CampaignError::Forbidden(format!("{model} has no injury to resolve")))?;
        if wound.is_some() && p.result != Injury::SeriousInjury {
            return forbid(format!(
                "{model}: a wound is chosen only for a serious injury"
            ));
        }
        if forget.is_some() && p.result != Injury::Amnesia {
            return forbid(format!("{model}: a skill is forgotten only with amnesia"));
        }
        match p.result {
            Injury::Death | Injury::BadlyWounded => return remove_dead(self, model),
            Injury::SeriousInjury => {
                let w = wound.ok_or_else(|| {
                    CampaignError::Forbidden(format!("{model}: choose the lasting wound"))
                })?;
                if m.wounds.contains(&w) {
                    return forbid(format!("{model} already has `{w}`"));
                }
                let retire = m.wounds.len() + 1 >= tables::WOUNDS_TO_RETIRE;
                let mm = self.model_mut(model)?;
                mm.wounds.push(w);
                mm.misses_next = true;
                mm.injury = None;
                if retire {
                    return retire_or_remove(self, model, true);
                }
                return Ok(());
            }
            Injury::Amnesia => {
                let can = forgettable(m);
                match forget {
                    None if can.is_empty() => {}
                    None => return forbid(format!("{model}: choose the skill to forget")),
                    Some(s) if can.contains(&s) => {
                        let mm = self.model_mut(model)?;
                        mm.entry.skills.retain(|&k| k != s);
                        // Tricks are lost with the skill that allows them.
                        if s == Skill::TechnomancerTricks {
                            mm.entry.skills.retain(|k| k.category() != Category::Trick);
                        }
                        if s == Skill::Hiding {
                            mm.entry.skills.retain(|&k| k != Skill::Sneaking);
                        }
                    }
                    Some(s) => return forbid(format!("{model} cannot forget `{s}`")),
                }
            }
            Injury::LightWounds => {}
            Injury::LessonLearnt => {
                let mm = self.model_mut(model)?;
                if mm.entry.archetype != Archetype::Pet {
                    mm.xp = mm.xp.saturating_add(1).min(MAX_XP);
                }
            }
        }
        self.model_mut(model)?.injury = None;
        Ok(())
    }

    fn apply_advance(
        &mut self,
        model: &str,
        c: Option<Characteristic>,
        skill: Option<Skill>,
        free_trick: Option<Skill>,
    ) -> Result<(), CampaignError> {
        let m = self.model(model)?.clone();
        let kind = m.level_roll.ok_or_else(|| {
            CampaignError::Forbidden(format!("{model} has no level roll to spend"))
        })?;
        let mut t = m.clone();
        match (c, skill) {
            (Some(_), Some(_)) => {
                return forbid("one level: a characteristic or a skill, not both");
            }
            (Some(c), None) => {
                if kind == LevelKind::SkillOnly {
                    return forbid(format!("{model}'s level roll allows a skill only"));
                }
                if let Some(p) = advance_problem(&m, c) {
                    return forbid(format!("{model}: {p}"));
                }
                t.entry.advances.push(c);
                t.advanced.push(c);
            }
            (None, Some(s)) => {
                if let Some(p) = skill_problem(&m, s) {
                    return forbid(format!("{model}: {p}"));
                }
                t.entry.skills.push(s);
            }
            (None, None) => {
                let chars = if kind == LevelKind::SkillOnly {
                    Vec::new()
                } else {
                    raisable(&m)
                };
                if !chars.is_empty() || !learnable_skills(&m).is_empty() {
                    return forbid(format!(
                        "{model}: a level may be left unspent only when nothing can be learned"
                    ));
                }
            }
        }
        if let Some(tr) = free_trick {
            if skill != Some(Skill::TechnomancerTricks) || tr.category() != Category::Trick {
                return forbid("a free trick comes only with Technomancer tricks");
            }
            if let Some(p) = skill_problem(&t, tr) {
                return forbid(format!("{model}: {p}"));
            }
            t.entry.skills.push(tr);
        }
        t.levels += 1;
        t.level_roll = None;
        *self.model_mut(model)? = t;
        Ok(())
    }
}

/// The interception object: carried only in interception, by at most two.
fn check_object(r: &BattleReport) -> Result<(), CampaignError> {
    let carriers = r.models.iter().filter(|m| m.object).count();
    if carriers > 0 && r.scenario != Scenario::Interception {
        return forbid("`object` only exists in interception");
    }
    if carriers > 2 {
        return forbid(format!(
            "{carriers} models carried the object, at most two carry it together"
        ));
    }
    Ok(())
}

/// What one model did fits the scenario, and a model taken out carried nothing off.
fn check_model_deeds(scenario: Scenario, mr: &ModelReport) -> Result<(), CampaignError> {
    if mr.escaped && scenario != Scenario::Pride {
        return forbid(format!("{}: `escaped` only counts in pride", mr.name));
    }
    if mr.markers > 0 && scenario == Scenario::Pride {
        return forbid(format!(
            "{}: pride has no technology markers on the table",
            mr.name
        ));
    }
    if mr.out_of_action && (mr.markers > 0 || mr.object || mr.escaped) {
        return forbid(format!(
            "{}: a model taken out drops what it carries and never left the table safely (no markers, object or escape)",
            mr.name
        ));
    }
    Ok(())
}

/// Only grenades are reported used, and no more of each than the model carries.
fn check_grenades(m: &CampaignModel, mr: &ModelReport) -> Result<(), CampaignError> {
    for g in &mr.used {
        if !matches!(
            g,
            SpecialItem::SmokeGrenade | SpecialItem::StunGrenade | SpecialItem::FragGrenade
        ) {
            return forbid(format!(
                "{}: only grenades are used up (`{g}` is not one)",
                mr.name
            ));
        }
        let carried = m.entry.items.iter().filter(|&&i| i == *g).count();
        let thrown = mr.used.iter().filter(|&&i| i == *g).count();
        if thrown > carried {
            return forbid(format!(
                "{} threw {thrown} `{g}` but carries {carried}",
                mr.name
            ));
        }
    }
    Ok(())
}
