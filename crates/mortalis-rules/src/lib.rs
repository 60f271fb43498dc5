//! Rules core of Sanctum Mortalis: dice, profiles, equipment, skills, exact
//! odds of actions and the warband builder. Pure: no I/O, no clock, no
//! ambient randomness.

pub mod bounds;
pub mod campaign;
pub mod dice;
pub mod equipment;
pub mod names;
pub mod odds;
pub mod play;
pub mod profile;
pub mod skills;
pub mod warband;

pub use names::Lang;
