//! `sanctum turn`, `sanctum replay` and `sanctum play`: whole turns and whole games.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use sanctum_bots::{BOT_NAMES, bot_by_name};
use sanctum_rules::game::scenario::{TurnReport, TurnScenario};
use sanctum_rules::game::{DeckChoice, Event, GameLog, GameState};
use sanctum_rules::mana::House;
use sanctum_rules::{Layout, Side};

use crate::resolve::BadInput;

fn read(file: &Path) -> Result<String, BadInput> {
    crate::input::read(file).map_err(BadInput)
}

/// `sanctum turn FILE`: one whole turn from a turn scenario.
pub fn turn(file: &Path, json: bool) -> anyhow::Result<String> {
    let text = read(file)?;
    let sc =
        TurnScenario::parse(&text).map_err(|e| BadInput(format!("{}: {e}", file.display())))?;
    let (state, events) = sc
        .run()
        .map_err(|e| BadInput(format!("{}: {e}", file.display())))?;
    let report = TurnReport::new(&state, events);
    if json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&report)?));
    }
    let mut out = String::new();
    if let Some(name) = &sc.name {
        writeln!(out, "{name}")?;
    }
    for e in &report.events {
        writeln!(out, "  {}", describe(e, &state))?;
    }
    out.push_str(&summary(&state));
    Ok(out)
}

/// A one-line account of an event.
pub fn describe(e: &Event, state: &GameState) -> String {
    let line = match e {
        Event::TurnStarted { .. }
        | Event::LevelUp { .. }
        | Event::Drew { .. }
        | Event::DeckEmpty { .. }
        | Event::Captured { .. }
        | Event::NoviceProduced { .. }
        | Event::Initiative { .. }
        | Event::ManaGenerated { .. }
        | Event::Conceded { .. }
        | Event::Discarded { .. }
        | Event::Trained { .. }
        | Event::InitiativeSwapped { .. }
        | Event::GameEnded { .. } => rhythm_line(e),
        Event::SpellExpired { .. }
        | Event::SpellCast { .. }
        | Event::SpellSquandered { .. }
        | Event::ChaosTwist { .. }
        | Event::NationChanged { .. }
        | Event::ItemGenerated { .. }
        | Event::Enchanted { .. }
        | Event::SpellDispelled { .. }
        | Event::SpellDamage { .. } => spell_line(e),
        Event::TerrainDamage { .. }
        | Event::Leaped { .. }
        | Event::Vanished { .. }
        | Event::Piped { .. }
        | Event::Hopped { .. }
        | Event::Recruited { .. }
        | Event::LeftGroup { .. }
        | Event::Teleported { .. }
        | Event::OwnerChanged { .. }
        | Event::HeroCreated { .. }
        | Event::Summoned { .. }
        | Event::Healed { .. }
        | Event::Moved { .. } => board_line(e, state),
        Event::StructureChanged { .. }
        | Event::StructureMoved { .. }
        | Event::TerrainChanged { .. }
        | Event::StructureFounded { .. }
        | Event::StructureDestroyed { .. } => land_line(e),
        Event::CombatStarted { .. }
        | Event::CombatRound { .. }
        | Event::Withdrew { .. }
        | Event::Attack { .. }
        | Event::Forfeit { .. }
        | Event::Gazed { .. }
        | Event::HelperCast { .. }
        | Event::TrophyTaken { .. }
        | Event::SpellTransferred { .. }
        | Event::Exploded { .. }
        | Event::Deflected { .. }
        | Event::CombatEnded { .. }
        | Event::Experience { .. }
        | Event::MinionDied { .. }
        | Event::GroupDied { .. } => combat_line(e, state),
    };
    // Each helper answers for the events sent to it above.
    line.unwrap_or_else(|| format!("{e:?}"))
}

/// A group's name, or "group N" once it has left the state.
fn group_name(state: &GameState, id: &u32) -> String {
    state
        .unit(*id)
        .map_or_else(|| format!("group {id}"), |u| u.group.name.clone())
}

/// The line for an event of the turn's rhythm: draws, mana, initiative, the end of the game.
fn rhythm_line(e: &Event) -> Option<String> {
    Some(match e {
        Event::TurnStarted { turn } => format!("— turn {turn} —"),
        Event::LevelUp { minion, level, .. } => format!("minion {minion} reaches level {level}"),
        Event::Drew { side, card } => match card {
            Some(c) => format!("{} draws {c}", side.name()),
            None => format!("{} draws a card", side.name()),
        },
        Event::DeckEmpty { side } => format!("{}'s deck is empty", side.name()),
        Event::Captured {
            at,
            kind,
            by,
            from,
            mana,
        } => format!(
            "{} captures the {} at {at} from {}{}",
            by.name(),
            kind.name(),
            from.name(),
            mana.map_or(String::new(), |m| format!(" ({} mana)", m.name()))
        ),
        Event::NoviceProduced { at, owner } => {
            format!("a novice appears at {at} for {}", owner.name())
        }
        Event::Initiative {
            side,
            changed,
            deltas,
        } => format!(
            "initiative: {}{} (deltas red {}, blue {})",
            side.name(),
            if *changed { ", changed" } else { "" },
            deltas[0],
            deltas[1]
        ),
        Event::ManaGenerated { side, mana } => format!("{} has {mana} mana", side.name()),
        Event::Conceded { side } => format!("{} concedes", side.name()),
        Event::Discarded { side, card } => match card {
            Some(c) => format!("{} discards {c}", side.name()),
            None => format!("{} discards a card", side.name()),
        },
        Event::Trained { side, at, into, .. } => {
            format!("{} trains a novice at {at} as {into:?}", side.name()).to_lowercase()
        }
        Event::InitiativeSwapped { side } => format!("initiative passes to {}", side.name()),
        Event::GameEnded { winner, reason } => format!(
            "game over: {} ({reason:?})",
            winner.map_or("a draw".to_string(), |s| format!("{} wins", s.name()))
        )
        .to_lowercase(),
        _ => return None,
    })
}

/// The line for an event of a spell or a helper outside combat.
fn spell_line(e: &Event) -> Option<String> {
    Some(match e {
        Event::SpellExpired { card, .. } => format!("{card} expires"),
        Event::SpellCast { side, card, .. } => format!("{} casts {card}", side.name()),
        Event::SpellSquandered { side, card, reason } => {
            format!("{}'s {card} squanders: {reason}", side.name())
        }
        Event::ChaosTwist { minion, card, .. } => {
            format!("chaos twists minion {minion}: {card} (a helper)")
        }
        Event::NationChanged { minion, nation } => {
            format!("minion {minion} becomes one of the {}", nation.name())
        }
        Event::ItemGenerated { minion, item } => {
            format!("minion {minion} is given {item:?} (a helper)").to_lowercase()
        }
        Event::Enchanted { card, .. } => format!("{card} is now active"),
        Event::SpellDispelled { card, reason, .. } => format!(
            "{} leaves play: {reason}",
            card.map_or("a helper spell".to_string(), |c| c.to_string())
        ),
        Event::SpellDamage {
            minion,
            damage,
            died,
            ..
        } => format!(
            "minion {minion} takes {damage} spell damage{}",
            if *died { " and dies" } else { "" }
        ),
        _ => return None,
    })
}

/// The line for an event of a group on the board: arriving, moving, changing hands or leaving.
fn board_line(e: &Event, state: &GameState) -> Option<String> {
    let g = |id: &u32| group_name(state, id);
    Some(match e {
        Event::TerrainDamage {
            group,
            at,
            damage,
            killed,
        } => format!(
            "{} takes {damage} from the terrain at {at} ({killed} killed)",
            g(group)
        ),
        Event::Leaped { group, from, to } => format!("{} leaps from {from} to {to}", g(group)),
        Event::Vanished { group } => format!("{} leaves the board", g(group)),
        Event::Piped { group } => format!("a piper plays for {}", g(group)),
        Event::Hopped {
            group,
            minions,
            at,
            back,
        } => format!(
            "{minions} of {} leave the board at {at} until turn {back}",
            g(group)
        ),
        Event::Recruited { side, group, at } => {
            format!(
                "a recruit of {} appears at {at} in {}",
                side.name(),
                g(group)
            )
        }
        Event::LeftGroup {
            minion,
            from,
            group,
            at,
        } => format!(
            "minion {minion} leaves {} and forms {} at {at}",
            g(from),
            g(group)
        ),
        Event::Teleported { group, from, to } => {
            format!("{} is carried off from {from} to {to}", g(group))
        }
        Event::OwnerChanged { group, owner } => {
            format!("{} now belongs to {}", g(group), owner.name())
        }
        Event::HeroCreated { side, group, at } => {
            format!("a hero of {} appears at {at} in {}", side.name(), g(group))
        }
        Event::Summoned { side, group, at } => {
            format!("{} summons {} at {at}", side.name(), g(group))
        }
        Event::Healed { group, amount } => format!("{} heals {amount}", g(group)),
        Event::Moved {
            group,
            from,
            to,
            outcome,
            setback,
            ..
        } => format!(
            "{} {} ({from} → {}){}",
            g(group),
            outcome.name(),
            to.map_or("gone".to_string(), |s| s.to_string()),
            setback.map_or(String::new(), |s| format!(": {}", s.text(g)))
        ),
        _ => return None,
    })
}

/// The line for an event that changes a square's terrain or structure.
fn land_line(e: &Event) -> Option<String> {
    Some(match e {
        Event::StructureChanged { at, kind } => {
            format!("the structure at {at} becomes a {}", kind.name())
        }
        Event::StructureMoved { from, to } => {
            format!("the town at {from} moves to {to}")
        }
        Event::TerrainChanged { at, terrain } => format!("{at} becomes {}", terrain.name()),
        Event::StructureFounded { at, kind } => format!("a {} is founded at {at}", kind.name()),
        Event::StructureDestroyed { at, kind } => {
            format!("the {} at {at} is destroyed", kind.name())
        }
        _ => return None,
    })
}

/// The line for an event of a combat and its aftermath.
fn combat_line(e: &Event, state: &GameState) -> Option<String> {
    let g = |id: &u32| group_name(state, id);
    Some(match e {
        Event::CombatStarted { first, second } => {
            format!("combat: {} against {}", g(first), g(second))
        }
        Event::CombatRound { round } => format!("  round {round}"),
        Event::Withdrew { group, round } => format!("  {} withdraws at round {round}", g(group)),
        Event::Attack {
            attacker,
            victim,
            mode,
            hit,
            taken,
            soaked,
            killed,
            ..
        } => {
            if *hit {
                format!(
                    "    {attacker} {mode:?} → {victim}: {taken} damage ({soaked} soaked){}",
                    if *killed { ", killed" } else { "" }
                )
                .to_lowercase()
            } else {
                format!("    {attacker} {mode:?} → {victim}: miss").to_lowercase()
            }
        }
        Event::Forfeit { minion } => format!("    {minion} forfeits its attacks"),
        Event::Gazed {
            minion,
            gazes,
            killed,
        } => format!(
            "    {minion} carries {gazes} gaze(s){}",
            if *killed { " and is killed" } else { "" }
        ),
        Event::HelperCast { card, by, on } => {
            format!("  {} casts {card} on {} (a helper)", g(by), g(on))
        }
        Event::TrophyTaken { minion, trophy } => {
            format!("    {minion} takes a trophy: {trophy:?}").to_lowercase()
        }
        Event::SpellTransferred { spell, to } => format!("    spell {spell} passes to {to}"),
        Event::Exploded {
            minion,
            killer,
            damage,
            killed,
        } => format!(
            "    {minion} bursts for {damage} on {killer}{}",
            if *killed { ", killed" } else { "" }
        ),
        Event::Deflected {
            minion,
            attacker,
            damage,
            killed,
        } => format!(
            "    {minion} deflects {damage} damage onto {attacker}{}",
            if *killed { ", killed" } else { "" }
        ),
        Event::CombatEnded { rounds, .. } => format!("  combat over after {rounds} rounds"),
        Event::Experience { minion, xp } => format!("  minion {minion} gains {xp} experience"),
        Event::MinionDied { minion, .. } => format!("  minion {minion} dies"),
        Event::GroupDied { group } => format!("group {group} is gone"),
        _ => return None,
    })
}

/// The state in a few lines: groups, structures, players.
pub fn summary(state: &GameState) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "after turn {}: initiative {}",
        state.turn,
        state.initiative.name()
    );
    for u in &state.units {
        let minions: Vec<String> = u
            .group
            .minions()
            .iter()
            .map(|m| {
                format!(
                    "{} L{} {}/{}",
                    m.type_name(),
                    m.level,
                    m.health(),
                    m.hit_points
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "  {} ({}) at {}: {}",
            u.group.name,
            u.group.owner.name(),
            u.at,
            minions.join(", ")
        );
    }
    for side in Side::BOTH {
        let p = state.player(side);
        let _ = writeln!(
            out,
            "  {}: {} mana, {} cards in hand, {} in deck, {} towns",
            side.name(),
            p.mana,
            p.hand.len(),
            p.deck.len(),
            state.structures_of(side)
        );
    }
    if let Some(o) = state.outcome {
        let _ = writeln!(
            out,
            "  winner: {} ({:?}, turn {})",
            o.winner.map_or("none (a draw)", |s| s.name()),
            o.reason,
            o.turn
        );
    }
    out
}

/// Options of `sanctum play`.
pub struct PlayOptions<'a> {
    pub red: &'a str,
    pub blue: &'a str,
    pub seed: u64,
    pub realm: &'a str,
    pub layout: Layout,
    /// Red's and blue's deck: a starter deck's name or a deck file.
    pub decks: [&'a str; 2],
    /// Another house for each deck's Sanctum.
    pub houses: [Option<House>; 2],
    pub log: Option<&'a Path>,
    pub json: bool,
    /// The search bot's settings (its threads do not change its orders).
    pub search: sanctum_bots::SearchConfig,
}

/// `sanctum play`: a whole game between two built-in bots.
pub fn play(o: &PlayOptions<'_>) -> anyhow::Result<String> {
    // Setup and bots as `sanctum arena` builds them (`sanctum_bots::arena`), so an arena
    // game replays here from its seed.
    for (side, name) in [("red", o.red), ("blue", o.blue)] {
        if bot_by_name(name, 0).is_none() {
            return Err(BadInput(format!(
                "unknown {side} bot '{name}' (valid: {})",
                BOT_NAMES.join(", ")
            ))
            .into());
        }
    }
    let mut decks = Vec::new();
    for (flag, (arg, house)) in ["--red-deck", "--blue-deck"]
        .into_iter()
        .zip(o.decks.into_iter().zip(o.houses))
    {
        let mut choice = crate::deck_cmds::load(arg, flag)?.choice();
        choice.house = house.unwrap_or(choice.house);
        decks.push(choice);
    }
    let [red_deck, blue_deck]: [DeckChoice; 2] =
        decks.try_into().map_err(|_| anyhow::anyhow!("two decks"))?;
    let setup = sanctum_bots::arena::game_setup(o.seed, o.realm, o.layout, [red_deck, blue_deck])
        .map_err(|e| BadInput(e.to_string()))?;
    let mut bots = sanctum_bots::arena::seeded_bots_with(o.red, o.blue, o.seed, &o.search)
        .map_err(|e| BadInput(e.to_string()))?;
    let (mut state, _) = GameState::start(&setup).map_err(|e| BadInput(e.to_string()))?;
    let mut log = GameLog::new(setup, &state);
    let mut out = String::new();
    while state.outcome.is_none() {
        let orders = [
            bots[0].orders(&sanctum_rules::game::view(&state, Side::Red)),
            bots[1].orders(&sanctum_rules::game::view(&state, Side::Blue)),
        ];
        let turn = state.turn;
        let events = state
            .play_turn(&orders)
            .with_context(|| format!("a bot gave a refused order on turn {turn}"))?;
        log.record(orders, &state);
        if !o.json {
            writeln!(out, "turn {turn}: {}", turn_line(&events))?;
        }
    }
    if let Some(path) = o.log {
        let text = serde_json::to_string_pretty(&log)?;
        std::fs::write(path, text + "\n")
            .with_context(|| format!("writing the log to {}", path.display()))?;
    }
    let outcome = state.outcome.context("the game did not end")?;
    if o.json {
        let v = serde_json::json!({
            "winner": outcome.winner,
            "turns": outcome.turn,
            "reason": outcome.reason,
            "seed": o.seed,
            "red": o.red,
            "blue": o.blue,
            "red_deck": o.decks[0],
            "blue_deck": o.decks[1],
        });
        return Ok(format!("{}\n", serde_json::to_string_pretty(&v)?));
    }
    out.push_str(&summary(&state));
    Ok(out)
}

/// A turn in one line: what changed hands and who fell.
fn turn_line(events: &[Event]) -> String {
    let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
    let mut parts = Vec::new();
    let casts = count(&|e| matches!(e, Event::SpellCast { .. }));
    let combats = count(&|e| matches!(e, Event::CombatStarted { .. }));
    let deaths = count(&|e| matches!(e, Event::MinionDied { .. }));
    let captures: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Captured { at, by, .. } => Some(format!("{} takes {at}", by.name())),
            _ => None,
        })
        .collect();
    if casts > 0 {
        parts.push(format!("{casts} spells"));
    }
    if combats > 0 {
        parts.push(format!("{combats} combats, {deaths} minions died"));
    }
    parts.extend(captures);
    for e in events {
        if let Event::GameEnded { winner, reason } = e {
            parts.push(
                format!(
                    "game over: {} ({reason:?})",
                    winner.map_or("a draw".to_string(), |s| format!("{} wins", s.name()))
                )
                .to_lowercase(),
            );
        }
    }
    if parts.is_empty() {
        "quiet".to_string()
    } else {
        parts.join("; ")
    }
}

/// `sanctum replay LOG`: replays a game log, checking every turn's hash.
pub fn replay(file: &Path, stop: Option<usize>, json: bool) -> anyhow::Result<String> {
    let text = read(file)?;
    let log: GameLog = serde_json::from_str(&text).map_err(|e| {
        BadInput(format!(
            "{}: line {}, column {}: {e}",
            file.display(),
            e.line(),
            e.column()
        ))
    })?;
    if let Some(n) = stop
        && n > log.turns.len()
    {
        return Err(BadInput(format!(
            "--turn {n}: the log holds {} turns",
            log.turns.len()
        ))
        .into());
    }
    let mut out = String::new();
    let state = log
        .replay(stop, |turn, events, _| {
            if !json && turn > 0 {
                let _ = writeln!(out, "turn {turn}: {}", turn_line(events));
            }
        })
        .map_err(|e| BadInput(format!("{}: {e}", file.display())))?;
    if json {
        let report = TurnReport::new(&state, Vec::new());
        return Ok(format!("{}\n", serde_json::to_string_pretty(&report)?));
    }
    out.push_str(&summary(&state));
    Ok(out)
}
