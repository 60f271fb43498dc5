//! Glicko-2 ratings (the `skillratings` crate): a ranked game between two people
//! updates both players' ratings when it ends; games with a bot never count.

use sanctum_rules::Side;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::AppState;
use crate::error::ApiResult;
use crate::store::{GameRow, Rating};

/// The new ratings of a ranked game's two players, red's then blue's; none for an
/// unranked game or one with a bot.
pub async fn after_game(
    app: &AppState,
    row: &GameRow,
    winner: Option<Side>,
) -> ApiResult<Vec<(i64, Rating)>> {
    let (Some(red), Some(blue)) = (&row.red_name, &row.blue_name) else {
        return Ok(Vec::new());
    };
    if !row.ranked {
        return Ok(Vec::new());
    }
    let (Some(red), Some(blue)) = (
        app.store.player_by_name(red).await?,
        app.store.player_by_name(blue).await?,
    ) else {
        return Ok(Vec::new());
    };
    let (r, b) = update(red.rating, blue.rating, winner);
    Ok(vec![(red.id, r), (blue.id, b)])
}

/// Red's and blue's ratings after a game between them.
pub fn update(red: Rating, blue: Rating, winner: Option<Side>) -> (Rating, Rating) {
    let outcome = match winner {
        Some(Side::Red) => Outcomes::WIN,
        Some(Side::Blue) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (r, b) = glicko2(&to(red), &to(blue), &outcome, &Glicko2Config::new());
    (from(r), from(b))
}

fn to(r: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from(r: Glicko2Rating) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_new_players() {
        let (r, b) = update(NEW, NEW, Some(Side::Red));
        assert!(r.rating > 1500.0 && b.rating < 1500.0);
        assert!((r.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-6);
        assert!(r.deviation < 350.0);
        let (r, b) = update(NEW, NEW, None);
        assert!((r.rating - 1500.0).abs() < 1e-6 && (b.rating - 1500.0).abs() < 1e-6);
    }
}
