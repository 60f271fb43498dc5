//! A player that knows only the API: it picks random orders from what
//! `GET /api/games/{id}/legal` offers. The tests and `sanctum loadtest` play with it.

use sanctum_rules::GameRng;
use serde_json::{Value, json};

/// Random orders from a `legal` answer: every waiting novice trained into a random
/// form, each group moved to a random legal square or kept (even odds), and at most one
/// affordable card cast on a random target (even odds).
pub fn random_orders(legal: &Value, rng: &mut GameRng) -> Vec<Value> {
    let list = |key: &str| legal[key].as_array().cloned().unwrap_or_default();
    let mut orders = Vec::new();
    for t in list("training") {
        if let Some(into) = pick(t["into"].as_array(), rng) {
            orders.push(json!({"kind": "train", "at": t["at"], "into": into}));
        }
    }
    let casts: Vec<Value> = list("casts")
        .into_iter()
        .filter(|c| c["affordable"].as_array().is_some_and(|a| !a.is_empty()))
        .collect();
    if rng.below(2) == 0
        && let Some(cast) = pick(Some(&casts), rng)
        && let Some(target) = pick(cast["affordable"].as_array(), rng)
    {
        orders.push(json!({"kind": "cast", "card": cast["card"], "target": target}));
    }
    for m in list("moves") {
        if rng.below(2) == 0
            && let Some(to) = pick(m["to"].as_array(), rng)
        {
            orders.push(json!({"kind": "move", "from": m["from"], "to": to}));
        }
    }
    orders
}

fn pick(items: Option<&Vec<Value>>, rng: &mut GameRng) -> Option<Value> {
    let items = items?;
    if items.is_empty() {
        return None;
    }
    items.get(rng.below(items.len() as u32) as usize).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_come_only_from_what_is_legal() {
        let legal = json!({
            "training": [{"at": [3, 2], "into": ["swordsman"]}],
            "casts": [{"card": "fireball", "targets": [], "affordable": []}],
            "moves": [{"from": [3, 2], "to": [[3, 3]]}],
        });
        let mut rng = GameRng::from_seed(1);
        for _ in 0..20 {
            let orders = random_orders(&legal, &mut rng);
            assert_eq!(
                orders[0],
                json!({"kind": "train", "at": [3, 2], "into": "swordsman"})
            );
            assert!(orders.iter().all(|o| o["kind"] != "cast"));
            assert!(orders.len() <= 2);
        }
    }
}
