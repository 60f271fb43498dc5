//! Minions, groups, structures on the field, and the one place that answers
//! "may this group do that?".
//!
//! The movement pipeline never looks at a group's effects, nation or terrain itself:
//! it asks a [`Capabilities`] implementation. [`StandardRules`] answers from the
//! group's [`Effects`] (abilities given by a scenario today, by spells later), the
//! nations of its recruits and the terrain table.

use std::fmt;

mod capabilities;
mod field;

pub use capabilities::{Capabilities, StandardRules};
pub use field::Field;

use serde::{Deserialize, Serialize};

use crate::player::Player;
use crate::terrain::Terrain;

/// Largest number of minions in one group.
pub const MAX_GROUP: usize = 8;

/// Hit points of a plain recruit (an older text gives nine-point nations "+2").
pub const RECRUIT_HP: u8 = crate::stats::RECRUITS[0].hit_points;
/// Hit points of a monster when the scenario gives none.
pub const DEFAULT_MONSTER_HP: u8 = 7;

/// Monster types a movement scenario may name besides those the card pool
/// summons (`cards::CATALOGUE`): the generic kinds of the movement cases.
pub const MONSTER_KINDS: &[&str] = &["troll", "wolf"];

/// The twelve recruit nations, one per house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Imps,
    Cyclopes,
    Keepers,
    Shadows,
    Visions,
    Gargoyles,
    Elves,
    Dwarves,
    Djinni,
    Satyrs,
    Misfits,
    Humans,
}

impl Nation {
    /// Nations whose recruits cross mountains.
    pub const fn mountainwalk(self) -> bool {
        matches!(self, Nation::Shadows | Nation::Dwarves)
    }

    /// Nations whose recruits cross water.
    pub const fn waterwalk(self) -> bool {
        matches!(self, Nation::Visions | Nation::Djinni)
    }

    /// Hit points this nation adds to a recruit of the plain baseline.
    pub const fn hit_point_bonus(self) -> u8 {
        match self {
            Nation::Cyclopes | Nation::Gargoyles | Nation::Misfits => crate::stats::NATION_HP_BONUS,
            _ => 0,
        }
    }

    /// Hit points of one of this nation's swordsmen or archers.
    pub const fn hit_points(self) -> u8 {
        RECRUIT_HP + self.hit_point_bonus()
    }

    /// Extra missile damage in combat round 1.
    pub const fn missile_bonus_round_one(self) -> bool {
        matches!(self, Nation::Elves | Nation::Satyrs)
    }

    /// Extra hand damage in combat round 2.
    pub const fn hand_bonus_round_two(self) -> bool {
        matches!(self, Nation::Imps | Nation::Keepers | Nation::Humans)
    }

    pub const ALL: [Nation; 12] = [
        Nation::Imps,
        Nation::Cyclopes,
        Nation::Keepers,
        Nation::Shadows,
        Nation::Visions,
        Nation::Gargoyles,
        Nation::Elves,
        Nation::Dwarves,
        Nation::Djinni,
        Nation::Satyrs,
        Nation::Misfits,
        Nation::Humans,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Nation::Imps => "imps",
            Nation::Cyclopes => "cyclopes",
            Nation::Keepers => "keepers",
            Nation::Shadows => "shadows",
            Nation::Visions => "visions",
            Nation::Gargoyles => "gargoyles",
            Nation::Elves => "elves",
            Nation::Dwarves => "dwarves",
            Nation::Djinni => "djinni",
            Nation::Satyrs => "satyrs",
            Nation::Misfits => "misfits",
            Nation::Humans => "humans",
        }
    }
}

/// The two kinds of recruit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecruitClass {
    Swordsman,
    Archer,
}

impl RecruitClass {
    pub const fn name(self) -> &'static str {
        match self {
            RecruitClass::Swordsman => "swordsman",
            RecruitClass::Archer => "archer",
        }
    }
}

/// What a minion is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MinionKind {
    Recruit {
        class: RecruitClass,
        nation: Option<Nation>,
        hero: bool,
    },
    Monster {
        /// The monster type, e.g. `"boggart"`.
        kind: String,
    },
}

/// A minion's own numbers, before the spells on it (its `base`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub level: u8,
    pub hit_points: u8,
    pub hand: u8,
    pub missile: u8,
    pub armor: u8,
    pub attacks: u8,
}

/// One minion of a group: what it is, its fighting numbers and the damage it carries.
/// A recruit's numbers come from the one table in [`crate::stats`]; a monster's from
/// its card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Minion {
    /// Unique within a game (0 in movement scenarios, where nothing refers to minions).
    pub id: u32,
    pub kind: MinionKind,
    /// Experience level, 0–5; new recruits start at 1.
    pub level: u8,
    /// Maximum hit points.
    pub hit_points: u8,
    /// Damage taken so far; the minion dies when it reaches its hit points.
    pub damage: u8,
    /// Damage of one hand attack (0: none).
    pub hand: u8,
    /// Damage of one missile attack (0: none).
    pub missile: u8,
    /// Maximum armor: damage ignored in each combat round.
    pub armor: u8,
    /// Attacks per combat round.
    pub attacks: u8,
    /// Experience earned in combat, turned into levels at start of turn.
    pub xp: u16,
    /// Its own numbers; the fields above are these plus the spells on it and its group
    /// (kept in step by the game's effects layer).
    pub base: Stats,
}

impl Minion {
    pub fn recruit(class: RecruitClass, nation: Option<Nation>, level: u8, hero: bool) -> Minion {
        let base = crate::stats::recruit(class);
        Minion::with_stats(
            MinionKind::Recruit {
                class,
                nation,
                hero,
            },
            Stats {
                level: level.min(crate::stats::MAX_LEVEL),
                hit_points: nation
                    .map_or(base.hit_points, |n| base.hit_points + n.hit_point_bonus()),
                hand: base.hand,
                missile: base.missile,
                armor: base.armor,
                attacks: base.attacks,
            },
        )
    }

    /// A recruit joins another nation: its own hit points follow the nations' bonuses
    /// (a Chaos Feature's Misfit).
    pub fn change_nation(&mut self, to: Nation) {
        if let MinionKind::Recruit { nation, .. } = &mut self.kind {
            let old = nation.map_or(0, |n| n.hit_point_bonus());
            self.base.hit_points = self
                .base
                .hit_points
                .saturating_sub(old)
                .saturating_add(to.hit_point_bonus());
            *nation = Some(to);
        }
    }

    /// A minion with the given own numbers and no damage.
    pub fn with_stats(kind: MinionKind, base: Stats) -> Minion {
        let mut m = Minion {
            id: 0,
            kind,
            level: 0,
            hit_points: 0,
            damage: 0,
            hand: 0,
            missile: 0,
            armor: 0,
            attacks: 0,
            xp: 0,
            base,
        };
        m.show(base);
        m
    }

    /// Sets the numbers the minion fights with (its own plus any modifiers).
    pub fn show(&mut self, s: Stats) {
        self.level = s.level;
        self.hit_points = s.hit_points;
        self.hand = s.hand;
        self.missile = s.missile;
        self.armor = s.armor;
        self.attacks = s.attacks;
    }

    /// A monster with the given hit points and no attacks (movement scenarios); the
    /// game builds monsters from their cards with [`Minion::with_stats`].
    pub fn monster(kind: &str, hit_points: u8) -> Minion {
        Minion::with_stats(
            MinionKind::Monster {
                kind: kind.to_string(),
            },
            Stats {
                level: 1,
                hit_points,
                ..Stats::default()
            },
        )
    }

    pub fn is_recruit(&self) -> bool {
        matches!(self.kind, MinionKind::Recruit { .. })
    }

    pub fn is_alive(&self) -> bool {
        self.damage < self.hit_points
    }

    /// Hit points left.
    pub fn health(&self) -> u8 {
        self.hit_points.saturating_sub(self.damage)
    }

    pub fn nation(&self) -> Option<Nation> {
        match self.kind {
            MinionKind::Recruit { nation, .. } => nation,
            MinionKind::Monster { .. } => None,
        }
    }

    pub fn class(&self) -> Option<RecruitClass> {
        match self.kind {
            MinionKind::Recruit { class, .. } => Some(class),
            MinionKind::Monster { .. } => None,
        }
    }

    /// The name of its class or monster type, as files and events write it.
    pub fn type_name(&self) -> &str {
        match &self.kind {
            MinionKind::Recruit { class, .. } => class.name(),
            MinionKind::Monster { kind } => kind,
        }
    }
}

/// A novice: it waits in a structure, has no fighting stats, never moves and never
/// blocks anyone. It belongs to no group, so the movement pipeline never sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Novice {
    pub nation: Option<Nation>,
}

/// Who issues a group's movement orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    #[default]
    Player,
    Computer,
}

/// Abilities and restrictions that bear on movement. Scenarios set them directly;
/// spells and other effects will add to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    NoMove,
    NoExit,
    NoJoin,
    NoEnterStructures,
    Flight,
    Mountainwalk,
    Waterwalk,
    /// The movement AI moves the group, whoever controls it (Accursed Minion).
    Driven,
    /// Desert does not hurt the group (Caravan).
    Desertwalk,
    /// The group has no waterwalk, its own or granted (Revelers).
    NoWaterwalk,
    /// The group may be ordered two squares in a straight orthogonal line (Fleetness,
    /// Forced March), as on ice.
    MovesTwo,
    /// Lava and volcanoes do the group no harm (Crucible).
    Firewalk,
}

impl Ability {
    /// Whether it takes something away from a group (rather than a crossing it makes).
    pub const fn is_restriction(self) -> bool {
        matches!(
            self,
            Ability::NoMove
                | Ability::NoExit
                | Ability::NoJoin
                | Ability::NoEnterStructures
                | Ability::NoWaterwalk
        )
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The movement-relevant effects on a group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects {
    pub no_move: bool,
    pub no_exit: bool,
    pub no_join: bool,
    pub no_enter_structures: bool,
    pub flight: bool,
    pub mountainwalk: bool,
    pub waterwalk: bool,
    /// Terrain-Bind: the group may enter squares of this terrain only.
    pub only_enter: Option<Terrain>,
    /// The group withdraws from a combat at the start of this combat round.
    pub withdraw_round: Option<u8>,
    /// The movement AI writes its order, as for a computer-controlled group.
    #[serde(default, skip_serializing_if = "is_false")]
    pub driven: bool,
    /// Desert does not hurt the group (Caravan).
    #[serde(default, skip_serializing_if = "is_false")]
    pub desertwalk: bool,
    /// No waterwalk of any kind (Revelers).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_waterwalk: bool,
    /// Orders of two squares in a straight line (Fleetness, Forced March).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moves_two: bool,
    /// Lava and volcanoes do the group no harm (Crucible).
    #[serde(default, skip_serializing_if = "is_false")]
    pub firewalk: bool,
}

impl Effects {
    pub fn add(&mut self, ability: Ability) {
        match ability {
            Ability::NoMove => self.no_move = true,
            Ability::NoExit => self.no_exit = true,
            Ability::NoJoin => self.no_join = true,
            Ability::NoEnterStructures => self.no_enter_structures = true,
            Ability::Flight => self.flight = true,
            Ability::Mountainwalk => self.mountainwalk = true,
            Ability::Waterwalk => self.waterwalk = true,
            Ability::Driven => self.driven = true,
            Ability::Desertwalk => self.desertwalk = true,
            Ability::NoWaterwalk => self.no_waterwalk = true,
            Ability::MovesTwo => self.moves_two = true,
            Ability::Firewalk => self.firewalk = true,
        }
    }
}

/// Why a group could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    #[error("group '{0}' has no minions (a group holds 1 to 8)")]
    Empty(String),
    #[error("group '{0}' has {1} minions (a group holds at most 8)")]
    TooLarge(String, usize),
    #[error("group '{0}' mixes recruits and monsters")]
    Mixed(String),
}

/// The two kinds of group; every group is also a "minion group".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupType {
    Recruit,
    Monster,
}

/// A group on the board: 1–8 minions, all recruits or all monsters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The name used in scenarios and traces.
    pub name: String,
    pub owner: Player,
    pub control: Control,
    /// Creation order: lower is older.
    pub age: u32,
    minions: Vec<Minion>,
    pub effects: Effects,
}

impl Group {
    pub fn new(
        name: &str,
        owner: Player,
        control: Control,
        age: u32,
        minions: Vec<Minion>,
        effects: Effects,
    ) -> Result<Group, GroupError> {
        if minions.is_empty() {
            return Err(GroupError::Empty(name.to_string()));
        }
        if minions.len() > MAX_GROUP {
            return Err(GroupError::TooLarge(name.to_string(), minions.len()));
        }
        let recruits = minions.iter().filter(|m| m.is_recruit()).count();
        if recruits != 0 && recruits != minions.len() {
            return Err(GroupError::Mixed(name.to_string()));
        }
        Ok(Group {
            name: name.to_string(),
            owner,
            control,
            age,
            minions,
            effects,
        })
    }

    pub fn minions(&self) -> &[Minion] {
        &self.minions
    }

    /// An empty stand-in that costs nothing to make, left behind when a group is moved
    /// out of a list it cannot be removed from. It is never a real group.
    pub(crate) fn vacant() -> Group {
        Group {
            name: String::new(),
            owner: Player::Neutral,
            control: Control::Computer,
            age: 0,
            minions: Vec::new(),
            effects: Effects::default(),
        }
    }

    /// The minions, to change their numbers (never their count: see [`Group::add`] and
    /// [`Group::remove_dead`]).
    pub fn minions_mut(&mut self) -> &mut [Minion] {
        &mut self.minions
    }

    /// Adds a minion when the group has room and the minion is of the group's type.
    pub fn add(&mut self, m: Minion) -> Result<(), GroupError> {
        if self.minions.len() >= MAX_GROUP {
            return Err(GroupError::TooLarge(
                self.name.clone(),
                self.minions.len() + 1,
            ));
        }
        if self
            .minions
            .first()
            .is_some_and(|f| f.is_recruit() != m.is_recruit())
        {
            return Err(GroupError::Mixed(self.name.clone()));
        }
        self.minions.push(m);
        Ok(())
    }

    /// Removes and returns the minions whose damage reached their hit points.
    /// Takes a minion out of the group (it leaves the board, S49); the group may be
    /// left empty, and then dead.
    pub fn take(&mut self, id: u32) -> Option<Minion> {
        let k = self.minions.iter().position(|m| m.id == id)?;
        Some(self.minions.remove(k))
    }

    pub fn remove_dead(&mut self) -> Vec<Minion> {
        let (alive, dead): (Vec<Minion>, Vec<Minion>) = std::mem::take(&mut self.minions)
            .into_iter()
            .partition(Minion::is_alive);
        self.minions = alive;
        dead
    }

    pub fn size(&self) -> usize {
        self.minions.len()
    }

    pub fn is_dead(&self) -> bool {
        self.minions.is_empty()
    }

    pub fn group_type(&self) -> GroupType {
        if self.minions.first().is_some_and(Minion::is_recruit) {
            GroupType::Recruit
        } else {
            GroupType::Monster
        }
    }

    pub fn is_recruit_group(&self) -> bool {
        self.group_type() == GroupType::Recruit
    }

    /// Red with red and blue with blue; neutral groups are friendly to nobody.
    pub fn is_friendly_to(&self, other: &Group) -> bool {
        self.owner == other.owner && self.owner != Player::Neutral
    }

    /// Moves every minion of `other` into this group (the caller checks the rules).
    pub fn absorb(&mut self, other: &mut Group) {
        self.minions.append(&mut other.minions);
    }

    /// Deals `n` damage to every minion; returns how many died.
    pub fn damage_each(&mut self, n: u8) -> usize {
        for m in &mut self.minions {
            m.damage = m.damage.saturating_add(n);
        }
        let before = self.minions.len();
        self.minions.retain(Minion::is_alive);
        before - self.minions.len()
    }

    /// Kills every minion; returns how many died.
    pub fn kill_all(&mut self) -> usize {
        let n = self.minions.len();
        self.minions.clear();
        n
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} {})", self.name, self.owner.name(), self.size())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;
    use crate::player::Side;
    use crate::square::sq;

    fn recruits(name: &str, owner: Player, n: usize) -> Group {
        let m = (0..n)
            .map(|_| Minion::recruit(RecruitClass::Swordsman, None, 1, false))
            .collect();
        Group::new(name, owner, Control::Player, 0, m, Effects::default()).unwrap()
    }

    #[test]
    fn groups_hold_one_to_eight_of_one_type() {
        assert!(matches!(
            Group::new(
                "X",
                Player::Red,
                Control::Player,
                0,
                vec![],
                Effects::default()
            ),
            Err(GroupError::Empty(_))
        ));
        let nine = (0..9)
            .map(|_| Minion::recruit(RecruitClass::Archer, None, 1, false))
            .collect();
        assert!(matches!(
            Group::new(
                "X",
                Player::Red,
                Control::Player,
                0,
                nine,
                Effects::default()
            ),
            Err(GroupError::TooLarge(_, 9))
        ));
        let mixed = vec![
            Minion::recruit(RecruitClass::Archer, None, 1, false),
            Minion::monster("troll", 7),
        ];
        assert!(matches!(
            Group::new(
                "X",
                Player::Red,
                Control::Player,
                0,
                mixed,
                Effects::default()
            ),
            Err(GroupError::Mixed(_))
        ));
    }

    #[test]
    fn joining_rules() {
        let rules = StandardRules;
        let a = recruits("A", Player::Red, 4);
        let b = recruits("B", Player::Red, 4);
        let c = recruits("C", Player::Red, 5);
        let blue = recruits("D", Player::Blue, 1);
        let n1 = recruits("N", Player::Neutral, 1);
        assert!(rules.can_join(&a, &b));
        assert!(!rules.can_join(&a, &c), "9 minions");
        assert!(!rules.can_join(&a, &blue), "hostile");
        assert!(
            !rules.can_join(&n1, &n1.clone()),
            "neutral groups are hostile"
        );
        let mut bot = b.clone();
        bot.control = Control::Computer;
        assert!(!rules.can_join(&a, &bot), "bots can't join");
        let mut ostracized = b.clone();
        ostracized.effects.no_join = true;
        assert!(!rules.can_join(&a, &ostracized));
    }

    #[test]
    fn only_player_recruits_enter_structures() {
        let rules = StandardRules;
        let field = Field::new(Layout::Classic);
        let entrance = field.board().entrances(Side::Blue)[0];
        let a = recruits("A", Player::Red, 2);
        assert!(rules.can_enter(&field, &a, entrance));
        let troll = Group::new(
            "T",
            Player::Neutral,
            Control::Computer,
            0,
            vec![Minion::monster("troll", 7)],
            Effects::default(),
        )
        .unwrap();
        assert!(!rules.can_enter(&field, &troll, entrance));
        assert!(rules.can_enter(&field, &troll, sq(5, 5)));
        let mut bot = a.clone();
        bot.control = Control::Computer;
        assert!(!rules.can_enter(&field, &bot, entrance));
    }
}
