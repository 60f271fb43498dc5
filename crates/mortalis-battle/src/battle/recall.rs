//! What a battle remembers of the questions it asked about its table (sight
//! checks, Move searches, walking fields), and what battles on one table
//! share ([`Shared`]: its navigation and that memory).
//!
//! Every answer kept is a pure function of the table and the question's
//! key, so a battle reading an answer another battle on the same table
//! found gets exactly what it would have found itself: sharing changes
//! how fast a battle is played, never how. `simulate` plays many battles
//! on one table, and the same warbands on it ask the same questions again
//! and again (in 40 battles on one dense 36" table, 7,326 Move searches
//! were made and 958 of them were different; 3,369 walking fields and
//! 165; 7,239 whole sight checks and 640).

use std::sync::Arc;

use super::field::FieldStore;
use super::moves::ReachMemo;
use super::{Battle, Fighter, navs_for};
use crate::path::Nav;
use crate::sight::SightMemo;
use crate::table::Table;

/// The answers kept for one table.
#[derive(Debug, Default)]
pub(crate) struct Recall {
    /// Sight checks ([`Battle::sight`]).
    pub(crate) sight: SightMemo,
    /// Move searches, by their inputs (`moves.rs`).
    pub(crate) reach: ReachMemo,
    /// The AI's walking fields (`field.rs`).
    pub(crate) fields: FieldStore,
}

/// A battle's hold on the answers kept for its table: its own, or those of
/// a [`Shared`] it plays on. A copy of the battle starts with its own,
/// empty: a copy may be given another table (`Battle::table` is public),
/// and answers kept for one table must never serve another.
#[derive(Debug, Default)]
pub(crate) struct Held(Arc<Recall>);

impl Clone for Held {
    fn clone(&self) -> Self {
        Held::default()
    }
}

impl std::ops::Deref for Held {
    type Target = Recall;

    fn deref(&self) -> &Recall {
        &self.0
    }
}

/// What battles on one table may share ([`Battle::play_sharing`]): a
/// `Nav` for each mover the models need ([`navs_for`]) and the answers the
/// battles find ([`Recall`]). Battles played at once on other threads may
/// share it too.
pub struct Shared<'t> {
    table: &'t Table,
    navs: Vec<Nav<'t>>,
    recall: Arc<Recall>,
}

impl<'t> Shared<'t> {
    /// What battles of `models` on `table` share, nothing found yet.
    pub fn new(table: &'t Table, models: &[Fighter]) -> Self {
        Shared {
            table,
            navs: navs_for(table, models),
            recall: Arc::default(),
        }
    }

    /// The navigation.
    pub fn navs(&self) -> &[Nav<'t>] {
        &self.navs
    }

    /// The table.
    pub fn table(&self) -> &'t Table {
        self.table
    }
}

impl Battle {
    /// Takes up what `shared` keeps when it was kept for a table equal to
    /// this battle's ([`Battle::play_sharing`] does it first): from then on
    /// the battle reads the answers the battles on that table found, and
    /// keeps its own there. The same battle either way.
    pub fn share_memory(&mut self, shared: &Shared) {
        if *shared.table == self.table {
            self.recall = Held(Arc::clone(&shared.recall));
        }
    }
}
