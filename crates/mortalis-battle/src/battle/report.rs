//! What a battle hands the campaign (B175–B177): the battle report in the
//! format `mortalis campaign battle` reads.

use mortalis_rules::campaign::events::{BattleReport, BattleResult, ChallengeReport, ModelReport};
use mortalis_rules::campaign::tables::ChallengeXp;

use super::{Battle, Status};

impl Battle {
    /// The report of `side` (0 or 1) once the battle has ended: per model,
    /// enemies taken out, markers carried off, removed or not, left in Duma
    /// (`escaped`), carried the object off (`object`), grenades thrown
    /// (`used`, struck off in the campaign); markers the side took
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
            .enumerate()
            .filter(|(_, m)| m.side == side && !m.volunteer)
            .map(|(i, m)| ModelReport {
                name: m.name.clone(),
                took_out: m.took_out,
                markers: m.scored,
                out_of_action: m.status == Status::Removed,
                escaped: m.escaped,
                object: m.delivered || self.co_carriers.contains(&i),
                used: m.thrown.clone(),
                ..ModelReport::default()
            })
            .collect();
        Some(BattleReport {
            scenario: self.scenario,
            result,
            extra_loot: self.collected[side],
            models,
            challenges: self.challenge_reports(side),
            volunteers: self
                .models
                .iter()
                .filter(|m| m.side == side && m.volunteer)
                .count() as u32,
            opponent_strength: Some(self.strengths[1 - side]),
        })
    }

    /// The challenges `side` met, each with the model that earns its
    /// experience (B176). One whose experience has nobody to go to (the
    /// named enemy removed by no hero of the side) still gave its victory
    /// points but is left out, since the campaign wants a model for it.
    fn challenge_reports(&self, side: usize) -> Vec<ChallengeReport> {
        self.challenges
            .met
            .iter()
            .filter(|m| m.side == side)
            .filter_map(|m| {
                let model = m.model.map(|i| self.models[i].name.clone());
                let needs = m.id.reward().0 != ChallengeXp::None;
                match (needs, model) {
                    (false, _) => Some(ChallengeReport {
                        id: m.id,
                        model: None,
                    }),
                    (true, Some(n)) => Some(ChallengeReport {
                        id: m.id,
                        model: Some(n),
                    }),
                    (true, None) => None,
                }
            })
            .collect()
    }
}
