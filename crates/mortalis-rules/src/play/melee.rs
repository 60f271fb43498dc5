//! A melee exchange played: the Fight rolls with their rerolls, the
//! loser's test, whole or in two halves.

use super::*;

/// The two Fight rolls of an exchange with their rerolls (B40–B43), and
/// who won (1 attacker, −1 defender, 0 tie); also whether each side still
/// holds Matrix error for the test.
fn fight_rolls(
    game: &MeleeGame,
    src: &mut dyn DiceSource,
) -> Result<(Event, i32, bool, bool), PlayError> {
    let plan = game.plan();
    let (ar, dr) = (plan.attacker, plan.defender);
    let na = if ar.extra_die { 3 } else { 2 };
    let nd = if dr.extra_die { 3 } else { 2 };
    // Both roll at once; then the attacker's own reroll, the defender's.
    let a0: Vec<u8> = (0..na).map(|_| src.d6()).collect::<Result<_, _>>()?;
    let d0: Vec<u8> = (0..nd).map(|_| src.d6()).collect::<Result<_, _>>()?;
    let a_die = game.attacker_reroll(&a0, &d0);
    let attacker = own_roll(src, a0, a_die)?;
    let (mut a_dice, mut a_rr) = (final_dice(&attacker), attacker.reroll.is_some());
    let d_die = game.defender_reroll(&a_dice, a_rr, &d0);
    let defender = own_roll(src, d0, d_die)?;
    let (mut d_dice, mut d_rr) = (final_dice(&defender), defender.reroll.is_some());
    // The attacker's Matrix error on the defender's roll.
    let mut ma = plan.attacker_matrix;
    let mut defender_forced = None;
    if game.attacker_forces(&a_dice, a_rr, &d_dice, d_rr) {
        let again = forced_roll(
            src,
            dr.extra_die,
            Keep::High,
            "Błąd matrycy: rzut Walki broniącego od nowa",
            "Matrix error: the defender's Fight roll again",
        )?;
        d_dice = again.rolled.clone();
        d_rr = true;
        ma = false;
        defender_forced = Some(Forced {
            by: MATRIX,
            roll: again,
        });
    }
    // The defender's Dirty tricks or Matrix error on the attacker's roll.
    let mut md = plan.defender_matrix;
    let mut attacker_forced = None;
    match game.defender_forces(&a_dice, a_rr, &d_dice, d_rr, ma) {
        DefenderForce::None => {}
        DefenderForce::Dirty(value) => {
            src.label(
                "Brudne zagrywki: atakujący przerzuca jedną kość",
                "Dirty tricks: the attacker rerolls one die",
            );
            let j = a_dice.iter().position(|&x| x == value).unwrap_or(0);
            let v = src.d6()?;
            let before = a_dice.clone();
            a_dice[j] = v;
            a_rr = true;
            attacker_forced = Some(Forced {
                by: DIRTY,
                roll: RollRecord {
                    rolled: before,
                    reroll: Some((j, v)),
                    kept: keep_two(&a_dice, Keep::High),
                },
            });
        }
        DefenderForce::Matrix => {
            let again = forced_roll(
                src,
                ar.extra_die,
                Keep::High,
                "Błąd matrycy: rzut Walki atakującego od nowa",
                "Matrix error: the attacker's Fight roll again",
            )?;
            a_dice = again.rolled.clone();
            a_rr = true;
            md = false;
            attacker_forced = Some(Forced {
                by: MATRIX,
                roll: again,
            });
        }
    }
    let result = |dice: &[u8], rr: bool, critical: bool, modifier: i32| {
        let k = keep_two(dice, Keep::High);
        let nat = critical && !rr && k == [6, 6];
        (i32::from(k[0]) + i32::from(k[1]) + modifier, nat)
    };
    let (at, an) = result(&a_dice, a_rr, ar.critical, ar.modifier);
    let (dt, dn) = result(&d_dice, d_rr, dr.critical, dr.modifier);
    let winner = match (an, dn) {
        (true, false) => 1,
        (false, true) => -1,
        _ => (at - dt).signum(),
    };
    let fight = Event::Fight {
        attacker,
        attacker_forced,
        attacker_total: at,
        defender,
        defender_forced,
        defender_total: dt,
        winner,
    };
    Ok((fight, winner, ma, md))
}

/// A Withdrawal (B46): the exchange rolled exactly as an Attack, nobody
/// hurt; the report holds the Fight event alone, and who won.
pub fn play_fight(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<(Report, i32), PlayError> {
    let (fight, winner, _, _) = fight_rolls(game, src)?;
    let report = Report {
        events: vec![fight],
        defender_out: false,
        attacker_out: false,
    };
    Ok((report, winner))
}

/// The first half of a melee exchange: the two Fight rolls and who won,
/// before any Resilience test (B40–B44). A winner may replace the wound
/// with what its rule allows (B45: Kradzież, Ucieczka, "Gryź to!"); else
/// [`play_wound`] plays the test. [`play_melee_game`] is the two in a row.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// The Fight event.
    pub fight: Event,
    /// 1 the attacker won, −1 the defender, 0 a tie.
    pub winner: i32,
    /// The attacker still holds Matrix error for the test.
    attacker_matrix: bool,
    /// The defender still holds Matrix error for the test.
    defender_matrix: bool,
}

impl Exchange {
    /// Whether the winner would wound: someone won, and not a harmless
    /// defender (Skuteczna zasłona).
    pub fn wounds(&self, game: &MeleeGame) -> bool {
        self.winner == 1 || (self.winner == -1 && !game.plan().defender_harmless)
    }

    /// The report of an exchange whose winner did not wound: the Fight
    /// event alone, nobody out.
    pub fn unwounded(self) -> Report {
        Report {
            events: vec![self.fight],
            defender_out: false,
            attacker_out: false,
        }
    }
}

/// The Fight rolls of one exchange of a solved game (the first half).
pub fn play_exchange(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<Exchange, PlayError> {
    let (fight, winner, attacker_matrix, defender_matrix) = fight_rolls(game, src)?;
    Ok(Exchange {
        fight,
        winner,
        attacker_matrix,
        defender_matrix,
    })
}

/// The second half of an exchange: the loser's Resilience test, when the
/// winner wounds (B44).
pub fn play_wound(
    game: &MeleeGame,
    exchange: Exchange,
    src: &mut dyn DiceSource,
) -> Result<Report, PlayError> {
    let plan = game.plan();
    let (ma, md) = (exchange.attacker_matrix, exchange.defender_matrix);
    let winner = exchange.winner;
    let mut events = vec![exchange.fight];
    let mut report = Report {
        events: Vec::new(),
        defender_out: false,
        attacker_out: false,
    };
    // The winner still holding Matrix error always forces a passed test:
    // a fresh test can fail (11-12 always do), keeping the charge is worth nothing.
    if winner == 1 {
        report.defender_out = !save_roll(src, plan.defender_save, "defender", ma, &mut events)?.0;
    } else if winner == -1 && !plan.defender_harmless {
        report.attacker_out = !save_roll(src, plan.attacker_save, "attacker", md, &mut events)?.0;
    }
    report.events = events;
    Ok(report)
}

/// Play one melee exchange of a solved game (so that many exchanges of the
/// same query share one solution): [`play_exchange`], then [`play_wound`].
pub fn play_melee_game(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<Report, PlayError> {
    let exchange = play_exchange(game, src)?;
    play_wound(game, exchange, src)
}
