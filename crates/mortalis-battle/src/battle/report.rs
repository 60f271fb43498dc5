//! What a battle hands the campaign (B175–B177): the battle report in the
//! format `mortalis campaign battle` reads.

use mortalis_rules::campaign::events::{BattleReport, BattleResult, ModelReport};

use super::{Battle, Status};

impl Battle {
    /// The report of `side` (0 or 1) once the battle has ended: per model,
    /// enemies taken out, markers carried off, removed or not, left in Duma
    /// (`escaped`), carried the object off (`object`); markers the side took
    /// automatically (B145; the object as 4) as loot rolls without experience;
    /// volunteers fielded; the opponent's strength.
    pub fn report(&self, side: usize) -> Option<BattleReport> {
        let (_, _, winner) = self.end?;
        let result = match winner {
            None => BattleResult::Draw,
            Some(w) if w == side => BattleResult::Win,
            Some(_) => BattleResult::Loss,
        };
        let models = self
            .models
            .iter()
            .filter(|m| m.side == side && !m.volunteer)
            .map(|m| ModelReport {
                name: m.name.clone(),
                took_out: m.took_out,
                markers: m.scored,
                out_of_action: m.status == Status::Removed,
                escaped: m.escaped,
                object: m.delivered,
                ..ModelReport::default()
            })
            .collect();
        Some(BattleReport {
            scenario: self.scenario,
            result,
            extra_loot: self.collected[side],
            models,
            challenges: vec![],
            volunteers: self
                .models
                .iter()
                .filter(|m| m.side == side && m.volunteer)
                .count() as u32,
            opponent_strength: Some(self.strengths[1 - side]),
        })
    }
}
