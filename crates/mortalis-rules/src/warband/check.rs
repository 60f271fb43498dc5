//! Checking a warband: each model against its archetype's rules, then the warband as a
//! whole, building the roster sheet on the way.

use super::*;

fn discounted(cost: u32, small: bool) -> u32 {
    if small { cost * 4 / 5 } else { cost }
}

/// What the later phases of a model's check need from the earlier ones.
struct Loadout {
    /// The soldier table (kit) the model is built from.
    kit: Archetype,
    /// Cost of the kit, the specialist and the options, before any discount.
    cost: u32,
    /// The options bought, each once, in the order given.
    seen: Vec<Item>,
    /// Weapons and other items carried.
    equipment: Vec<Item>,
    /// Armour worn.
    armour: Armour,
    /// Whether any item carried is heavy.
    heavy: bool,
}

impl Loadout {
    /// Whether the option was bought.
    fn has(&self, i: Item) -> bool {
        self.seen.contains(&i)
    }
}

/// Check one model and build its sheet.
fn check_model(m: &ModelEntry, errs: &mut Vec<Problem>) -> ModelSheet {
    let mut sheet = blank_sheet(m);
    if m.captain {
        sheet.special.push(SpecialRule::Captain);
    }
    if m.archetype == Archetype::Pet {
        return pet_sheet(m, sheet, errs);
    }
    if m.veteran {
        sheet.special.push(SpecialRule::Veteran);
    }
    let mut load = soldier_table(m, &mut sheet, errs);
    buy_options(m, &mut load, errs);
    choose_weapons(m, &mut load, errs);
    fit_options(m, &mut load, errs);
    buy_gear(m, &mut load, &mut sheet, errs);
    let (skills, free) = learn_skills(m, &load, errs);
    let profile = take_advances(m, &skills, free, &mut sheet, errs);
    finish_sheet(m, load, skills, profile, sheet, errs)
}

/// The sheet of a model before any check: its name, archetype and base only.
fn blank_sheet(m: &ModelEntry) -> ModelSheet {
    ModelSheet {
        name: m.name.clone(),
        archetype: m.archetype,
        base: m.base,
        profile: Profile::START,
        armoured_resilience: 0,
        armed_fight: 0,
        equipment: Vec::new(),
        armour: Armour::Light,
        cost: 0,
        xp: 0,
        level: 0,
        skills: Vec::new(),
        implant: None,
        special: Vec::new(),
        items: Vec::new(),
        mods: Vec::new(),
        special_items: 0,
    }
}

/// Check a battle pet, which takes no equipment and no experience, and finish its sheet.
fn pet_sheet(m: &ModelEntry, mut sheet: ModelSheet, errs: &mut Vec<Problem>) -> ModelSheet {
    if !(m.weapons.is_empty()
        && m.options.is_empty()
        && m.gear.is_empty()
        && m.items.is_empty()
        && m.mods.is_empty()
        && m.skills.is_empty()
        && m.advances.is_empty())
    {
        errs.push(Problem::PetNoEquipment);
    }
    if m.captain || m.veteran || m.xp > 0 {
        errs.push(Problem::PetNoExperience);
    }
    if m.small {
        errs.push(Problem::PetNotSmall);
    }
    sheet.profile = Profile::PET;
    sheet.armour = Armour::None;
    sheet.cost = PET_COST;
    sheet.armoured_resilience = Profile::PET.resilience;
    sheet.armed_fight = Profile::PET.fight;
    sheet.special.push(SpecialRule::Pet);
    sheet
}

/// Which soldier table (kit) applies, checking a specialist's base, with its cost.
fn soldier_table(m: &ModelEntry, sheet: &mut ModelSheet, errs: &mut Vec<Problem>) -> Loadout {
    let arch = m.archetype;
    let kit = if arch.is_specialist() {
        sheet.special.push(SpecialRule::Specialist);
        match m.base {
            None => {
                errs.push(Problem::BaseRequired);
                Archetype::Swordsman
            }
            Some(b @ (Archetype::Swordsman | Archetype::Officer | Archetype::Trooper)) => b,
            Some(b) => {
                errs.push(Problem::BadBase { base: b });
                Archetype::Swordsman
            }
        }
    } else {
        if m.base.is_some() {
            errs.push(Problem::BaseNotAllowed);
        }
        arch
    };
    Loadout {
        kit,
        cost: kit.cost() + if arch.is_specialist() { arch.cost() } else { 0 },
        seen: Vec::new(),
        equipment: Vec::new(),
        armour: Armour::Light,
        heavy: false,
    }
}

/// The options bought: each offered once, allowed to the model, and not in conflict.
fn buy_options(m: &ModelEntry, load: &mut Loadout, errs: &mut Vec<Problem>) {
    let arch = m.archetype;
    for &o in &m.options {
        if load.seen.contains(&o) {
            errs.push(Problem::DuplicateOption { item: o });
            continue;
        }
        load.seen.push(o);
        match load.kit.options().iter().find(|(i, _)| *i == o) {
            Some((_, price)) => load.cost += price,
            None => errs.push(Problem::OptionNotOffered { item: o }),
        }
        let forbidden = match arch {
            Archetype::Medic | Archetype::Technomancer => {
                matches!(o, Item::Sarcophagus | Item::SniperRifle)
            }
            Archetype::Chaplain => o == Item::SniperRifle,
            _ => false,
        };
        if forbidden {
            errs.push(Problem::SpecialistForbidden { item: o });
        }
        if m.small && o == Item::Sarcophagus {
            errs.push(Problem::SmallForbidden {
                what: o.id().into(),
            });
        }
    }
    for (a, b) in [
        (Item::PoweredArmour, Item::Sarcophagus),
        (Item::ExtraWeapon, Item::Shield),
        (Item::ExtraWeapon, Item::TwoHandedWeapon),
        (Item::Shield, Item::TwoHandedWeapon),
    ] {
        if load.has(a) && load.has(b) {
            errs.push(Problem::OptionConflict { a, b });
        }
    }
}

/// The weapons chosen: the kit's fixed weapons and the right number of its choices.
fn choose_weapons(m: &ModelEntry, load: &mut Loadout, errs: &mut Vec<Problem>) {
    let kit = load.kit;
    let mut equipment: Vec<Item> = kit.fixed_weapons().to_vec();
    let choices = kit.weapon_choices();
    let mut picks: Vec<Item> = Vec::new();
    for &w in &m.weapons {
        if kit.fixed_weapons().contains(&w) {
            continue;
        }
        if choices.contains(&w) {
            picks.push(w);
        } else {
            errs.push(Problem::WeaponChoice {
                detail: WeaponIssue::NotOffered(w),
            });
        }
    }
    let missing = |v: &[Item]| Problem::WeaponChoice {
        detail: WeaponIssue::Missing(v.to_vec()),
    };
    let too_many = |count, max| Problem::WeaponChoice {
        detail: WeaponIssue::TooMany { count, max },
    };
    match kit {
        Archetype::Officer | Archetype::Support | Archetype::Destroyer => match picks.len() {
            0 => errs.push(missing(choices)),
            1 => equipment.push(picks[0]),
            n => errs.push(too_many(n, 1)),
        },
        Archetype::Trooper => {
            if load.has(Item::SniperRifle) {
                if picks.len() > 1 {
                    errs.push(too_many(picks.len(), 1));
                }
                equipment.push(Item::SniperRifle);
            } else {
                match picks.len() {
                    0 => errs.push(missing(choices)),
                    1 => equipment.push(picks[0]),
                    n => errs.push(too_many(n, 1)),
                }
            }
        }
        Archetype::Gunslinger => match picks.len() {
            0 => errs.push(missing(choices)),
            1 => equipment.extend([picks[0], picks[0]]),
            2 => equipment.extend(picks.iter().copied()),
            n => errs.push(too_many(n, 2)),
        },
        Archetype::Paratrooper => {
            let rifles: Vec<Item> = picks.iter().copied().filter(|i| i.is_ranged()).collect();
            let melee: Vec<Item> = picks.iter().copied().filter(|i| !i.is_ranged()).collect();
            match rifles.len() {
                0 => errs.push(missing(&[Item::AssaultRifle, Item::EnergyRifle])),
                1 => equipment.push(rifles[0]),
                n => errs.push(too_many(n, 1)),
            }
            match melee.as_slice() {
                [] | [Item::HandWeapon] => equipment.extend([Item::HandWeapon, Item::ExtraWeapon]),
                [Item::TwoHandedWeapon] => equipment.push(Item::TwoHandedWeapon),
                _ => errs.push(too_many(melee.len(), 1)),
            }
        }
        _ => {}
    }
    load.equipment = equipment;
}

/// The options that change the weapons carried, and the armour worn.
fn fit_options(m: &ModelEntry, load: &mut Loadout, errs: &mut Vec<Problem>) {
    let kit = load.kit;
    if load.has(Item::TwoHandedWeapon) {
        load.equipment.retain(|&i| i != Item::HandWeapon);
        load.equipment.push(Item::TwoHandedWeapon);
    }
    if load.has(Item::ExtraWeapon) {
        // Officers and destroyers have no hand weapon: theirs is bought here.
        if load.equipment.contains(&Item::HandWeapon) {
            load.equipment.push(Item::ExtraWeapon);
        } else {
            load.equipment.push(Item::HandWeapon);
        }
    }
    if load.has(Item::Shield) {
        load.equipment.push(Item::Shield);
    }
    load.armour = if load.has(Item::Sarcophagus) || kit == Archetype::Destroyer {
        Armour::Sarcophagus
    } else if load.has(Item::PoweredArmour) {
        Armour::Powered
    } else {
        Armour::Light
    };
    load.heavy = load.equipment.iter().any(|i| i.is_heavy());
    if m.small && (load.heavy || kit == Archetype::Support || kit == Archetype::Destroyer) {
        errs.push(Problem::SmallForbidden {
            what: kit.id().to_string(),
        });
    }
}

/// Gear, special items and modifications, with their cost and the discounted
/// cost of the model itself.
fn buy_gear(m: &ModelEntry, load: &mut Loadout, sheet: &mut ModelSheet, errs: &mut Vec<Problem>) {
    let armour = load.armour;
    // Gear (special items).
    let mut gear_seen = Vec::new();
    for &g in &m.gear {
        match gear_cost(g) {
            None => errs.push(Problem::NotGear { item: g }),
            Some(_) if gear_seen.contains(&g) => errs.push(Problem::DuplicateOption { item: g }),
            Some(c) => {
                gear_seen.push(g);
                if g == Item::ClimbingGear && armour == Armour::Sarcophagus {
                    errs.push(Problem::GearForbidden { item: g });
                }
                sheet.cost += c;
            }
        }
    }
    for &it in &m.items {
        let needs = it.needs_weapon();
        let unusable = (!needs.is_empty() && !needs.iter().any(|w| load.equipment.contains(w)))
            || (it == SpecialItem::MaskingProtocol && armour == Armour::Sarcophagus);
        if unusable {
            errs.push(Problem::ItemForbidden { item: it });
        }
        sheet.cost += it.price();
    }
    // Modifications: each replaces one item by its special counterpart, so
    // every modification needs its own fitting weapon or armour (at most one
    // per item; the second weapon takes none, ruling R30b).
    let mut slots: Vec<Item> = load
        .equipment
        .iter()
        .copied()
        .filter(|&i| i != Item::ExtraWeapon)
        .collect();
    slots.extend(armour.item());
    for (k, ok) in assign_mods(&m.mods, &slots).into_iter().enumerate() {
        if !ok {
            errs.push(Problem::ModNotFit { item: m.mods[k] });
        }
    }
    for &md in &m.mods {
        sheet.cost += md.price();
    }
    sheet.mods = m.mods.clone();
    let carried = gear_seen.len() + m.items.len();
    if carried > MAX_SPECIAL_ITEMS {
        errs.push(Problem::SpecialItems { count: carried });
    }
    sheet.items = m.items.clone();
    sheet.special_items = gear_seen.iter().filter(|&&g| g == Item::Jetpack).count() + m.items.len();
    load.equipment.extend(gear_seen.iter().copied());
    sheet.cost += discounted(load.cost, m.small);
}

/// The skills learned, each once and allowed to the model, with how many of
/// them come free.
fn learn_skills(m: &ModelEntry, load: &Loadout, errs: &mut Vec<Problem>) -> (Vec<Skill>, usize) {
    let arch = m.archetype;
    let armour = load.armour;
    let mut skills: Vec<Skill> = Vec::new();
    let mut free = 0;
    if arch == Archetype::Technomancer {
        skills.push(Skill::TechnomancerTricks);
    }
    for &s in &m.skills {
        if skills.contains(&s) {
            if !(s == Skill::TechnomancerTricks && arch == Archetype::Technomancer) {
                errs.push(Problem::DuplicateSkill { skill: s });
            }
            continue;
        }
        skills.push(s);
    }
    let knows_tricks = skills.contains(&Skill::TechnomancerTricks);
    if knows_tricks && skills.iter().any(|s| s.category() == Category::Trick) {
        free += 1; // the first trick comes with the skill
    }
    if arch == Archetype::Technomancer {
        free += 1; // the skill itself is innate
    }
    let has_ranged = load.equipment.iter().any(|i| i.is_ranged());
    let shield = load.equipment.contains(&Item::Shield);
    for &s in &skills {
        let ok = match s.category() {
            Category::Speed => armour != Armour::Sarcophagus && !load.heavy,
            Category::Combat => match s {
                Skill::Assist => armour != Armour::Sarcophagus,
                Skill::Protector => shield,
                _ => true,
            },
            Category::Shooting => has_ranged,
            Category::Knowledge => arch.is_specialist(),
            Category::Rogue => {
                armour == Armour::Light
                    && !shield
                    && !arch.is_specialist()
                    && (s != Skill::Sneaking || skills.contains(&Skill::Hiding))
            }
            Category::Trick => arch.is_specialist() && knows_tricks,
            Category::HeroicPlay => false,
        };
        if !ok {
            errs.push(Problem::SkillNotAllowed { skill: s });
        }
    }
    (skills, free)
}

/// Experience and level, and the characteristic advances taken, within the
/// levels left after the skills: the profile they make.
fn take_advances(
    m: &ModelEntry,
    skills: &[Skill],
    free: usize,
    sheet: &mut ModelSheet,
    errs: &mut Vec<Problem>,
) -> Profile {
    let xp = m.xp
        + if m.captain {
            CAPTAIN_XP
        } else if m.veteran {
            VETERAN_XP
        } else {
            0
        };
    let levels = level_for_xp(xp);
    let mut profile = if m.small {
        Profile::START.small()
    } else {
        Profile::START
    };
    for c in [
        Characteristic::Speed,
        Characteristic::Fight,
        Characteristic::Accuracy,
        Characteristic::Resilience,
    ] {
        let count = m.advances.iter().filter(|&&a| a == c).count();
        if count == 0 {
            continue;
        }
        if m.small && matches!(c, Characteristic::Speed | Characteristic::Resilience) {
            errs.push(Problem::SmallNoAdvance { what: c });
        }
        if count as i32 > c.max_advances() {
            errs.push(Problem::AdvanceLimit {
                what: c,
                count,
                max: c.max_advances(),
            });
        } else if count > 1 {
            // All starting advances are taken in the same break between games.
            errs.push(Problem::AdvanceTwice { what: c });
        }
        if count >= 3 {
            let need = if c == Characteristic::Fight {
                Skill::Swordmaster
            } else {
                Skill::Marksman
            };
            if !skills.contains(&need) {
                errs.push(Problem::AdvanceNeedsSkill {
                    what: c,
                    skill: need,
                });
            }
        }
        profile.add(c, count as i32);
    }
    let used = (skills.len() + m.advances.len()).saturating_sub(free);
    if used > levels {
        errs.push(Problem::TooManyAdvances { used, levels });
    }
    sheet.xp = xp;
    sheet.level = levels;
    profile
}

/// The special rules, the armed and armoured numbers and the skill implant:
/// the finished sheet.
fn finish_sheet(
    m: &ModelEntry,
    load: Loadout,
    skills: Vec<Skill>,
    mut profile: Profile,
    mut sheet: ModelSheet,
    errs: &mut Vec<Problem>,
) -> ModelSheet {
    let Loadout {
        kit,
        equipment,
        armour,
        heavy,
        ..
    } = load;
    if armour == Armour::Sarcophagus {
        if !m.mods.contains(&Modification::PowerBoost) {
            profile.speed -= 1;
        }
        sheet.special.push(SpecialRule::LargeTarget);
        if heavy {
            sheet.special.push(SpecialRule::HeavyOneHanded);
        }
    }
    if m.small {
        sheet.special.push(SpecialRule::Small);
    }
    if kit == Archetype::Paratrooper {
        sheet.special.push(SpecialRule::Paratrooper);
    }
    if skills.contains(&Skill::TechnomancerTricks) {
        sheet.special.push(SpecialRule::Tricks);
    }
    let heroic = !heavy
        && ((m.archetype.is_soldier() && armour == Armour::Light)
            || (m.captain && armour != Armour::Sarcophagus));
    if heroic {
        sheet.special.push(SpecialRule::HeroicPlays);
    }
    let shield = equipment.contains(&Item::Shield);
    let extra = equipment.contains(&Item::ExtraWeapon) || equipment.iter().any(|i| i.is_pistol());
    sheet.armed_fight = profile.fight + i32::from(extra);
    let fibres: i32 = m.mods.iter().map(|md| md.armour_bonus(false)).sum();
    sheet.armoured_resilience = profile.resilience + armour.bonus() + i32::from(shield) + fibres;
    sheet.armed_fight += m.mods.iter().map(|md| md.fight_bonus()).sum::<i32>();
    sheet.profile = profile;
    sheet.armour = armour;
    sheet.equipment = equipment;
    if let Some(k) = m.implant {
        if !m.items.contains(&SpecialItem::SkillImplant) {
            errs.push(Problem::ImplantWithoutItem { skill: k });
        } else if k.category() != Category::Speed {
            errs.push(Problem::ImplantNotSpeed { skill: k });
        } else if skills.contains(&k) {
            errs.push(Problem::DuplicateSkill { skill: k });
        } else {
            sheet.implant = Some(k);
        }
    }
    sheet.skills = skills;
    sheet
}

/// Check a whole warband: every model, then the warband-wide limits.
pub fn check(file: &WarbandFile) -> Roster {
    let mut errors = Vec::new();
    let mut models = Vec::new();
    for m in &file.models {
        let mut errs = Vec::new();
        models.push(check_model(m, &mut errs));
        errors.extend(errs.into_iter().map(|problem| RosterError {
            model: Some(m.name.clone()),
            problem,
        }));
    }
    let whole = |problem| RosterError {
        model: None,
        problem,
    };
    let pets = file
        .models
        .iter()
        .filter(|m| m.archetype == Archetype::Pet)
        .count();
    let beast_master = models
        .iter()
        .any(|s| s.skills.contains(&Skill::BeastMaster));
    let max = MAX_MODELS + if beast_master { pets.min(2) } else { 0 };
    if file.models.len() > max {
        errors.push(whole(Problem::TooManyModels {
            count: file.models.len(),
            max,
        }));
    }
    let captains = file.models.iter().filter(|m| m.captain).count();
    if captains != 1 {
        errors.push(whole(Problem::CaptainCount { count: captains }));
    }
    let veterans = file.models.iter().filter(|m| m.veteran).count();
    if veterans > MAX_VETERANS {
        errors.push(whole(Problem::TooManyVeterans { count: veterans }));
    }
    for m in &file.models {
        if m.captain && m.veteran {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::CaptainAndVeteran,
            });
        }
    }
    for (i, m) in file.models.iter().enumerate() {
        let earlier = &file.models[..i];
        if m.archetype.is_specialist() && earlier.iter().any(|e| e.archetype == m.archetype) {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::DuplicateSpecialist {
                    archetype: m.archetype,
                },
            });
        }
        if earlier.iter().any(|e| e.name == m.name) {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::DuplicateName,
            });
        }
    }
    let cost: u32 = models.iter().map(|s| s.cost).sum();
    if cost > file.budget {
        errors.push(whole(Problem::OverBudget {
            cost,
            budget: file.budget,
        }));
    }
    Roster {
        name: file.name.clone(),
        budget: file.budget,
        strength: strength(&models),
        models,
        cost,
        errors,
    }
}

/// Fit modifications to distinct items (a bipartite matching by augmenting
/// paths): `true` for each modification that got an item of its own. A
/// modification left over is reported, the earlier ones keep their items.
fn assign_mods(mods: &[Modification], slots: &[Item]) -> Vec<bool> {
    fn augment(
        k: usize,
        mods: &[Modification],
        slots: &[Item],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (j, &item) in slots.iter().enumerate() {
            if seen[j] || !mods[k].fits(item) {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|o| augment(o, mods, slots, owner, seen)) {
                owner[j] = Some(k);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; slots.len()];
    (0..mods.len())
        .map(|k| {
            let mut seen = vec![false; slots.len()];
            augment(k, mods, slots, &mut owner, &mut seen)
        })
        .collect()
}
