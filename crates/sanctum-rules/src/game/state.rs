//! The whole state of a game, and the setup it starts from.

use serde::{Deserialize, Serialize};

use crate::board::Layout;
use crate::cards::CardId;
use crate::groups::{Control, Effects, Field, Group, Minion, RecruitClass};
use crate::mana::{House, Mana, ManaType};
use crate::map::{GameMap, StructureKind};
use crate::player::{Player, Side};
use crate::realm::{Realm, RealmChoice};
use crate::rng::GameRng;
use crate::square::Square;
use crate::stats;

/// Everything a new game needs. Both decks are lists of card ids, in any order (the
/// game shuffles them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// `veldt`, `volgaria`, `badlands`, `great_frost`, `arboria` or `random`.
    pub realm: String,
    pub layout: Layout,
    pub seed: u64,
    /// The first deck's player and house; the coin flip decides which side it plays.
    pub decks: [DeckChoice; 2],
}

impl Setup {
    /// A Veldt game on the classic board between a War deck and an Unmaking deck, both
    /// 30 cards cycling through the whole pool: the default of tests and
    /// benchmarks.
    pub fn sample(seed: u64) -> Setup {
        let deck = |house| DeckChoice {
            house,
            cards: crate::cards::sample_deck(crate::stats::MIN_DECK),
        };
        Setup {
            realm: "veldt".into(),
            layout: Layout::Classic,
            seed,
            decks: [deck(House::War), deck(House::Unmaking)],
        }
    }
}

impl Setup {
    /// As [`Setup::sample`], with two 30-card decks drawn at random from the whole pool
    /// (seeded by `seed`): the engine benchmark's games.
    pub fn whole_pool(seed: u64) -> Setup {
        let mut s = Setup::sample(seed);
        for (k, d) in s.decks.iter_mut().enumerate() {
            d.cards = crate::cards::pool_deck(crate::stats::MIN_DECK, seed ^ (k as u64 + 1));
        }
        s
    }
}

/// One player's deck: the house of its Sanctum and its cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckChoice {
    pub house: House,
    pub cards: Vec<CardId>,
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown realm '{0}' (valid: veldt, volgaria, badlands, great_frost, arboria, random)")]
    Realm(String),
    #[error("deck {deck} has {cards} cards; a deck holds {min} to {max}")]
    DeckSize {
        deck: usize,
        cards: usize,
        min: usize,
        max: usize,
    },
}

/// A group on the board: where it stands, and the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    /// Unique in the game; also the group's age (lower is older).
    pub id: u32,
    pub at: Square,
    #[serde(flatten)]
    pub group: Group,
}

/// What the rules remember about a town or colony beyond its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TownInfo {
    pub at: Square,
    /// The mana type chosen on capture; `None` while neutral.
    pub mana: Option<ManaType>,
    /// The turn of the last capture (production counts from it).
    pub captured: u32,
    /// Novices of another nation waiting there, trained before the owner's own
    /// (Allies); counted among its novices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guests: Option<(crate::groups::Nation, u8)>,
}

/// Where an active spell lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum Host {
    Globe,
    Square { at: Square },
    Group { group: u32 },
    Minion { minion: u32 },
}

/// A spell in play, real or helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ActiveSpell {
    /// Unique in the game, in casting order.
    pub id: u32,
    pub spell: SpellRef,
    pub owner: Player,
    pub host: Host,
    /// Last turn it is active ("turn of casting +N"); `None`: until dispelled.
    pub until: Option<u32>,
    /// Visible spells are enchantments, shown to both players.
    pub visible: bool,
    /// The terrain a Terrain-Bind binds its group to (the terrain it stood on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrain: Option<crate::terrain::Terrain>,
}

/// A real spell (a card) or one of the engine's helper spells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellRef {
    Card(CardId),
    /// The terrain of a square.
    Terrain,
    /// A recruit's nation ability.
    Nation,
    /// A Cockatrice's Gaze, given by a hit (visible, cumulative).
    CockatricesGaze,
    /// A Gorgon's Gaze, of the same family (visible, cumulative; three of any kind kill).
    GorgonsGaze,
    /// A movement ability a scenario gives a group (never visible).
    Ability(crate::groups::Ability),
    /// The Colony rule: every colony carries one; when it leaves play the colony ends.
    Colony,
    /// A trophy item taken from a slain monster (visible).
    Trophy(Trophy),
}

/// Items the engine gives minions as helpers: trophies a minion takes by killing
/// certain monsters, items generated for recruits created in a structure (Master
/// Smith), and the gift of Auberol's Grace. Seed 002 names the visible ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trophy {
    /// From a Minotaur: +2 hand damage; a minion carries one at most (stated as the
    /// example of a helper that is not cumulative).
    MinotaursAxe,
    /// From a Wyrmling: +1 armor, cumulative.
    WyrmlingHide,
    /// From a Gorgon: +1 hand damage and +1 armor.
    GorgonsHead,
    /// From an Obsidian Dragon: +2 armor.
    ObsidianArmor,
    /// Generated for a swordsman (Master Smith): +1 hand damage.
    DwarvenBlade,
    /// Generated for an archer (Master Smith): +1 missile damage.
    DwarvenArrows,
    /// Generated for a Djinni archer instead of arrows (Master Smith): +1 attack.
    DjinniBow,
    /// Auberol's Grace on a recruit created in its town: +4 hit points (not visible).
    AuberolsGrace,
    /// A temporary effect (seed 002), given by the hits of a Venom'd Arrow: 1 less hand
    /// and missile damage until the end of the next turn.
    KarillianVenom,
    /// A temporary effect (seed 002), cast by Nihil's Minion: no damage and no armor
    /// until the end of the next turn.
    NihilsCurse,
    /// A temporary effect (seed 002), cast by Pantogar's Curse: 1 level and 1 hand
    /// damage less until the end of the next turn.
    ShadowsChill,
    /// A persistent effect (seed 002), cast by Fae Gift: +1 armor, +2 hit points.
    FaerieBlessing,
    /// A persistent effect (seed 002), given by the hits of Salamanders: 1 magical
    /// damage at each start of turn.
    ThermiteDamage,
    /// A generated item (seed 002) of recruits created in a structure under
    /// Changelings: 1 level and 1 hand damage less.
    Changelings,
    /// A generated item (seed 002) of recruits created in a structure under Fertility:
    /// +2 hit points.
    FarmBoy,
    /// Clandestin's cloak on recruits created in its structure: concealed from the other
    /// player's individual spells until the end of the fourth turn after it arrives.
    Greymantle,
    /// Ancient King's gift to the members of his group when he dies: +1 level.
    Legacy,
    /// Marks the Ancient King himself (not visible).
    Kingship,
    /// Marks a group an Ancient King leads (not visible): when he is no longer in it,
    /// its members gain Legacy.
    Court,
    /// Bear Spirit's bear form (not visible): +1 hand damage, +1 attack, 1 armor less.
    BearForm,
    /// Marks an off-board monster group (not visible): it vanishes after all combat.
    OffBoard,
    /// Given by Brown Striders' hits: 1 hand damage less, cumulative, for good.
    StridersVenom,
    /// Jungle's gift to monsters summoned in it: 3 more hit points and 1 more hand
    /// damage, for good.
    JungleVigor,
}

impl Trophy {
    pub const fn cumulative(self) -> bool {
        !matches!(self, Trophy::MinotaursAxe | Trophy::ThermiteDamage)
    }

    /// How many turns after the turn it arrives a temporary item lasts (`None`: for
    /// good).
    pub const fn lasts(self) -> Option<u32> {
        match self {
            Trophy::KarillianVenom | Trophy::NihilsCurse | Trophy::ShadowsChill => Some(1),
            Trophy::Greymantle => Some(4),
            _ => None,
        }
    }

    /// Magical damage the item deals its minion at each start of turn.
    pub const fn damage_each_turn(self) -> u8 {
        match self {
            Trophy::ThermiteDamage => 1,
            _ => 0,
        }
    }

    /// Visible items are enchantments (seed 002 lists the trophies and generated
    /// items among the visible helpers).
    pub const fn visible(self) -> bool {
        !matches!(
            self,
            Trophy::AuberolsGrace
                | Trophy::Kingship
                | Trophy::Court
                | Trophy::BearForm
                | Trophy::OffBoard
        )
    }

    pub const fn modifier(self) -> crate::cards::Modifier {
        use crate::cards::Modifier;
        match self {
            Trophy::MinotaursAxe => Modifier {
                hand: 2,
                ..Modifier::NONE
            },
            Trophy::WyrmlingHide => Modifier::armor(1),
            Trophy::GorgonsHead => Modifier {
                hand: 1,
                armor: 1,
                ..Modifier::NONE
            },
            Trophy::ObsidianArmor => Modifier::armor(2),
            Trophy::DwarvenBlade => Modifier {
                hand: 1,
                ..Modifier::NONE
            },
            Trophy::DwarvenArrows => Modifier {
                missile: 1,
                ..Modifier::NONE
            },
            Trophy::DjinniBow => Modifier {
                attacks: 1,
                ..Modifier::NONE
            },
            Trophy::AuberolsGrace => Modifier {
                hit_points: 4,
                ..Modifier::NONE
            },
            Trophy::KarillianVenom => Modifier {
                hand: -1,
                missile: -1,
                ..Modifier::NONE
            },
            Trophy::NihilsCurse => Modifier {
                hand: -100,
                missile: -100,
                armor: -100,
                ..Modifier::NONE
            },
            Trophy::ShadowsChill | Trophy::Changelings => Modifier {
                level: -1,
                hand: -1,
                ..Modifier::NONE
            },
            Trophy::FaerieBlessing => Modifier {
                armor: 1,
                hit_points: 2,
                ..Modifier::NONE
            },
            Trophy::ThermiteDamage => Modifier::NONE,
            Trophy::FarmBoy => Modifier {
                hit_points: 2,
                ..Modifier::NONE
            },
            Trophy::Greymantle | Trophy::Kingship | Trophy::Court | Trophy::OffBoard => {
                Modifier::NONE
            }
            Trophy::StridersVenom => Modifier {
                hand: -1,
                ..Modifier::NONE
            },
            Trophy::JungleVigor => Modifier {
                hit_points: 3,
                hand: 1,
                ..Modifier::NONE
            },
            Trophy::Legacy => Modifier {
                level: 1,
                ..Modifier::NONE
            },
            Trophy::BearForm => Modifier {
                hand: 1,
                attacks: 1,
                armor: -1,
                ..Modifier::NONE
            },
        }
    }
}

/// One side's hidden and public holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerState {
    pub house: House,
    /// The draw pile, drawn from the end.
    pub deck: Vec<CardId>,
    pub hand: Vec<CardId>,
    /// Discarded cards.
    pub whirlpool: Vec<CardId>,
    /// Mana to spend this turn.
    pub mana: Mana,
    /// Mana the Sanctum generates each turn (its base plus novices trained as mana).
    pub sanctum_mana: Mana,
    /// Extra mana at the next generation only (Burst spells).
    pub next_turn_mana: Mana,
    /// Whether the player discarded a card in the last orders phase.
    pub discarded: bool,
    /// Structure delta since the last start of turn.
    pub delta: i32,
    /// Mana type wished for each town this player may capture next.
    pub town_mana: Vec<(Square, ManaType)>,
    /// Once-per-game cards this player has cast successfully.
    pub cast_once: Vec<CardId>,
    /// The M of each Revolver copy in the hand (hidden like the hand).
    pub revolving: Vec<(CardId, u8)>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    SanctumCaptured,
    Conceded,
    TurnLimit,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameOutcome {
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
    pub turn: u32,
}

/// A whole game at one moment. Cloning it is cheap enough for search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameState {
    pub turn: u32,
    pub realm: Realm,
    pub field: Field,
    pub towns: Vec<TownInfo>,
    /// Groups, oldest first.
    pub units: Vec<Unit>,
    pub players: [PlayerState; 2],
    pub initiative: Side,
    /// Every spell in play, oldest first; each host's list is this list filtered.
    pub active: Vec<ActiveSpell>,
    pub rng: GameRng,
    pub next_id: u32,
    pub outcome: Option<GameOutcome>,
    /// Movement orders written over by spells executed this turn (cleared by movement).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spell_orders: Vec<(u32, crate::movement::Forced)>,
    /// Minions off the board that will reappear (a boardhop: Soul Jar, Dryad's Favors).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub away: Vec<Away>,
}

/// A boardhop: minions that left the board without dying and reappear as a new group
/// of `owner` on `at` at the first start of turn from `back` on when no group stands
/// there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Away {
    pub owner: Player,
    pub at: Square,
    pub back: u32,
    pub minions: Vec<Minion>,
    /// Encampment's group: its camp colony is razed when it returns (S60).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub camp: bool,
}

impl PlayerState {
    pub fn new(house: House) -> PlayerState {
        let mut sanctum_mana = Mana::default();
        sanctum_mana.add(house.primary(), stats::SANCTUM_PRIMARY);
        sanctum_mana.add(house.secondary(), stats::SANCTUM_SECONDARY);
        PlayerState {
            house,
            deck: Vec::new(),
            hand: Vec::new(),
            whirlpool: Vec::new(),
            mana: Mana::default(),
            sanctum_mana,
            next_turn_mana: Mana::default(),
            discarded: false,
            delta: 0,
            town_mana: Vec::new(),
            cast_once: Vec::new(),
            revolving: Vec::new(),
        }
    }
}

impl PlayerState {
    /// What casting `card` from this hand costs now (a Revolver: its oldest copy's M).
    pub fn cost_of(&self, card: CardId) -> Mana {
        let def = card.def();
        if def.revolver {
            def.house.cost(self.revolver_m(card), 0)
        } else {
            def.cost()
        }
    }

    /// The M of the oldest copy of a Revolver in the hand (1 if none is recorded).
    pub fn revolver_m(&self, card: CardId) -> u8 {
        self.revolving
            .iter()
            .filter(|(c, _)| *c == card)
            .map(|(_, m)| *m)
            .max()
            .unwrap_or(1)
    }

    /// A card leaves the hand: a Revolver takes its oldest copy's M with it.
    pub fn take_revolver(&mut self, card: CardId) -> u8 {
        let m = self.revolver_m(card);
        if let Some(pos) = self
            .revolving
            .iter()
            .position(|&(c, x)| c == card && x == m)
        {
            self.revolving.remove(pos);
        }
        m
    }
}

impl GameState {
    /// What casting `card` costs `side` now: its cost in the hand (a Revolver's M) with
    /// every price change in play — Syzygy's reduction, Dissolution's penalty, a card
    /// cheaper while its Hero is on the board (seed 002: not part of the base cost).
    pub fn price(&self, side: Side, card: CardId) -> Mana {
        self.adjust_price(side, card, self.player(side).cost_of(card))
    }

    /// `base` with the price changes in play for `side` casting `card`.
    pub fn adjust_price(&self, side: Side, card: CardId, base: Mana) -> Mana {
        let def = card.def();
        let mut delta: i32 = 0;
        for a in &self.active {
            let (crate::game::state::SpellRef::Card(c), Host::Globe) = (a.spell, a.host) else {
                continue;
            };
            for e in c.def().effects() {
                if let crate::cards::Effect::Price { delta: d, caster } = *e
                    && (a.owner == Player::from(side)) == caster
                {
                    delta += i32::from(d);
                }
            }
        }
        if let Some((hero, by)) = def.cheaper_with
            && self.has_hero(side, hero)
        {
            delta -= i32::from(by);
        }
        if delta == 0 {
            return base;
        }
        let t = def.house.primary();
        let mut out = Mana::default();
        for m in ManaType::ALL {
            let n = i32::from(base.get(m)) + if m == t { delta } else { 0 };
            out.add(m, n.clamp(0, i32::from(u16::MAX)) as u16);
        }
        out
    }

    /// Whether `side` has the Hero of card `hero` on the board (a Hero recruit of that
    /// card's class and nation: each Hero card makes its own pair, a unit test pins it).
    pub fn has_hero(&self, side: Side, hero: &str) -> bool {
        let Some(crate::cards::Effect::Hero { class, nation, .. }) =
            CardId::from_name(hero).map(|c| c.def().effect)
        else {
            return false;
        };
        self.units
            .iter()
            .filter(|u| u.group.owner == Player::from(side))
            .flat_map(|u| u.group.minions())
            .any(|m| {
                matches!(m.kind, crate::groups::MinionKind::Recruit { class: c, nation: Some(n), hero: true } if c == class && n == nation)
            })
    }

    /// An empty board of one layout (plains, the two Sancta), no groups, turn 1, red
    /// with initiative: the base that scenarios fill in.
    pub fn empty(layout: Layout, houses: [House; 2], seed: u64) -> GameState {
        GameState {
            turn: 1,
            realm: Realm::Veldt,
            field: Field::new(layout),
            towns: Vec::new(),
            units: Vec::new(),
            players: [PlayerState::new(houses[0]), PlayerState::new(houses[1])],
            initiative: Side::Red,
            active: Vec::new(),
            rng: GameRng::from_seed(seed),
            next_id: 1,
            outcome: None,
            spell_orders: Vec::new(),
            away: Vec::new(),
        }
    }

    /// A new game from its setup, before the first start of turn: the map, the coin
    /// flip, the shuffled decks, the first hands and the starting groups.
    pub fn new(setup: &Setup) -> Result<GameState, SetupError> {
        let choice =
            RealmChoice::from_name(&setup.realm).ok_or(SetupError::Realm(setup.realm.clone()))?;
        for (i, d) in setup.decks.iter().enumerate() {
            if !(stats::MIN_DECK..=stats::MAX_DECK).contains(&d.cards.len()) {
                return Err(SetupError::DeckSize {
                    deck: i + 1,
                    cards: d.cards.len(),
                    min: stats::MIN_DECK,
                    max: stats::MAX_DECK,
                });
            }
        }
        let mut rng = GameRng::from_seed(setup.seed);
        let map = GameMap::generate(choice, setup.layout, &mut rng);
        // The coin flip: which deck plays red.
        let first_is_red = rng.below(2) == 0;
        let (red, blue) = if first_is_red {
            (&setup.decks[0], &setup.decks[1])
        } else {
            (&setup.decks[1], &setup.decks[0])
        };
        let mut state = GameState::empty(setup.layout, [red.house, blue.house], 0);
        state.realm = map.realm;
        state.field = Field::from_map(&map);
        for at in map.towns() {
            state.towns.push(TownInfo {
                at,
                mana: None,
                captured: 0,
                guests: None,
            });
        }
        for (side, deck) in Side::BOTH.into_iter().zip([red, blue]) {
            let p = &mut state.players[side.index()];
            p.deck = deck.cards.clone();
            rng.shuffle(&mut p.deck);
            for _ in 0..stats::HAND_SIZE {
                if let Some(c) = p.deck.pop() {
                    p.hand.push(c);
                }
            }
        }
        state.rng = rng;
        state.add_terrain_helpers();
        for side in Side::BOTH {
            let at = state.field.sanctum(side);
            let nation = state.players[side.index()].house.nation();
            let minions = (0..stats::START_GROUP)
                .map(|_| Minion::recruit(RecruitClass::Swordsman, Some(nation), 1, false))
                .collect();
            state.create_group(side.into(), Control::Player, at, minions);
        }
        Ok(state)
    }

    /// One terrain helper spell on every playable square (never visible).
    pub fn add_terrain_helpers(&mut self) {
        let squares = self.field.board().squares().to_vec();
        for at in squares {
            self.add_active(
                crate::game::state::SpellRef::Terrain,
                Player::Neutral,
                Host::Square { at },
                None,
                false,
            );
        }
    }

    /// A fresh id for a group, minion or active spell.
    pub fn fresh_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub fn add_active(
        &mut self,
        spell: SpellRef,
        owner: Player,
        host: Host,
        until: Option<u32>,
        visible: bool,
    ) -> u32 {
        let id = self.fresh_id();
        self.active.push(ActiveSpell {
            id,
            spell,
            owner,
            host,
            until,
            visible,
            terrain: None,
        });
        id
    }

    /// Gives a minion its id and, for a recruit of a nation, its nation helper spell.
    pub fn enlist(&mut self, mut m: Minion) -> Minion {
        m.id = self.fresh_id();
        if m.nation().is_some() {
            self.add_active(
                SpellRef::Nation,
                Player::Neutral,
                Host::Minion { minion: m.id },
                None,
                false,
            );
        }
        m
    }

    /// Creates a group on a square (the caller checks the square is free) and returns
    /// its id.
    pub fn create_group(
        &mut self,
        owner: Player,
        control: Control,
        at: Square,
        minions: Vec<Minion>,
    ) -> u32 {
        let id = self.fresh_id();
        let minions: Vec<Minion> = minions.into_iter().map(|m| self.enlist(m)).collect();
        self.place_group(id, owner, control, at, minions)
    }

    /// A new group of minions already in the game (they keep their ids and their
    /// individual spells): a minion leaving its group (S61). Returns its id.
    pub fn form_group(
        &mut self,
        owner: Player,
        control: Control,
        at: Square,
        minions: Vec<Minion>,
    ) -> u32 {
        let id = self.fresh_id();
        self.place_group(id, owner, control, at, minions)
    }

    fn place_group(
        &mut self,
        id: u32,
        owner: Player,
        control: Control,
        at: Square,
        minions: Vec<Minion>,
    ) -> u32 {
        let name = format!("{}{id}", &owner.name()[..1].to_uppercase());
        let group = Group::new(&name, owner, control, id, minions, Effects::default())
            .unwrap_or_else(|_| unreachable_group());
        self.units.push(Unit { id, at, group });
        if crate::game::effects::area_modifiers(self) {
            crate::game::effects::refresh_group(self, id);
        }
        id
    }

    pub fn unit(&self, id: u32) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn unit_mut(&mut self, id: u32) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    /// The group standing on a square.
    pub fn unit_at(&self, at: Square) -> Option<&Unit> {
        self.units.iter().find(|u| u.at == at)
    }

    pub fn player(&self, side: Side) -> &PlayerState {
        &self.players[side.index()]
    }

    pub fn town(&self, at: Square) -> Option<&TownInfo> {
        self.towns.iter().find(|t| t.at == at)
    }

    /// Owned towns and colonies of a side.
    pub fn structures_of(&self, side: Side) -> usize {
        self.field
            .board()
            .squares()
            .iter()
            .filter(|&&s| {
                self.field.structure(s).is_some_and(|st| {
                    st.owner == Player::from(side)
                        && matches!(st.kind, StructureKind::Town | StructureKind::Colony)
                })
            })
            .count()
    }

    /// Removes groups with no minions, and the active spells on dead minions and groups;
    /// returns the ids of the groups removed.
    pub fn bury(&mut self) -> Vec<u32> {
        let dead: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.group.is_dead())
            .map(|u| u.id)
            .collect();
        self.units.retain(|u| !u.group.is_dead());
        let mut groups: Vec<u32> = self.units.iter().map(|u| u.id).collect();
        let mut minions: Vec<u32> = self
            .units
            .iter()
            .flat_map(|u| u.group.minions().iter().map(|m| m.id))
            .collect();
        groups.sort_unstable();
        minions.sort_unstable();
        self.active.retain(|a| match a.host {
            Host::Group { group } => groups.binary_search(&group).is_ok(),
            Host::Minion { minion } => minions.binary_search(&minion).is_ok(),
            Host::Globe | Host::Square { .. } => true,
        });
        dead
    }
}

/// Groups built by the engine are never empty, over-full or mixed; if that invariant
/// broke, an empty placeholder keeps the game running and `bury` removes it.
#[cold]
fn unreachable_group() -> Group {
    let mut g = Group::new(
        "?",
        Player::Neutral,
        Control::Computer,
        0,
        vec![Minion::monster("none", 1)],
        Effects::default(),
    )
    .expect("one monster is a valid group");
    g.kill_all();
    g
}
