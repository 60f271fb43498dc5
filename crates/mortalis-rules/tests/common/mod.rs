//! Helpers shared by the campaign tests.

use mortalis_rules::campaign::events::{BattleResult, ModelReport};
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::tables::Scenario;
use mortalis_rules::campaign::{
    BattleReport, CampaignError, CampaignFile, CampaignState, DiceOrigin, Purchase,
};
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Picks answers and purchases at random from a seeded generator.
pub struct RandomDecider(pub ChaCha8Rng, pub u32);

impl Decider for RandomDecider {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        let i = self.0.next_u32() as usize % q.choices.len();
        Ok(q.choices[i].id.clone())
    }
    fn next_purchase(&mut self, s: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        if self.1 == 0 {
            return Ok(None);
        }
        self.1 -= 1;
        let shop = postbattle::shop(s);
        let (item, _) = shop[self.0.next_u32() as usize % shop.len()];
        let models: Vec<String> = s.fielded().map(|m| m.name().to_string()).collect();
        // A warband whose every model is gone buys for the stash only.
        let model = match self.0.next_u32() % 3 {
            _ if models.is_empty() => None,
            0 => None,
            _ => Some(models[self.0.next_u32() as usize % models.len()].clone()),
        };
        Ok(Some(Purchase::Buy { item, model }))
    }
    fn refused(&mut self, _: &CampaignError) -> bool {
        true
    }
}

/// A random massacre report: each model that can fight takes some enemies
/// out, carries markers (not pets, not those taken out) and is taken out
/// one time in three.
pub fn random_report(s: &CampaignState, rng: &mut ChaCha8Rng) -> BattleReport {
    let fighters: Vec<(String, bool)> = s
        .fielded()
        .filter(|m| !m.misses_next)
        .map(|m| {
            let pet = m.entry.archetype == mortalis_rules::warband::Archetype::Pet;
            (m.name().to_string(), pet)
        })
        .collect();
    let models = fighters
        .into_iter()
        .map(|(name, pet)| {
            let out_of_action = rng.next_u32().is_multiple_of(3);
            ModelReport {
                name,
                took_out: rng.next_u32() % 3,
                markers: if pet || out_of_action {
                    0
                } else {
                    rng.next_u32() % 3
                },
                out_of_action,
                ..ModelReport::default()
            }
        })
        .collect();
    BattleReport {
        scenario: Scenario::Massacre,
        result: BattleResult::Win,
        extra_loot: rng.next_u32() % 2,
        models,
        challenges: vec![],
        volunteers: 0,
        opponent_strength: None,
    }
}

/// `battles` random battles with random dice and answers (and, with
/// `trades`, a trade after each), appended to `f`.
pub fn random_campaign(mut f: CampaignFile, seed: u64, battles: u32, trades: bool) -> CampaignFile {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..battles {
        let s = CampaignState::replay(&f).unwrap();
        let report = random_report(&s, &mut rng);
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(rng.next_u64()));
        let mut d = RandomDecider(ChaCha8Rng::seed_from_u64(rng.next_u64()), 3);
        let origin = DiceOrigin::Seeded { seed };
        f.events
            .extend(postbattle::run(&s, &report, origin, &mut dice, &mut d).unwrap());
        if trades {
            let s = CampaignState::replay(&f).unwrap();
            let mut d = RandomDecider(ChaCha8Rng::seed_from_u64(rng.next_u64()), 2);
            f.events
                .extend(postbattle::trade(&s, origin, &mut dice, &mut d).unwrap());
        }
    }
    f
}
