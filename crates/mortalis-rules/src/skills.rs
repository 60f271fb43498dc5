//! Skills (five categories), technomancer tricks and heroic plays
//! (rulebook: "Umiejętności", "Sztuczki technomantów", "Bohaterskie zagrywki").

use crate::names::{Lang, catalogue};

catalogue! {
    /// Skills, tricks and heroic plays, in rulebook order.
    pub enum Skill: "skill id" {
        // Speed
        Runner = "runner", "Biegacz", "Runner";
        Sprint = "sprint", "Zryw", "Sprint";
        Scavenger = "scavenger", "Zbieracz", "Scavenger";
        SureFooted = "sure_footed", "Pewny krok", "Sure-footed";
        Climber = "climber", "Wspinacz", "Climber";
        Acrobat = "acrobat", "Akrobata", "Acrobat";
        ArtOfFalling = "art_of_falling", "Sztuka spadania", "Art of falling";
        Scout = "scout", "Zwiadowca", "Scout";
        // Combat
        Swordmaster = "swordmaster", "Fechmistrz", "Swordmaster";
        CrowdFighter = "crowd_fighter", "Walka w tłumie", "Crowd fighter";
        Nimble = "nimble", "Zwinny", "Nimble";
        Feint = "feint", "Finta", "Feint";
        Disarm = "disarm", "Wytrącenie", "Disarm";
        SoftSpot = "soft_spot", "Cios w miękkie", "Soft spot";
        BattleFrenzy = "battle_frenzy", "Szał bojowy", "Battle frenzy";
        Lucky = "lucky", "Szczęściarz", "Lucky";
        Assist = "assist", "Asysta", "Assist";
        Parry = "parry", "Skuteczna zasłona", "Parry";
        KillingBlow = "killing_blow", "Zabójczy cios", "Killing blow";
        CriticalHit = "critical_hit", "Trafienie krytyczne", "Critical hit";
        Duellist = "duellist", "Zwadźca", "Duellist", ["duelist"];
        DirtyTricks = "dirty_tricks", "Brudne zagrywki", "Dirty tricks";
        DefenceOrder = "defence_order", "Rozkaz obrony", "Defence order", ["defense_order"];
        Protector = "protector", "Ochrona", "Protector";
        Caution = "caution", "Ostrożność", "Caution";
        // Shooting
        Marksman = "marksman", "Wprawny strzelec", "Marksman";
        MasterShot = "master_shot", "Mistrzowski strzał", "Master shot";
        HipShot = "hip_shot", "Strzał z biodra", "Hip shot";
        SteadyHand = "steady_hand", "Pewna ręka", "Steady hand";
        ShieldBreaker = "shield_breaker", "Poza tarczę", "Shield breaker";
        EagleEye = "eagle_eye", "Dobre oko", "Eagle eye";
        AimedShot = "aimed_shot", "Wymierzony strzał", "Aimed shot";
        Hunter = "hunter", "Łowca", "Hunter";
        Sentinel = "sentinel", "Wartownik", "Sentinel";
        PointBlank = "point_blank", "Strzał z bliska", "Point blank";
        // Knowledge
        BeastMaster = "beast_master", "Pan zwierząt", "Beast master";
        Medic = "medic", "Medyk", "Medic";
        TechnomancerTricks = "technomancer_tricks", "Sztuczki technomantów", "Technomancer tricks";
        Dispel = "dispel", "Rozproszenie", "Dispel";
        // Rogue
        Theft = "theft", "Kradzież", "Theft";
        Escape = "escape", "Ucieczka", "Escape";
        Haggling = "haggling", "Targowanie", "Haggling";
        Fence = "fence", "Paser", "Fence";
        TechHunter = "tech_hunter", "Łowca technologii", "Tech hunter";
        Searching = "searching", "Przeszukiwanie", "Searching";
        Hiding = "hiding", "Ukrycie", "Hiding";
        Sneaking = "sneaking", "Skradanie", "Sneaking";
        // Technomancer tricks
        ShortCircuit = "short_circuit", "Spięcie", "Short circuit";
        Displacement = "displacement", "Przemieszczenie", "Displacement";
        ProtectiveShield = "protective_shield", "Tarcza ochronna", "Protective shield";
        Deconcentration = "deconcentration", "Dekoncentracja", "Deconcentration";
        MatrixError = "matrix_error", "Błąd matrycy", "Matrix error";
        Flash = "flash", "Rozbłysk", "Flash";
        Haste = "haste", "Przyspieszenie", "Haste";
        PowerWave = "power_wave", "Fala Mocy", "Power wave";
        DroneStrike = "drone_strike", "Atak Drona", "Drone strike";
        Infection = "infection", "Zakażenie", "Infection";
        Adrenaline = "adrenaline", "Adrenalina", "Adrenaline";
        EnergyBarrier = "energy_barrier", "Bariera energetyczna", "Energy barrier";
        Lava = "lava", "Lawa", "Lava";
        Breach = "breach", "Włam", "Breach";
        // Heroic plays
        YourMotherToo = "your_mother_too", "I Twoją matkę też!", "Your mother too!";
        LookingForMe = "looking_for_me", "To mnie szukasz?", "Looking for me?";
        BiteThis = "bite_this", "Gryź to!", "Bite this!";
        Woohoo = "woohoo", "Woohoo!", "Woohoo!";
        WhatYouGonnaDo = "what_you_gonna_do", "I co mi zrobisz?!", "What are you gonna do?!";
        NowOrNever = "now_or_never", "Raz kozie śmierć!", "Now or never!";
        ShowMeKitty = "show_me_kitty", "Pokaż kotku, co masz w środku!", "Show me what's inside!";
        HeadsDown = "heads_down", "Głowa w dół!", "Heads down!";
        OutOfMyWay = "out_of_my_way", "Z drogi!", "Out of my way!";
        ImFine = "im_fine", "Nic mi nie jest!", "I'm fine!";
    }
}

/// Skill category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// Movement and deployment.
    Speed,
    /// Mostly close combat.
    Combat,
    /// Shooting.
    Shooting,
    /// Technology and campaign knowledge (specialists only).
    Knowledge,
    /// Rogue tricks (light armour, no shield, not specialists).
    Rogue,
    /// Technomancer tricks (specialists who know the tricks).
    Trick,
    /// Heroic plays: once-per-game moves, not learned with experience.
    HeroicPlay,
}

impl Category {
    /// Id as used in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Category::Speed => "speed",
            Category::Combat => "combat",
            Category::Shooting => "shooting",
            Category::Knowledge => "knowledge",
            Category::Rogue => "rogue",
            Category::Trick => "trick",
            Category::HeroicPlay => "heroic_play",
        }
    }

    /// Display name.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Category::Speed => lang.pick("Szybkościowe", "Speed"),
            Category::Combat => lang.pick("Bojowe", "Combat"),
            Category::Shooting => lang.pick("Strzeleckie", "Shooting"),
            Category::Knowledge => lang.pick("Wiedza", "Knowledge"),
            Category::Rogue => lang.pick("Łotrowskie", "Rogue"),
            Category::Trick => lang.pick("Sztuczki technomantów", "Technomancer tricks"),
            Category::HeroicPlay => lang.pick("Bohaterskie zagrywki", "Heroic plays"),
        }
    }

    /// Who may take skills of this category (short, own words).
    pub fn who(self, lang: Lang) -> &'static str {
        match self {
            Category::Speed => lang.pick(
                "nie w sarkofagu i nie z ciężką bronią strzelecką",
                "not in a sarcophagus, not with a heavy ranged weapon",
            ),
            Category::Combat => lang.pick("każdy model", "any model"),
            Category::Shooting => {
                lang.pick("modele z bronią strzelecką", "models with a ranged weapon")
            }
            Category::Knowledge => lang.pick("tylko specjaliści", "specialists only"),
            Category::Rogue => lang.pick(
                "lekki pancerz, bez tarczy, nie specjaliści",
                "light armour, no shield, not specialists",
            ),
            Category::Trick => lang.pick(
                "specjaliści ze Sztuczkami technomantów",
                "specialists who know Technomancer tricks",
            ),
            Category::HeroicPlay => lang.pick(
                "żołnierze w lekkim pancerzu i kapitan (nie w sarkofagu), bez broni ciężkiej",
                "soldiers in light armour and the captain (not in a sarcophagus), no heavy weapon",
            ),
        }
    }
}

impl Skill {
    /// Category of the entry.
    pub fn category(self) -> Category {
        use Skill::*;
        match self {
            Runner | Sprint | Scavenger | SureFooted | Climber | Acrobat | ArtOfFalling | Scout => {
                Category::Speed
            }
            Swordmaster | CrowdFighter | Nimble | Feint | Disarm | SoftSpot | BattleFrenzy
            | Lucky | Assist | Parry | KillingBlow | CriticalHit | Duellist | DirtyTricks
            | DefenceOrder | Protector | Caution => Category::Combat,
            Marksman | MasterShot | HipShot | SteadyHand | ShieldBreaker | EagleEye | AimedShot
            | Hunter | Sentinel | PointBlank => Category::Shooting,
            BeastMaster | Medic | TechnomancerTricks | Dispel => Category::Knowledge,
            Theft | Escape | Haggling | Fence | TechHunter | Searching | Hiding | Sneaking => {
                Category::Rogue
            }
            ShortCircuit | Displacement | ProtectiveShield | Deconcentration | MatrixError
            | Flash | Haste | PowerWave | DroneStrike | Infection | Adrenaline | EnergyBarrier
            | Lava | Breach => Category::Trick,
            _ => Category::HeroicPlay,
        }
    }

    /// Charges per game, for tricks.
    pub fn charges(self) -> Option<u32> {
        use Skill::*;
        match self {
            ShortCircuit | Displacement | ProtectiveShield | Deconcentration | Flash => Some(2),
            MatrixError | Haste | PowerWave | DroneStrike | Infection | Adrenaline
            | EnergyBarrier | Lava | Breach => Some(1),
            _ => None,
        }
    }

    /// True when the odds engine models the entry's effect on a roll.
    pub fn in_odds(self) -> bool {
        use Skill::*;
        matches!(
            self,
            CrowdFighter
                | Nimble
                | Feint
                | Disarm
                | SoftSpot
                | BattleFrenzy
                | Lucky
                | Parry
                | KillingBlow
                | CriticalHit
                | Duellist
                | DirtyTricks
                | Caution
                | MasterShot
                | HipShot
                | SteadyHand
                | ShieldBreaker
                | EagleEye
                | AimedShot
                | Hunter
                | Sentinel
                | PointBlank
                | ShortCircuit
                | ProtectiveShield
                | MatrixError
                | DroneStrike
                | Woohoo
                | WhatYouGonnaDo
                | ShowMeKitty
                | ImFine
        )
    }

    /// What the entry does, summarised in our own words.
    pub fn effect(self, lang: Lang) -> &'static str {
        let (pl, en) = match self.category() {
            Category::Speed => speed_effect(self),
            Category::Combat => combat_effect(self),
            Category::Shooting => shooting_effect(self),
            Category::Knowledge => knowledge_effect(self),
            Category::Rogue => rogue_effect(self),
            Category::Trick => trick_effect(self),
            Category::HeroicPlay => heroic_play_effect(self),
        };
        lang.pick(pl, en)
    }
}

/// What each of the speed skills does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn speed_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        Runner => (
            "drugi Ruch w rundzie bez kary -1",
            "second Move of a round without the -1",
        ),
        Sprint => (
            "+1 Szybkości, gdy Ruch jest pierwszą akcją",
            "+1 Speed when Move is the first action",
        ),
        Scavenger => (
            "raz na rundę podnosi znacznik w biegu bez akcji",
            "once a round picks up a marker in passing, no action",
        ),
        SureFooted => (
            "trudny teren nie spowalnia",
            "difficult terrain does not slow",
        ),
        Climber => (
            "wspina się jak ze sprzętem wspinaczkowym",
            "climbs as if with climbing gear",
        ),
        Acrobat => (
            "skoki do 4\"; zeskok: wysokość +1 zamiast +2",
            "jumps up to 4\"; jumping down: height +1 instead of +2",
        ),
        ArtOfFalling => (
            "przy upadku nie dolicza się 2",
            "falling does not add 2 to the height",
        ),
        Scout => (
            "rozstawienie 3 razy dalej, poza widokiem wroga",
            "deploys three times further, out of enemy sight",
        ),
        _ => ("", ""),
    }
}

/// What each of the combat skills does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn combat_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        Swordmaster => (
            "pozwala na trzecie rozwinięcie Walki",
            "allows the third Fight advance",
        ),
        CrowdFighter => (
            "wsparcie przeciwnika o 1 mniejsze",
            "opponent's support bonus is 1 lower",
        ),
        Nimble => (
            "przeciwnik z bronią dwuręczną lub ciężką: -1 Walki",
            "opponent with a two-handed or heavy weapon: -1 Fight",
        ),
        Feint => (
            "tarcza przeciwnika nie chroni w walce z nim",
            "the opponent's shield gives nothing against him in melee",
        ),
        Disarm => (
            "przeciwnik nie dostaje +1 za dodatkową broń",
            "the opponent gets no +1 for an extra weapon",
        ),
        SoftSpot => (
            "sarkofag przeciwnika daje +2 zamiast +3",
            "the opponent's sarcophagus gives +2 instead of +3",
        ),
        BattleFrenzy => ("+1 Walki, gdy atakuje", "+1 Fight when attacking"),
        Lucky => (
            "strzelający do niego: -1 Celności (poza walką wręcz)",
            "shooters at him: -1 Accuracy (when not in melee)",
        ),
        Assist => (
            "jako wsparcie daje +2 zamiast +1 (nie kumuluje się)",
            "as a supporter gives +2 instead of +1 (does not stack)",
        ),
        Parry => (
            "broniąc się rzuca 3k6 i odrzuca najniższą, +1 z tarczą; wygrana nie rani",
            "when defending rolls 3 dice and drops the lowest, +1 with a shield; a win deals no harm",
        ),
        KillingBlow => (
            "atakując rzuca 3k6 i odrzuca najniższą; przegrana: -1 Odporności",
            "when attacking rolls 3 dice and drops the lowest; if it loses, -1 Resilience",
        ),
        CriticalHit => (
            "naturalne 12 w walce wręcz zawsze wygrywa",
            "a natural 12 in melee always wins",
        ),
        Duellist => (
            "w walce jeden na jeden przerzut jednej kości",
            "one-on-one: reroll one die of the Fight roll",
        ),
        DirtyTricks => (
            "po szarży przeciwnika każe mu przerzucić wybraną kość rzutu Walki",
            "after being charged, makes the charger reroll a chosen die of its Fight roll",
        ),
        DefenceOrder => (
            "akcją daje Pozycję obronną przyjaciołom w 3\"",
            "as an action gives Defensive position to friends within 3\"",
        ),
        Protector => (
            "modele w 1\" mają +1 Odporności przeciw strzałom (z tarczą)",
            "models within 1\" get +1 Resilience against shots (needs a shield)",
        ),
        Caution => (
            "osłona daje -3 zamiast -2, gdy strzelec jest dalej niż 12\"",
            "cover gives -3 instead of -2 when the shooter is beyond 12\"",
        ),
        _ => ("", ""),
    }
}

/// What each of the shooting skills does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn shooting_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        Marksman => (
            "pozwala na trzecie rozwinięcie Celności",
            "allows the third Accuracy advance",
        ),
        MasterShot => (
            "naturalne dwie jedynki: cel zdjęty bez rzutu Odporności",
            "natural double ones: the target is removed, no Resilience test",
        ),
        HipShot => (
            "broń ciężka po Ruchu z -2 (z Pewną ręką -1)",
            "heavy weapon after moving at -2 (-1 with Steady hand)",
        ),
        SteadyHand => (
            "bez kary -1 za strzał po Ruchu",
            "no -1 for shooting after moving",
        ),
        ShieldBreaker => (
            "tarcza celu nie pomaga przeciw jego strzałom",
            "the target's shield does not help against his shots",
        ),
        EagleEye => (
            "bez kary -1 za strzał dalej niż 12\"",
            "no -1 for shooting beyond 12\"",
        ),
        AimedShot => (
            "bez Ruchu: 3k6, odrzuca najwyższą; zajmuje obie akcje",
            "without moving: 3 dice, drop the highest; takes both actions",
        ),
        Hunter => (
            "+1 Celności przy Strzale z ukrycia",
            "+1 Accuracy on an overwatch shot",
        ),
        Sentinel => (
            "z pozycji 2\" wyżej: cel -1 Odporności",
            "from 2\" higher: target -1 Resilience",
        ),
        PointBlank => (
            "cel bliżej niż 6\": przerzut kości na Celność",
            "target closer than 6\": reroll one Accuracy die",
        ),
        _ => ("", ""),
    }
}

/// What each of the knowledge skills does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn knowledge_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        BeastMaster => (
            "dwa zwierzaki ponad limit 7 modeli",
            "two pets beyond the 7-model limit",
        ),
        Medic => ("leczenie 20% taniej", "medical care 20% cheaper"),
        TechnomancerTricks => (
            "pozwala uczyć się sztuczek; pierwsza darmowa",
            "allows learning tricks; the first is free",
        ),
        Dispel => (
            "na 8+ na 2k6 rozprasza sztuczkę w 8\"",
            "on 8+ on 2d6 cancels a trick within 8\"",
        ),
        _ => ("", ""),
    }
}

/// What each of the rogue skills does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn rogue_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        Theft => (
            "wygrana walka: zabiera znacznik zamiast ranić",
            "a won fight takes a marker instead of wounding",
        ),
        Escape => (
            "wygrana walka: odskok na 1\" zamiast ranić",
            "a won fight breaks away 1\" instead of wounding",
        ),
        Haggling => ("sprzedaż 20% drożej", "sells finds for 20% more"),
        Fence => (
            "zakup przedmiotów specjalnych 20% taniej",
            "buys special items 20% cheaper",
        ),
        TechHunter => (
            "przerzut kości w Grabieży na 2k6",
            "rerolls one die on 2d6 loot rolls",
        ),
        Searching => (
            "zmiana wyniku k6 w Grabieży o 1",
            "shifts a d6 loot roll by 1",
        ),
        Hiding => (
            "akcją za osłoną znika z linii widzenia",
            "as an action behind cover leaves line of sight",
        ),
        Sneaking => (
            "Ruch między osłonami nie zdejmuje Ukrycia",
            "moving between covers keeps Hiding",
        ),
        _ => ("", ""),
    }
}

/// What each of the technomancer tricks does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn trick_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        ShortCircuit => (
            "strzał z Celnością 12 do 8\", cel +1 Odporności",
            "a shot at Accuracy 12 up to 8\", target +1 Resilience",
        ),
        Displacement => (
            "przesuwa wroga o 3\" (nie sarkofag)",
            "pushes an enemy 3\" (not a sarcophagus)",
        ),
        ProtectiveShield => (
            "ostrzelany technomanta automatycznie zdaje Odporność",
            "when shot at, the technomancer passes Resilience automatically",
        ),
        Deconcentration => (
            "ofiara w 14\" traci akcję",
            "a victim within 14\" loses an action",
        ),
        MatrixError => (
            "wymusza ponowny cały rzut wroga w 12\"",
            "forces an enemy within 12\" to roll a whole roll again",
        ),
        Flash => (
            "ofiara w 16\" nie strzela w tej rundzie",
            "a victim within 16\" cannot shoot this round",
        ),
        Haste => (
            "model w 6\" dostaje dodatkową akcję",
            "a model within 6\" gets a bonus action",
        ),
        PowerWave => (
            "odpycha wszystkich w pobliżu na 4\"",
            "pushes everyone nearby out to 4\"",
        ),
        DroneStrike => (
            "automatyczne trafienie do 14\", tarcza nie pomaga",
            "automatic hit up to 14\", the shield does not help",
        ),
        Infection => (
            "cel w 14\" ma -1 do każdej cechy",
            "a target within 14\" has -1 to every characteristic",
        ),
        Adrenaline => (
            "nieudany test Odporności przyjaciela w 8\" liczy się jako zdany",
            "a failed Resilience test of a friend within 8\" counts as passed",
        ),
        EnergyBarrier => (
            "stawia ścianę 4\" x 2\" blokującą widok",
            "places a 4\" by 2\" wall that blocks sight",
        ),
        Lava => (
            "kałuża o promieniu 3\": test Odporności",
            "a 3\" radius pool: Resilience test",
        ),
        Breach => (
            "model w sarkofagu traci akcje w tej rundzie",
            "a model in a sarcophagus loses its actions this round",
        ),
        _ => ("", ""),
    }
}

/// What each of the heroic plays does ([`Skill::effect`]), in Polish and English;
/// empty for an entry of another category.
fn heroic_play_effect(skill: Skill) -> (&'static str, &'static str) {
    use Skill::*;
    match skill {
        YourMotherToo => (
            "wrogowie muszą strzelać w ten model",
            "enemies must shoot at this model",
        ),
        LookingForMe => (
            "Ruch do dowolnego miejsca w 8\"",
            "a Move to any spot within 8\"",
        ),
        BiteThis => (
            "wygrana walka: salwa z broni przeciwnika",
            "a won fight fires the opponent's weapon",
        ),
        Woohoo => (
            "Odporność na Strzał z ukrycia z dodatkową kością",
            "Resilience against an overwatch shot with an extra die",
        ),
        WhatYouGonnaDo => (
            "Odporność przeciw strzałowi wynosi 7, bez modyfikatorów",
            "Resilience against a shot is 7, unmodified",
        ),
        NowOrNever => (
            "przy krawędzi: zeskok zamiast testu Odporności",
            "at an edge: jump down instead of a Resilience test",
        ),
        ShowMeKitty => (
            "przeciw sarkofagowi +2 Walki, wygrana: -2 Odporności celu",
            "against a sarcophagus +2 Fight, a win: target -2 Resilience",
        ),
        HeadsDown => (
            "rzut nożem 6\" w walkę z sojusznikiem",
            "a 6\" knife throw into a fight with a friend",
        ),
        OutOfMyWay => (
            "wygrana bez rany: odepchnięcie o 2\"",
            "a win without a wound pushes 2\"",
        ),
        ImFine => (
            "przerzut kości w nieudanym rzucie Odporności",
            "reroll one die of a failed Resilience test",
        ),
        _ => ("", ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_category_is_populated_and_aliases_work() {
        for cat in [
            Category::Speed,
            Category::Combat,
            Category::Shooting,
            Category::Knowledge,
            Category::Rogue,
            Category::Trick,
            Category::HeroicPlay,
        ] {
            assert!(Skill::ALL.iter().any(|s| s.category() == cat), "{cat:?}");
        }
        assert_eq!(Skill::lookup("Zwadźca"), Some(Skill::Duellist));
        assert_eq!(
            Skill::lookup("I co mi zrobisz?!"),
            Some(Skill::WhatYouGonnaDo)
        );
        assert_eq!(Skill::lookup("Łowca"), Some(Skill::Hunter));
        assert_eq!(Skill::lookup("Łowca technologii"), Some(Skill::TechHunter));
        assert_eq!(Skill::ShortCircuit.charges(), Some(2));
    }

    /// Every entry's effect is told in both languages (each category's
    /// table holds its own entries).
    #[test]
    fn every_entry_has_its_effect_in_both_languages() {
        for s in Skill::ALL {
            for lang in [Lang::Pl, Lang::En] {
                assert!(!s.effect(lang).is_empty(), "{s:?} {lang:?}");
            }
        }
        assert_ne!(
            Skill::Runner.effect(Lang::Pl),
            Skill::Runner.effect(Lang::En)
        );
    }
}
