//! What a warband check can find wrong, and how each problem reads in Polish and English.

use super::*;

/// What a rule check found, with the numbers involved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// More models than allowed.
    TooManyModels { count: usize, max: usize },
    /// Not exactly one captain.
    CaptainCount { count: usize },
    /// More than two veterans.
    TooManyVeterans { count: usize },
    /// The captain also marked as veteran.
    CaptainAndVeteran,
    /// A second specialist of one archetype.
    DuplicateSpecialist { archetype: Archetype },
    /// Over budget.
    OverBudget { cost: u32, budget: u32 },
    /// Two models share a name.
    DuplicateName,
    /// Specialist without a base.
    BaseRequired,
    /// Base that is not swordsman, officer or trooper.
    BadBase { base: Archetype },
    /// A base given to a non-specialist.
    BaseNotAllowed,
    /// Weapon choice missing or wrong.
    WeaponChoice { detail: WeaponIssue },
    /// Option not in the archetype's table.
    OptionNotOffered { item: Item },
    /// Option taken twice.
    DuplicateOption { item: Item },
    /// Two options that share a hand or a body.
    OptionConflict { a: Item, b: Item },
    /// Specialist may not take this.
    SpecialistForbidden { item: Item },
    /// Small models may not take sarcophagi or heavy weapons.
    SmallForbidden { what: String },
    /// Not climbing gear or a jetpack.
    NotGear { item: Item },
    /// Climbing gear in a sarcophagus.
    GearForbidden { item: Item },
    /// A special item the model cannot use.
    ItemForbidden { item: SpecialItem },
    /// A modification with no free weapon or armour it fits (one per item).
    ModNotFit { item: Modification },
    /// More than two special items.
    SpecialItems { count: usize },
    /// Pets carry nothing and learn nothing.
    PetNoEquipment,
    /// Pets gain no experience.
    PetNoExperience,
    /// Pets cannot be small models.
    PetNotSmall,
    /// More advances and skills than levels.
    TooManyAdvances { used: usize, levels: usize },
    /// A skill the model may not learn.
    SkillNotAllowed { skill: Skill },
    /// A skill listed twice.
    DuplicateSkill { skill: Skill },
    /// More advances of a characteristic than allowed.
    AdvanceLimit {
        what: Characteristic,
        count: usize,
        max: i32,
    },
    /// One characteristic advanced twice in one break between games.
    AdvanceTwice { what: Characteristic },
    /// A third advance needs Swordmaster / Marksman.
    AdvanceNeedsSkill { what: Characteristic, skill: Skill },
    /// Small models never advance Speed or Resilience.
    SmallNoAdvance { what: Characteristic },
    /// An implanted skill (B134) without a Wszczep umiejętności.
    ImplantWithoutItem { skill: Skill },
    /// An implanted skill (B134) that is not a Speed skill.
    ImplantNotSpeed { skill: Skill },
}

/// Details of a weapon-choice problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeaponIssue {
    /// The archetype needs a choice among these.
    Missing(Vec<Item>),
    /// Not offered to the archetype.
    NotOffered(Item),
    /// Too many picks.
    TooMany { count: usize, max: usize },
}

impl Problem {
    /// Stable rule id.
    pub fn rule(&self) -> &'static str {
        use Problem::*;
        match self {
            TooManyModels { .. } => "too_many_models",
            CaptainCount { .. } => "captain_count",
            TooManyVeterans { .. } => "too_many_veterans",
            CaptainAndVeteran => "captain_and_veteran",
            DuplicateSpecialist { .. } => "duplicate_specialist",
            OverBudget { .. } => "over_budget",
            DuplicateName => "duplicate_name",
            BaseRequired => "base_required",
            BadBase { .. } => "bad_base",
            BaseNotAllowed => "base_not_allowed",
            WeaponChoice { .. } => "weapon_choice",
            OptionNotOffered { .. } => "option_not_offered",
            DuplicateOption { .. } => "duplicate_option",
            OptionConflict { .. } => "option_conflict",
            SpecialistForbidden { .. } => "specialist_forbidden",
            SmallForbidden { .. } => "small_forbidden",
            NotGear { .. } => "not_gear",
            GearForbidden { .. } => "gear_forbidden",
            ItemForbidden { .. } => "item_forbidden",
            ModNotFit { .. } => "mod_not_fit",
            SpecialItems { .. } => "special_items_limit",
            PetNoEquipment => "pet_no_equipment",
            PetNoExperience => "pet_no_experience",
            PetNotSmall => "pet_not_small",
            TooManyAdvances { .. } => "too_many_advances",
            SkillNotAllowed { .. } => "skill_not_allowed",
            DuplicateSkill { .. } => "duplicate_skill",
            AdvanceLimit { .. } => "advance_limit",
            AdvanceTwice { .. } => "advance_twice",
            AdvanceNeedsSkill { .. } => "advance_needs_skill",
            SmallNoAdvance { .. } => "small_no_advance",
            ImplantWithoutItem { .. } => "implant_without_item",
            ImplantNotSpeed { .. } => "implant_not_speed",
        }
    }

    /// Human message with the numbers.
    pub fn message(&self, lang: Lang) -> String {
        use Problem::*;
        let l = |pl: String, en: String| if lang == Lang::Pl { pl } else { en };
        match self {
            TooManyModels { count, max } => l(
                format!("{count} modeli, najwyżej {max}"),
                format!("{count} models, at most {max}"),
            ),
            CaptainCount { count } => l(
                format!("{count} kapitanów, wymagany dokładnie 1"),
                format!("{count} captains, exactly 1 required"),
            ),
            TooManyVeterans { count } => l(
                format!("{count} weteranów, najwyżej {MAX_VETERANS}"),
                format!("{count} veterans, at most {MAX_VETERANS}"),
            ),
            CaptainAndVeteran => l(
                "kapitan nie może być jednocześnie weteranem".into(),
                "the captain cannot also be a veteran".into(),
            ),
            DuplicateSpecialist { archetype } => l(
                format!(
                    "drugi model archetypu {}, najwyżej 1 specjalista danego rodzaju",
                    archetype.name(lang)
                ),
                format!(
                    "a second {}, at most 1 specialist of each kind",
                    archetype.name(lang)
                ),
            ),
            OverBudget { cost, budget } => l(
                format!("koszt {cost} tk, budżet {budget} tk"),
                format!("cost {cost} tk, budget {budget} tk"),
            ),
            DuplicateName => l(
                "nazwa modelu powtarza się".into(),
                "model name used twice".into(),
            ),
            BaseRequired => l(
                "specjalista wymaga base = swordsman | officer | trooper".into(),
                "a specialist needs base = swordsman | officer | trooper".into(),
            ),
            BadBase { base } => l(
                format!("base `{base}` niedozwolone (swordsman, officer, trooper)"),
                format!("base `{base}` not allowed (swordsman, officer, trooper)"),
            ),
            BaseNotAllowed => l(
                "base dotyczy tylko specjalistów".into(),
                "base applies to specialists only".into(),
            ),
            WeaponChoice { .. }
            | OptionNotOffered { .. }
            | DuplicateOption { .. }
            | OptionConflict { .. }
            | SpecialistForbidden { .. }
            | SmallForbidden { .. }
            | NotGear { .. }
            | GearForbidden { .. }
            | ItemForbidden { .. }
            | ModNotFit { .. }
            | SpecialItems { .. } => self.gear_message(lang),
            PetNoEquipment
            | PetNoExperience
            | PetNotSmall
            | TooManyAdvances { .. }
            | SkillNotAllowed { .. }
            | ImplantWithoutItem { .. }
            | ImplantNotSpeed { .. }
            | DuplicateSkill { .. }
            | AdvanceLimit { .. }
            | AdvanceTwice { .. }
            | AdvanceNeedsSkill { .. }
            | SmallNoAdvance { .. } => self.model_message(lang),
        }
    }

    /// The message of a problem with weapons, options, gear or items ([`Problem::message`]).
    fn gear_message(&self, lang: Lang) -> String {
        use Problem::*;
        let l = |pl: String, en: String| if lang == Lang::Pl { pl } else { en };
        match self {
            WeaponChoice { detail } => match detail {
                WeaponIssue::Missing(v) => {
                    let ids: Vec<_> = v.iter().map(|i| i.id()).collect();
                    l(
                        format!("brak wyboru broni: jedna z {}", ids.join(", ")),
                        format!("weapon choice missing: one of {}", ids.join(", ")),
                    )
                }
                WeaponIssue::NotOffered(i) => l(
                    format!("broń `{i}` nie jest dostępna dla tego archetypu"),
                    format!("weapon `{i}` is not offered to this archetype"),
                ),
                WeaponIssue::TooMany { count, max } => l(
                    format!("{count} wybranych broni, najwyżej {max}"),
                    format!("{count} weapons chosen, at most {max}"),
                ),
            },
            OptionNotOffered { item } => l(
                format!("opcja `{item}` nie występuje w tabeli tego archetypu"),
                format!("option `{item}` is not in this archetype's table"),
            ),
            DuplicateOption { item } => l(
                format!("opcja `{item}` kupiona dwa razy"),
                format!("option `{item}` bought twice"),
            ),
            OptionConflict { a, b } => l(
                format!("`{a}` i `{b}` wykluczają się"),
                format!("`{a}` and `{b}` exclude each other"),
            ),
            SpecialistForbidden { item } => l(
                format!("ten specjalista nie może wybrać `{item}`"),
                format!("this specialist may not take `{item}`"),
            ),
            SmallForbidden { what } => l(
                format!("mały cwaniak nie może mieć `{what}`"),
                format!("a small model may not have `{what}`"),
            ),
            NotGear { item } => l(
                format!("`{item}` nie jest sprzętem (climbing_gear, jetpack)"),
                format!("`{item}` is not gear (climbing_gear, jetpack)"),
            ),
            GearForbidden { item } => l(
                format!("`{item}` niedostępny w sarkofagu bojowym"),
                format!("`{item}` is not allowed in a battle sarcophagus"),
            ),
            ItemForbidden { item } => l(
                format!("`{item}` nie pasuje do uzbrojenia lub pancerza modelu"),
                format!("`{item}` does not suit the model's weapons or armour"),
            ),
            ModNotFit { item } => l(
                format!(
                    "modyfikacja `{item}` nie ma wolnego przedmiotu, do którego pasuje (jedna na broń lub pancerz)"
                ),
                format!(
                    "modification `{item}` has no free item it fits (one per weapon or armour)"
                ),
            ),
            SpecialItems { count } => l(
                format!("{count} przedmiotów specjalnych, najwyżej {MAX_SPECIAL_ITEMS}"),
                format!("{count} special items, at most {MAX_SPECIAL_ITEMS}"),
            ),
            _ => String::new(),
        }
    }

    /// The message of a problem with a pet, or a model's advances and skills ([`Problem::message`]).
    fn model_message(&self, lang: Lang) -> String {
        use Problem::*;
        let l = |pl: String, en: String| if lang == Lang::Pl { pl } else { en };
        match self {
            PetNoEquipment => l(
                "zwierzak nie ma ekwipunku ani umiejętności".into(),
                "a pet has no equipment and no skills".into(),
            ),
            PetNoExperience => l(
                "zwierzak nie może być kapitanem ani weteranem (nie zdobywa doświadczenia)".into(),
                "a pet cannot be captain or veteran (it gains no experience)".into(),
            ),
            PetNotSmall => l(
                "zwierzak nie może być małym cwaniakiem".into(),
                "a pet cannot be a small model".into(),
            ),
            TooManyAdvances { used, levels } => l(
                format!("{used} rozwinięć i umiejętności, poziomów {levels}"),
                format!("{used} advances and skills, {levels} levels"),
            ),
            SkillNotAllowed { skill } => l(
                format!("umiejętność `{skill}` niedostępna dla tego modelu"),
                format!("skill `{skill}` is not available to this model"),
            ),
            ImplantWithoutItem { skill } => l(
                format!("wszczepiona umiejętność `{skill}` bez przedmiotu `skill_implant`"),
                format!("implanted skill `{skill}` without the item `skill_implant`"),
            ),
            ImplantNotSpeed { skill } => l(
                format!("wszczep daje tylko umiejętność szybkościową, nie `{skill}`"),
                format!("an implant gives only a Speed skill, not `{skill}`"),
            ),
            DuplicateSkill { skill } => l(
                format!("umiejętność `{skill}` podana dwa razy"),
                format!("skill `{skill}` listed twice"),
            ),
            AdvanceLimit { what, count, max } => l(
                format!("{count} rozwinięć cechy {}, najwyżej {max}", what.id()),
                format!("{count} advances of {}, at most {max}", what.id()),
            ),
            AdvanceTwice { what } => l(
                format!(
                    "cecha {} rozwinięta dwa razy w jednej przerwie między grami",
                    what.id()
                ),
                format!("{} advanced twice in one break between games", what.id()),
            ),
            AdvanceNeedsSkill { what, skill } => l(
                format!(
                    "trzecie rozwinięcie {} wymaga umiejętności `{skill}`",
                    what.id()
                ),
                format!("a third {} advance needs the `{skill}` skill", what.id()),
            ),
            SmallNoAdvance { what } => l(
                format!("mały cwaniak nie rozwija cechy {}", what.id()),
                format!("a small model never advances {}", what.id()),
            ),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem of each group (the roster, gear, a model's advances) is
    /// told in its own words in both languages.
    #[test]
    fn each_group_of_problems_has_its_message() {
        let cases = [
            (
                Problem::TooManyModels { count: 9, max: 8 },
                "9 modeli, najwyżej 8",
                "9 models, at most 8",
            ),
            (
                Problem::DuplicateOption { item: Item::Flamer },
                "opcja `flamer` kupiona dwa razy",
                "option `flamer` bought twice",
            ),
            (
                Problem::PetNotSmall,
                "zwierzak nie może być małym cwaniakiem",
                "a pet cannot be a small model",
            ),
            (
                Problem::DuplicateSkill {
                    skill: Skill::Runner,
                },
                "umiejętność `runner` podana dwa razy",
                "skill `runner` listed twice",
            ),
        ];
        for (problem, pl, en) in cases {
            assert_eq!(problem.message(Lang::Pl), pl);
            assert_eq!(problem.message(Lang::En), en);
        }
    }

    /// Every problem is told in both languages: none is sent to a
    /// function that has no words for it (each of `gear_message` and
    /// `model_message` answers an empty line for the others).
    #[test]
    fn every_problem_has_a_message() {
        use Characteristic::Speed;
        use Problem::*;
        let item = Item::Flamer;
        let skill = Skill::Runner;
        let all = [
            TooManyModels { count: 9, max: 8 },
            CaptainCount { count: 2 },
            TooManyVeterans { count: 3 },
            CaptainAndVeteran,
            DuplicateSpecialist {
                archetype: Archetype::Officer,
            },
            OverBudget {
                cost: 600,
                budget: 500,
            },
            DuplicateName,
            BaseRequired,
            BadBase {
                base: Archetype::Pet,
            },
            BaseNotAllowed,
            WeaponChoice {
                detail: WeaponIssue::Missing(vec![item]),
            },
            WeaponChoice {
                detail: WeaponIssue::NotOffered(item),
            },
            WeaponChoice {
                detail: WeaponIssue::TooMany { count: 3, max: 2 },
            },
            OptionNotOffered { item },
            DuplicateOption { item },
            OptionConflict { a: item, b: item },
            SpecialistForbidden { item },
            SmallForbidden { what: "x".into() },
            NotGear { item },
            GearForbidden { item },
            ItemForbidden {
                item: SpecialItem::HighPressureTanks,
            },
            ModNotFit {
                item: Modification::ALL[0],
            },
            SpecialItems { count: 3 },
            PetNoEquipment,
            PetNoExperience,
            PetNotSmall,
            TooManyAdvances { used: 3, levels: 2 },
            SkillNotAllowed { skill },
            DuplicateSkill { skill },
            AdvanceLimit {
                what: Speed,
                count: 3,
                max: 2,
            },
            AdvanceTwice { what: Speed },
            AdvanceNeedsSkill { what: Speed, skill },
            SmallNoAdvance { what: Speed },
            ImplantWithoutItem { skill },
            ImplantNotSpeed { skill },
        ];
        for p in &all {
            for lang in [Lang::Pl, Lang::En] {
                assert!(!p.message(lang).is_empty(), "{p:?} {lang:?}");
            }
        }
    }
}
