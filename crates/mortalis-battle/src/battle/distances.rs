//! The walking distances the AI measures by (`field.rs`): to a place, to
//! a table edge, cut short at a limit, and round every other base for a
//! model jammed among them, each read from the table's `FieldStore`.
//! Split from `mod.rs`.

use super::{Battle, Fighter, field};
use crate::table::Place;

impl Battle {
    /// How far `at` is from `to` walking round and climbing over terrain,
    /// roughly (a 0.5" grid; for the AI's judgement, never for a rule).
    pub fn walk_to(&self, to: Place, at: Place) -> f64 {
        let store = &self.recall.fields;
        let goal = store.grid(&self.table).point(to);
        store.distance(&self.table, goal, at)
    }

    /// A lower bound of [`Battle::walk_to`] that changes by no more than
    /// `at` moves (`Fields::floor`).
    pub fn walk_floor(&self, to: Place, at: Place) -> f64 {
        let grid = self.recall.fields.grid(&self.table);
        grid.floor(grid.point(to), at)
    }

    /// A lower bound of [`Battle::walk_to_edge`], as [`Battle::walk_floor`].
    pub fn edge_floor(&self, edge: usize, at: Place) -> f64 {
        let grid = self.recall.fields.grid(&self.table);
        grid.floor(field::Goal::Edge(edge), at)
    }

    /// [`Battle::walk_to`] read from a search cut a little past `limit`
    /// (much quicker; `Fields::distance_within`): the walking distance
    /// where the cells round `at` lie within the cut, infinite where none
    /// does, rougher between. What it answers depends on `to`, `at` and
    /// `limit` alone.
    pub fn walk_within(&self, to: Place, at: Place, limit: f64) -> f64 {
        let store = &self.recall.fields;
        let goal = store.grid(&self.table).point(to);
        store.distance_within(&self.table, goal, at, limit)
    }

    /// How far `at` is from the nearest marker (or the object) on the
    /// ground for model `m`, walking round terrain and round every other
    /// model's base too (the AI's view for a model jammed among others;
    /// docs/mortalis/ai.md). One search per goals' cells and bases, kept in
    /// the table's `FieldStore` (`FieldStore::around_bases`).
    pub fn jam_gap(&self, m: usize, at: Place) -> f64 {
        self.jam_search(m, at, false)
    }

    /// [`Battle::jam_gap`] to the nearest enemy of model `m` on the table
    /// instead, round every base but the enemies' own.
    pub fn jam_gap_to_enemy(&self, m: usize, at: Place) -> f64 {
        self.jam_search(m, at, true)
    }

    fn jam_search(&self, m: usize, at: Place, enemies: bool) -> f64 {
        let key = (m, self.log.len(), enemies);
        let store = &self.recall.fields;
        let mut jam = self.jam.0.borrow_mut();
        if jam.as_ref().is_none_or(|(k, _)| *k != key) {
            let side = self.models[m].side;
            let foe = |o: &Fighter| o.on_table() && o.side != side;
            let goals: Vec<Place> = if enemies {
                self.models
                    .iter()
                    .filter(|o| foe(o))
                    .map(|o| o.body.at)
                    .collect()
            } else {
                self.markers.iter().chain(&self.object).copied().collect()
            };
            let bases: Vec<(f64, f64, f64)> = self
                .models
                .iter()
                .enumerate()
                .filter(|&(i, o)| i != m && o.on_table() && !(enemies && foe(o)))
                .map(|(_, o)| (o.body.at.x, o.body.at.y, o.body.radius()))
                .collect();
            *jam = Some((key, store.around_bases(&self.table, &goals, &bases)));
        }
        jam.as_ref().map_or(f64::INFINITY, |(_, search)| {
            store.jam_distance(&self.table, search, at)
        })
    }

    /// How far `at` is from a table edge (0 south, 1 east, 2 north, 3 west)
    /// walking, roughly, as [`Battle::walk_to`].
    pub fn walk_to_edge(&self, edge: usize, at: Place) -> f64 {
        self.recall
            .fields
            .distance(&self.table, field::Goal::Edge(edge), at)
    }
}
