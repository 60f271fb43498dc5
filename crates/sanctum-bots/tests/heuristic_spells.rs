//! The heuristic bot casts the cards it used to throw away when they help, and leaves
//! them in the hand when they do not: each case a position written as a turn scenario,
//! the bot's orders read from its view.

use sanctum_bots::{Bot, HeuristicBot};
use sanctum_rules::cards::CardId;
use sanctum_rules::game::scenario::TurnScenario;
use sanctum_rules::game::{Order, Target, view};
use sanctum_rules::{Side, sq};

/// A position for red: the given hand and mana, the rest of the file as written.
fn position(hand: &str, mana: &str, rest: &str) -> String {
    format!(
        "layout = \"classic\"\nturn = 12\ninitiative = \"red\"\nstart_of_turn = false\n\
         {rest}\n[player.red]\nhouse = \"nature\"\nmana = {mana}\nhand = {hand}\n\n\
         [player.blue]\nhouse = \"war\"\n"
    )
}

/// The cards red's heuristic bot casts in the position, with their targets.
fn casts(text: &str) -> Vec<(String, Target)> {
    let sc = TurnScenario::parse(text).expect("a valid position");
    let mut bot = HeuristicBot::new(1);
    bot.orders(&view(&sc.state, Side::Red))
        .into_iter()
        .filter_map(|o| match o {
            Order::Cast { card, target } => Some((card.def().id.to_string(), target)),
            _ => None,
        })
        .collect()
}

fn cast_of(text: &str, id: &str) -> Option<Target> {
    assert!(CardId::from_name(id).is_some(), "{id} is a card");
    casts(text)
        .into_iter()
        .find(|(c, _)| c == id)
        .map(|(_, t)| t)
}

const GROUP: &str =
    "[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"6,6\"\nminions = { swordsman = 3 }\n";

#[test]
fn parted_sea_opens_the_water_in_front_of_a_group() {
    // S55: the square becomes plains through the next turn; the group (Satyrs, no
    // waterwalk) stands beside it on its way to the blue Sanctum (8,9).
    let wet = position(
        "[\"parted_sea\"]",
        "{ order = 1 }",
        &format!("[terrain]\nwater = [\"6,7\"]\n\n{GROUP}"),
    );
    assert_eq!(
        cast_of(&wet, "parted_sea"),
        Some(Target::Square { at: sq(6, 7) })
    );
    // Water behind the group (away from the enemy) is left alone.
    let behind = position(
        "[\"parted_sea\"]",
        "{ order = 1 }",
        &format!("[terrain]\nwater = [\"6,5\"]\n\n{GROUP}"),
    );
    assert_eq!(cast_of(&behind, "parted_sea"), None);
}

#[test]
fn savannah_clears_the_thickest_cluster_in_the_way() {
    // S57: the centre and its four neighbours become plains; 6,7 clears three squares a
    // group of red's cannot cross, more than any other centre.
    let rough = position(
        "[\"savannah\"]",
        "{ clarity = 2, world = 1 }",
        &format!("[terrain]\nwater = [\"6,7\", \"6,8\"]\nmountain = [\"7,7\"]\n\n{GROUP}"),
    );
    assert_eq!(
        cast_of(&rough, "savannah"),
        Some(Target::Square { at: sq(6, 7) })
    );
    // Open plains all round: nothing to clear.
    let open = position("[\"savannah\"]", "{ clarity = 2, world = 1 }", GROUP);
    assert_eq!(cast_of(&open, "savannah"), None);
}

#[test]
fn seed_on_the_wind_when_it_covers_more_of_its_own_groups() {
    // S57: plains next to a forest become forest, and forest covers its minions
    // against individual spells: two red groups would gain it, no blue one.
    let groves = "[terrain]\nforest = [\"6,5\", \"4,8\"]\n\n\
        [[group]]\nid = \"A\"\nowner = \"red\"\nat = \"6,6\"\nminions = { swordsman = 2 }\n\n\
        [[group]]\nid = \"C\"\nowner = \"red\"\nat = \"4,7\"\nminions = { swordsman = 2 }\n";
    let sown = position("[\"seed_on_the_wind\"]", "{ world = 3, order = 1 }", groves);
    assert_eq!(cast_of(&sown, "seed_on_the_wind"), Some(Target::Globe));
    // The same with a blue group beside each: no gain over the other player.
    let both = format!(
        "{groves}\n[[group]]\nid = \"X\"\nowner = \"blue\"\nat = \"7,5\"\nminions = {{ swordsman = 1 }}\n\n\
         [[group]]\nid = \"Y\"\nowner = \"blue\"\nat = \"5,8\"\nminions = {{ swordsman = 1 }}\n"
    );
    let contested = position("[\"seed_on_the_wind\"]", "{ world = 3, order = 1 }", &both);
    assert_eq!(cast_of(&contested, "seed_on_the_wind"), None);
}

#[test]
fn jungle_prepares_a_square_for_a_summoning_in_the_hand() {
    // S57: monsters summoned on the jungle get Jungle Vigor; without a summoning in the
    // hand the card waits.
    let ready = position(
        "[\"jungle\", \"huntsman\"]",
        "{ world = 8, order = 4 }",
        GROUP,
    );
    let jungle = cast_of(&ready, "jungle");
    assert!(
        matches!(jungle, Some(Target::Square { .. })),
        "jungle cast on a square: {jungle:?}"
    );
    // Cast first, it executes first: the summoning lands on the jungle.
    assert_eq!(cast_of(&ready, "huntsman"), jungle);
    let alone = position("[\"jungle\"]", "{ world = 8, order = 4 }", GROUP);
    assert_eq!(cast_of(&alone, "jungle"), None);
}

#[test]
fn chtai_exchange_splits_a_raiding_group() {
    // S61: two blue groups raid near the red Sanctum (3,2); the pair is the one to
    // split (taking the lone archer would split nothing).
    let raid = "[[group]]\nid = \"R\"\nowner = \"blue\"\nat = \"4,4\"\nminions = { swordsman = 2 }\n\n\
        [[group]]\nid = \"V\"\nowner = \"blue\"\nat = \"5,4\"\nminions = { archer = 1 }\nlevel = 3\n\n\
        [[group]]\nid = \"A\"\nowner = \"red\"\nat = \"6,6\"\nminions = { swordsman = 2 }\n";
    let text = position("[\"chtai_exchange\"]", "{ will = 3, clarity = 1 }", raid)
        .replace("house = \"nature\"", "house = \"mind\"");
    let target = cast_of(&text, "chtai_exchange");
    assert!(
        matches!(target, Some(Target::Minion { at, .. }) if at == sq(4, 4)),
        "cast on the raiding pair: {target:?}"
    );
}

#[test]
fn ancestral_home_ruins_an_enemy_colony_and_spares_its_own_towns() {
    // S62: on a colony it is Entropia; a town of the bot's own would lose its spells and
    // start wandering, so the bot keeps it for an enemy colony.
    let colony = "[[structure]]\nkind = \"colony\"\nat = \"7,7\"\nowner = \"blue\"\n\n\
        [[structure]]\nkind = \"town\"\nat = \"5,5\"\nowner = \"red\"\n";
    let text = position("[\"ancestral_home\"]", "{ world = 3, mystery = 1 }", colony)
        .replace("house = \"nature\"", "house = \"body\"");
    assert_eq!(
        cast_of(&text, "ancestral_home"),
        Some(Target::Structure { at: sq(7, 7) })
    );
    let own = "[[structure]]\nkind = \"town\"\nat = \"5,5\"\nowner = \"red\"\n";
    let text = position("[\"ancestral_home\"]", "{ world = 3, mystery = 1 }", own)
        .replace("house = \"nature\"", "house = \"body\"");
    assert_eq!(cast_of(&text, "ancestral_home"), None);
}

#[test]
fn stone_circle_waits_where_a_wounded_group_goes() {
    // A wounded red group: the circle goes on the square its move ends on, where it
    // will stand when the next turn starts and the circle heals it.
    let hurt = "[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"5,5\"\nminions = { swordsman = 2 }\ndamage = 2\n";
    let text = position("[\"stone_circle\"]", "{ world = 2, order = 1 }", hurt);
    let sc = TurnScenario::parse(&text).expect("a valid position");
    let orders = HeuristicBot::new(1).orders(&view(&sc.state, Side::Red));
    let end = orders
        .iter()
        .find_map(|o| match *o {
            Order::Move { from, to } if from == sq(5, 5) => Some(to),
            _ => None,
        })
        .unwrap_or(sq(5, 5));
    assert_eq!(
        cast_of(&text, "stone_circle"),
        Some(Target::Square { at: end })
    );
    // Unhurt, the group needs no circle (the card waits in the hand).
    let whole = hurt.replace("damage = 2\n", "");
    let text = position("[\"stone_circle\"]", "{ world = 2, order = 1 }", &whole);
    assert_eq!(cast_of(&text, "stone_circle"), None);
}

#[test]
fn ill_winds_curses_the_biggest_enemy_garrison() {
    // Blue's town at 7,7 is held by three blue recruits; the lone blue scout elsewhere
    // is not worth the card.
    let town = "[[structure]]\nkind = \"town\"\nat = \"7,7\"\nowner = \"blue\"\n\n\
        [[group]]\nid = \"G\"\nowner = \"blue\"\nat = \"7,7\"\nminions = { archer = 3 }\n";
    let text = position("[\"ill_winds\"]", "{ world = 2, order = 1 }", town);
    let target = cast_of(&text, "ill_winds");
    assert!(
        matches!(target, Some(Target::Square { at } | Target::Structure { at }) if at == sq(7, 7)),
        "cast on the garrison: {target:?}"
    );
    let scout = "[[group]]\nid = \"S\"\nowner = \"blue\"\nat = \"7,7\"\nminions = { archer = 1 }\n";
    let text = position("[\"ill_winds\"]", "{ world = 2, order = 1 }", scout);
    assert_eq!(cast_of(&text, "ill_winds"), None);
}

#[test]
fn abatement_clears_a_square_of_the_other_players_spells() {
    // Blue's Stone Circle waits at 7,7 for a wounded blue group: Abatement takes it
    // away (a square spell's square holds no group when it is cast).
    let circle = |owner: &str| {
        format!(
            "[[spell]]\ncard = \"stone_circle\"\nowner = \"{owner}\"\ntarget = \"square:7,7\"\n"
        )
    };
    let text = position("[\"abatement\"]", "{ world = 2 }", &circle("blue"));
    assert_eq!(
        cast_of(&text, "abatement"),
        Some(Target::Square { at: sq(7, 7) })
    );
    // Its own circle there it keeps.
    let text = position("[\"abatement\"]", "{ world = 2 }", &circle("red"));
    assert_eq!(cast_of(&text, "abatement"), None);
}

#[test]
fn biting_wind_kills_a_weak_minion_before_wounding_a_strong_one() {
    // Biting Wind at M 1 deals 2 (damage to one minion, as `damage_one` scores it): the
    // lone swordsman with 2 health left dies of it, which is worth more than 2 damage on
    // a level-3 swordsman of the bigger group. Neither group threatens red.
    let groups = |damage: u8| {
        format!(
            "[[group]]\nid = \"W\"\nowner = \"blue\"\nat = \"8,5\"\nminions = {{ swordsman = 1 }}\n\
             damage = {damage}\n\n\
             [[group]]\nid = \"B\"\nowner = \"blue\"\nat = \"7,7\"\nminions = {{ swordsman = 3 }}\n\
             level = 3\n"
        )
    };
    let text = position("[\"biting_wind\"]", "{ world = 3 }", &groups(5));
    assert_eq!(
        cast_of(&text, "biting_wind"),
        Some(Target::Minion {
            at: sq(8, 5),
            index: 0
        })
    );
    // Unhurt, the lone swordsman would only be wounded: the stronger minion is hurt.
    let text = position("[\"biting_wind\"]", "{ world = 3 }", &groups(0));
    let target = cast_of(&text, "biting_wind");
    assert!(
        matches!(target, Some(Target::Minion { at, .. }) if at == sq(7, 7)),
        "cast on the level-3 group: {target:?}"
    );
}
