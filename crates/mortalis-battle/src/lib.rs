//! The battle simulator of Sanctum Mortalis, first slice: the table. Terrain
//! pieces, where models can stand, edge-to-edge distances, line of sight with
//! obstacle and cover, and path lengths for one Move. Pure: no I/O, no clock;
//! randomness only from a seeded ChaCha8 RNG passed in (the table generator).

pub mod battle;
pub mod file;
pub mod generate;
mod hyp;
pub mod path;
mod sharded;
pub mod sight;
pub mod svg;
pub mod table;

pub use path::{Mover, Nav, Path, Reach, Step};
pub use sight::Sight;
pub use table::{Body, Kind, Level, Piece, Place, Table, TableError};
