//! Skills whose battle effect needs the table (issue #15, slice 2): Ochrona
//! (B105) and Asysta (B102) are told to the odds engine from where models
//! stand; Wymierzony strzał (B108) is an action of its own.

use mortalis_rules::equipment::Item;
use mortalis_rules::skills::Skill;

use super::actions::ShotPlan;
use super::{Battle, Choice};

impl Battle {
    /// Ochrona (B105, ruling R57): target `t` stands within 1" of a
    /// friendly model (not itself) with the skill and a shield, not engaged,
    /// and is not closer to the shooter `s` than that model.
    pub(super) fn protected(&self, s: usize, t: usize) -> bool {
        let (shooter, target) = (&self.models[s], &self.models[t]);
        let from_shooter = self.table.distance(&shooter.body, &target.body);
        self.models.iter().enumerate().any(|(i, p)| {
            i != t
                && p.on_table()
                && p.side == target.side
                && p.skills.contains(&Skill::Protector)
                && p.equipment.contains(&Item::Shield)
                && self.engaged_with(i).is_empty()
                && self.table.distance(&p.body, &target.body) <= 1.0
                && self.table.distance(&shooter.body, &p.body) <= from_shooter
        })
    }

    /// Asysta (B41c, B102): one of the models supporting `fighter` against
    /// `opponent` (its side's other models within 1" of the opponent) has
    /// the skill and is not in a battle sarcophagus.
    pub(super) fn assisted(&self, fighter: usize, opponent: usize) -> bool {
        let (me, opp) = (&self.models[fighter], &self.models[opponent]);
        self.models.iter().enumerate().any(|(i, m)| {
            i != fighter
                && m.on_table()
                && m.side == me.side
                && m.skills.contains(&Skill::Assist)
                && m.armour != mortalis_rules::equipment::Armour::Sarcophagus
                && self.table.distance(&m.body, &opp.body) < 1.0
        })
    }

    /// Wymierzony strzał (B108, R8): a model with the skill that has taken
    /// no action this round may spend both its actions on one Shot whose
    /// every attack roll is three dice, the highest dropped.
    pub fn aimed_plan(&self, s: usize, t: usize) -> Option<ShotPlan> {
        let me = &self.models[s];
        if !me.skills.contains(&Skill::AimedShot) || me.move_slot || me.free_slot {
            return None;
        }
        let mut plan = self.shot_plan(s, t)?;
        plan.query.attacker.skills.push(Skill::AimedShot);
        mortalis_rules::odds::odds(&plan.query).ok()?;
        Some(plan)
    }

    /// The Aimed shots model `m` is offered at `t` (B108).
    pub(super) fn aimed_options(&self, m: usize, t: usize) -> Option<Choice> {
        self.aimed_plan(m, t)
            .map(|_| Choice::AimedShot { target: t })
    }
}
