//! Map generation: towns first, then terrain, as the original's rules describe.

use serde::{Deserialize, Serialize};

use crate::board::{Board, Layout, Reserved};
use crate::player::{Player, Side};
use crate::realm::{Realm, RealmChoice, TownCount};
use crate::rng::GameRng;
use crate::square::{CELLS, Square};
use crate::terrain::Terrain;

/// The kinds of structure that can stand on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StructureKind {
    Sanctum,
    Entrance,
    Town,
    Colony,
}

impl StructureKind {
    pub const fn name(self) -> &'static str {
        match self {
            StructureKind::Sanctum => "sanctum",
            StructureKind::Entrance => "entrance",
            StructureKind::Town => "town",
            StructureKind::Colony => "colony",
        }
    }
}

/// A structure and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Structure {
    pub kind: StructureKind,
    pub owner: Player,
}

/// Squares whose terrain is fixed to the realm's default, and where the terrain of the
/// others comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    OffMap,
    Default,
    Roll,
    CopyOf(Square),
}

/// A generated map: the terrain of every playable square and the structures on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMap {
    pub layout: Layout,
    /// The realm the terrain came from (drawn, when the choice was `random`).
    pub realm: Realm,
    pub choice: RealmChoice,
    terrain: [Terrain; CELLS],
    structures: [Option<Structure>; CELLS],
}

/// The terrain distribution of a realm, calibrated so that the mean counts over many
/// maps equal Table 1, given which squares always take the default terrain.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// Terrain picked by a uniform draw in `0..lookup.len()`.
    lookup: Vec<Terrain>,
}

impl Distribution {
    /// Every square that takes the default terrain for sure (structures and doorsteps)
    /// contributes a whole default square to the mean; the rolled squares must supply the
    /// rest. With `fixed` such squares on average and `84 - fixed` rolled ones, the weight
    /// of terrain `t` is its Table 1 mean, less `fixed` for the default terrain.
    pub fn calibrated(realm: Realm, mean_fixed_half: u16) -> Distribution {
        let info = realm.info();
        let mut lookup = Vec::new();
        for &(terrain, half_count) in info.mean_half_counts {
            let weight = if terrain == info.default_terrain {
                half_count
                    .checked_sub(mean_fixed_half)
                    .expect("Table 1 gives the default terrain at least the fixed squares")
            } else {
                half_count
            };
            lookup.extend(std::iter::repeat_n(terrain, weight as usize));
        }
        Distribution { lookup }
    }

    /// The probability of each terrain on a rolled square, as a fraction of the weights.
    pub fn weight(&self, terrain: Terrain) -> (usize, usize) {
        (
            self.lookup.iter().filter(|&&t| t == terrain).count(),
            self.lookup.len(),
        )
    }

    #[inline]
    pub fn roll(&self, rng: &mut GameRng) -> Terrain {
        self.lookup[rng.below(self.lookup.len() as u32) as usize]
    }
}

/// Precomputed per-layout and per-realm tables, so that generating a map only draws numbers.
#[derive(Debug)]
pub struct Generator {
    board: &'static Board,
    source: [Source; CELLS],
    distributions: [Distribution; 5],
}

impl Generator {
    pub fn new(layout: Layout) -> Generator {
        let board = Board::get(layout);
        let mut source = [Source::OffMap; CELLS];
        for &s in board.squares() {
            source[s.index()] = if board.reserved(s).is_some() || board.doorsteps().contains(&s) {
                Source::Default
            } else {
                match (layout, board.twin(s)) {
                    (Layout::Symmetric, Some(t)) if copies_from_twin(board, s, t) => {
                        Source::CopyOf(t)
                    }
                    _ => Source::Roll,
                }
            };
        }
        // Mean number of non-reserved squares that are sure to take the default terrain:
        // the doorsteps plus the towns (5 on average in every realm).
        let doorsteps = board.doorsteps().len() as u16;
        let distributions = Realm::ALL.map(|realm| {
            let towns = realm.info().towns.mean();
            Distribution::calibrated(realm, 2 * doorsteps + (2.0 * towns) as u16)
        });
        Generator {
            board,
            source,
            distributions,
        }
    }

    pub fn board(&self) -> &'static Board {
        self.board
    }

    pub fn distribution(&self, realm: Realm) -> &Distribution {
        &self.distributions[realm as usize]
    }

    /// Generates one map. The draws happen in this order: the realm (for `random`), the
    /// town count (when it varies), the half for the random towns, each random town, the
    /// odd town's square (classic only), then one draw per rolled square in row-major order.
    pub fn generate(&self, choice: RealmChoice, rng: &mut GameRng) -> GameMap {
        let realm = match choice {
            RealmChoice::Realm(r) => r,
            RealmChoice::Random => Realm::ALL[rng.below(Realm::ALL.len() as u32) as usize],
        };
        let towns = match choice.towns() {
            TownCount::Fixed(n) => n,
            TownCount::Between(lo, hi) => lo + rng.below((hi - lo + 1) as u32) as u8,
        };
        let board = self.board;
        let mut structures = [None; CELLS];
        for side in Side::BOTH {
            let owner = Player::from(side);
            structures[board.sanctum(side).index()] = Some(Structure {
                kind: StructureKind::Sanctum,
                owner,
            });
            for e in board.entrances(side) {
                structures[e.index()] = Some(Structure {
                    kind: StructureKind::Entrance,
                    owner,
                });
            }
        }
        let town = Some(Structure {
            kind: StructureKind::Town,
            owner: Player::Neutral,
        });

        // Pick half, then place half the towns (rounded down) one by one.
        let side = Side::BOTH[rng.below(2) as usize];
        let mut placed: [Square; 3] = [Square { c: 0, r: 0 }; 3];
        let mut candidates: [Square; 32] = [Square { c: 0, r: 0 }; 32];
        for i in 0..(towns / 2) as usize {
            let mut n = 0;
            for &s in board.eligible_towns(side) {
                let taken = placed[..i].iter().any(|&p| p == s || p.is_orthogonal_to(s));
                if !taken {
                    candidates[n] = s;
                    n += 1;
                }
            }
            placed[i] = candidates[rng.below(n as u32) as usize];
        }
        // Rotate half: each placed town is copied by the half-turn onto the other half.
        for &s in &placed[..(towns / 2) as usize] {
            structures[s.index()] = town;
            let twin = board
                .twin(s)
                .expect("eligible squares have a playable twin");
            structures[twin.index()] = town;
        }
        // Odd town in: the centre square, or one of the two centre squares.
        if towns % 2 == 1 {
            let centre = board.center();
            let s = if centre.len() == 1 {
                centre[0]
            } else {
                centre[rng.below(centre.len() as u32) as usize]
            };
            structures[s.index()] = town;
        }

        let default = realm.info().default_terrain;
        let dist = self.distribution(realm);
        let mut terrain = [default; CELLS];
        for i in 0..CELLS {
            if let Source::Roll = self.source[i]
                && structures[i].is_none()
            {
                terrain[i] = dist.roll(rng);
            }
        }
        for i in 0..CELLS {
            if let Source::CopyOf(t) = self.source[i] {
                terrain[i] = if structures[i].is_some() {
                    default
                } else {
                    terrain[t.index()]
                };
            }
        }
        GameMap {
            layout: board.layout(),
            realm,
            choice,
            terrain,
            structures,
        }
    }
}

/// In the symmetric layout a square copies its twin when it lies on red's half, or on the
/// centerline after its twin in row-major order; every other square rolls.
fn copies_from_twin(board: &Board, s: Square, twin: Square) -> bool {
    if twin == s || board.reserved(twin).is_some() {
        return false;
    }
    match board.half(s) {
        Some(Side::Red) => true,
        Some(Side::Blue) => false,
        None => twin.index() < s.index(),
    }
}

impl GameMap {
    /// Generates a map with a one-off generator; use [`Generator`] to make many.
    pub fn generate(choice: RealmChoice, layout: Layout, rng: &mut GameRng) -> GameMap {
        Generator::new(layout).generate(choice, rng)
    }

    pub fn board(&self) -> &'static Board {
        Board::get(self.layout)
    }

    /// The terrain of a playable square.
    pub fn terrain(&self, s: Square) -> Terrain {
        self.terrain[s.index()]
    }

    pub fn structure(&self, s: Square) -> Option<Structure> {
        self.structures[s.index()]
    }

    /// The town squares in row-major order.
    pub fn towns(&self) -> impl Iterator<Item = Square> + '_ {
        self.board().squares().iter().copied().filter(|&s| {
            matches!(
                self.structure(s),
                Some(Structure {
                    kind: StructureKind::Town,
                    ..
                })
            )
        })
    }

    /// Counts of each terrain over the 84 non-reserved squares, in [`Terrain::ALL`] order.
    pub fn terrain_counts(&self) -> [u32; 11] {
        let mut counts = [0u32; 11];
        for s in self.board().terrain_squares() {
            counts[self.terrain(s).index()] += 1;
        }
        counts
    }

    /// Whether a square is reserved for a Sanctum or entrance.
    pub fn reserved(&self, s: Square) -> Option<Reserved> {
        self.board().reserved(s)
    }
}

/// Running means of terrain and town counts over many maps.
#[derive(Clone, Debug, Default)]
pub struct MapStats {
    samples: u64,
    terrain: [u64; 11],
    towns: u64,
}

impl MapStats {
    pub fn add(&mut self, map: &GameMap) {
        self.samples += 1;
        for (total, n) in self.terrain.iter_mut().zip(map.terrain_counts()) {
            *total += n as u64;
        }
        self.towns += map.towns().count() as u64;
    }

    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Mean count of each terrain per map, in [`Terrain::ALL`] order.
    pub fn mean_terrain(&self) -> [f64; 11] {
        self.terrain.map(|t| t as f64 / self.samples.max(1) as f64)
    }

    pub fn mean_towns(&self) -> f64 {
        self.towns as f64 / self.samples.max(1) as f64
    }
}
