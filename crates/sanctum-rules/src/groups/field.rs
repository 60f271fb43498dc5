//! The squares of a phase: terrain, structures and the novices waiting in them.

use serde::Serialize;

use crate::board::{Board, Layout, Reserved};
use crate::map::{GameMap, Structure, StructureKind};
use crate::player::Side;
use crate::square::{CELLS, Square};
use crate::terrain::Terrain;

/// The squares of a phase: terrain and structures, plus the novices waiting in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    layout: Layout,
    terrain: [Terrain; CELLS],
    structures: [Option<Structure>; CELLS],
    novices: [u8; CELLS],
}

impl Field {
    /// All plains, with the two Sancta and their entrances.
    pub fn new(layout: Layout) -> Field {
        let board = Board::get(layout);
        let mut structures = [None; CELLS];
        for &s in board.squares() {
            structures[s.index()] = match board.reserved(s) {
                Some(Reserved::Sanctum(side)) => Some(Structure {
                    kind: StructureKind::Sanctum,
                    owner: side.into(),
                }),
                Some(Reserved::Entrance(side)) => Some(Structure {
                    kind: StructureKind::Entrance,
                    owner: side.into(),
                }),
                None => None,
            };
        }
        Field {
            layout,
            terrain: [Terrain::Plains; CELLS],
            structures,
            novices: [0; CELLS],
        }
    }

    /// The terrain and structures of a generated map.
    pub fn from_map(map: &GameMap) -> Field {
        let mut field = Field::new(map.layout);
        for &s in map.board().squares() {
            field.terrain[s.index()] = map.terrain(s);
            field.structures[s.index()] = map.structure(s);
        }
        field
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn board(&self) -> &'static Board {
        Board::get(self.layout)
    }

    pub fn terrain(&self, s: Square) -> Terrain {
        self.terrain[s.index()]
    }

    pub fn set_terrain(&mut self, s: Square, t: Terrain) {
        self.terrain[s.index()] = t;
    }

    pub fn structure(&self, s: Square) -> Option<Structure> {
        self.structures[s.index()]
    }

    pub fn set_structure(&mut self, s: Square, st: Option<Structure>) {
        self.structures[s.index()] = st;
    }

    pub fn novices(&self, s: Square) -> u8 {
        self.novices[s.index()]
    }

    pub fn set_novices(&mut self, s: Square, n: u8) {
        self.novices[s.index()] = n;
    }

    /// The Sanctum of a side.
    pub fn sanctum(&self, side: Side) -> Square {
        self.board().sanctum(side)
    }
}

#[derive(Serialize)]
struct FieldRepr<'a> {
    layout: Layout,
    /// Terrain of every playable square, in the board's square order.
    terrain: Vec<Terrain>,
    structures: Vec<PlacedStructure<'a>>,
}

#[derive(Serialize)]
struct PlacedStructure<'a> {
    at: Square,
    #[serde(flatten)]
    structure: &'a Structure,
    novices: u8,
}

impl Serialize for Field {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let board = self.board();
        let repr = FieldRepr {
            layout: self.layout,
            terrain: board.squares().iter().map(|&s| self.terrain(s)).collect(),
            structures: board
                .squares()
                .iter()
                .filter_map(|&s| {
                    self.structures[s.index()]
                        .as_ref()
                        .map(|structure| PlacedStructure {
                            at: s,
                            structure,
                            novices: self.novices(s),
                        })
                })
                .collect(),
        };
        repr.serialize(ser)
    }
}
