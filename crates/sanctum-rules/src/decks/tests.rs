//! Every deck rule (docs/rules/decks.md D1–D7), one test each, and the shipped decks.

use super::*;

/// A deck file with the given house and `[cards]` lines (line 4 onwards).
fn deck(house: &str, cards: &str) -> String {
    format!("name = \"Test\"\nhouse = \"{house}\"\n[cards]\n{cards}")
}

fn problems(text: &str) -> Vec<DeckProblem> {
    check(text).expect("a deck file").problems
}

/// Ten Unmaking-friendly cards (strife and world, plus clarity and will from towns).
const UNMAKING_CARDS: [&str; 10] = [
    "boggart",
    "cockatrice",
    "carapace",
    "burst_of_strife",
    "burst_of_world",
    "berserker_blade",
    "fireball",
    "hellion",
    "stalking_blyk",
    "burst_of_will",
];

/// `total` cards spread over [`UNMAKING_CARDS`], at most 60 of each.
fn unmaking_cards(total: usize) -> String {
    let mut left = total;
    let mut out = String::new();
    for id in UNMAKING_CARDS {
        let n = left.min(60);
        if n > 0 {
            out.push_str(&format!("{id} = {n}\n"));
        }
        left -= n;
    }
    out
}

#[test]
fn a_valid_deck_keeps_its_cards_in_file_order() {
    let d = Deck::parse(&deck(
        "war",
        "hellion = 10\nfireball = 12\nberserker_blade = 8\n",
    ))
    .expect("valid");
    assert_eq!(d.name, "Test");
    assert_eq!(d.house, House::War);
    let ids: Vec<(&str, u16, usize)> = d
        .cards
        .iter()
        .map(|e| (e.card.key(), e.copies, e.line))
        .collect();
    assert_eq!(
        ids,
        [
            ("hellion", 10, 4),
            ("fireball", 12, 5),
            ("berserker_blade", 8, 6)
        ]
    );
    assert_eq!(d.len(), 30);
    assert_eq!(d.card_list().len(), 30);
    assert_eq!(d.choice().house, House::War);
    assert!(d.warnings.is_empty());
}

#[test]
fn an_inline_card_table_is_the_same_deck() {
    let inline = "name = \"Test\"\nhouse = \"war\"\ncards = { hellion = 10, fireball = 20 }\n";
    let table = deck("war", "hellion = 10\nfireball = 20\n");
    let a = Deck::parse(inline).expect("valid");
    let b = Deck::parse(&table).expect("valid");
    assert_eq!(a.card_list(), b.card_list());
}

#[test]
fn d1_an_unknown_card_is_named_with_its_line_and_the_nearest_id() {
    let p = problems(&deck("war", "fireball = 25\nbogart = 5\n"));
    assert_eq!(
        p,
        [DeckProblem::UnknownCard {
            line: 5,
            card: "bogart".into(),
            nearest: Some("boggart"),
        }]
    );
    let text = p[0].to_string();
    assert!(text.starts_with("line 5: unknown card 'bogart'; did you mean 'boggart'?"));
    assert!(text.contains("rule known_card"), "{text}");
    // The card's name, written as a player would, finds its id.
    let p = problems(&deck(
        "making",
        "burst_of_order = 25\n\"Belvario's Trap\" = 5\n",
    ));
    assert!(
        matches!(
            &p[..],
            [DeckProblem::UnknownCard {
                nearest: Some("belvarios_trap"),
                ..
            }]
        ),
        "{p:?}"
    );
}

#[test]
fn d1_a_huge_or_strange_id_is_shown_short_on_one_line() {
    let id = "x".repeat(100_000);
    let p = problems(&deck("war", &format!("fireball = 30\n\"{id}\\n\" = 1\n")));
    let text = p[0].to_string();
    assert!(text.len() < 400, "{}", text.len());
    assert!(text.contains('…') && !text.contains('\n'), "{text}");
}

#[test]
fn d3_zero_or_more_than_sixty_copies_of_a_card_are_refused() {
    for (count, ok) in [(0, false), (-3, false), (1, true), (60, true), (61, false)] {
        let text = deck(
            "war",
            &format!("fireball = 29\nhellion = {count}\nberserker_blade = 60\n"),
        );
        let p = problems(&text);
        if ok {
            assert!(p.is_empty(), "{count}: {p:?}");
        } else {
            assert_eq!(
                p,
                [DeckProblem::Copies {
                    line: 5,
                    card: "hellion".into(),
                    count,
                    max: 60,
                }],
                "{count}"
            );
            assert!(p[0].to_string().contains("rule copies: 1 to 60"));
        }
    }
}

#[test]
fn d2_a_deck_holds_30_to_500_cards() {
    for (total, ok) in [
        (0, false),
        (29, false),
        (30, true),
        (500, true),
        (501, false),
    ] {
        let p = problems(&deck("unmaking", &unmaking_cards(total)));
        if ok {
            assert!(p.is_empty(), "{total}: {p:?}");
        } else {
            assert_eq!(
                p,
                [DeckProblem::Size {
                    line: 3,
                    cards: total as i64,
                    min: 30,
                    max: 500,
                }],
                "{total}"
            );
        }
    }
}

#[test]
fn d2_a_misspelt_card_still_counts_towards_the_size() {
    let p = problems(&deck("war", "fireball = 25\nfirebal = 5\n"));
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].rule(), "known_card");
}

#[test]
fn d5_an_unknown_house_is_named_with_the_nearest_and_the_valid_ones() {
    let p = problems(&deck("warr", "fireball = 30\n"));
    assert_eq!(
        p,
        [DeckProblem::UnknownHouse {
            line: 2,
            house: "warr".into(),
            nearest: Some("war"),
        }]
    );
    let text = p[0].to_string();
    assert!(text.contains("abomination, body, death"), "{text}");
}

#[test]
fn d7_a_name_has_1_to_60_characters() {
    let named =
        |name: &str| format!("name = \"{name}\"\nhouse = \"war\"\ncards = {{ fireball = 30 }}\n");
    assert!(problems(&named("A")).is_empty());
    assert!(problems(&named(&"n".repeat(60))).is_empty());
    for bad in ["", "   ", &"n".repeat(61), "two\\nlines"] {
        let p = problems(&named(bad));
        assert!(
            matches!(&p[..], [DeckProblem::Name { line: 1, .. }]),
            "{bad:?}: {p:?}"
        );
    }
}

/// D4, the deck-mana rule: cards may need types the Sanctum does not make (each such
/// card is a warning: it waits for a town), but at most two such types.
#[test]
fn d4_two_town_types_are_warnings_and_a_third_is_refused() {
    // War makes strife and clarity; Burst of Order needs order, Burst of Will will.
    let two = deck(
        "war",
        "fireball = 10\nburst_of_order = 10\nstalking_blyk = 10\n",
    );
    let c = check(&two).expect("a deck");
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!(
        c.warnings,
        [
            DeckWarning {
                line: 5,
                card: "burst_of_order",
                house: House::War,
                types: vec![ManaType::Order],
            },
            DeckWarning {
                line: 6,
                card: "stalking_blyk",
                house: House::War,
                types: vec![ManaType::Will],
            },
        ]
    );
    assert!(
        c.warnings[1]
            .to_string()
            .contains("needs will, which its war Sanctum does not make")
    );
    assert_eq!(c.summary().town_types, [ManaType::Order, ManaType::Will]);

    let three = format!("{two}huntsman = 2\n");
    let p = problems(&three);
    assert_eq!(
        p,
        [DeckProblem::Mana {
            line: 2,
            house: House::War,
            needs: vec![
                (ManaType::Order, vec!["burst_of_order", "huntsman"]),
                (ManaType::Will, vec!["stalking_blyk"]),
                (ManaType::World, vec!["huntsman"]),
            ],
            max: 2,
        }]
    );
    let text = p[0].to_string();
    assert!(
        text.contains("3 mana types that its war Sanctum does not make: order (burst_of_order, huntsman), will (stalking_blyk), world (huntsman)"),
        "{text}"
    );
    assert!(text.contains("rule mana"), "{text}");
}

#[test]
fn d4_a_card_paid_from_the_sanctum_alone_gives_no_warning() {
    let c = check(&deck("unmaking", "boggart = 20\ncarapace = 10\n")).expect("a deck");
    assert!(c.problems.is_empty() && c.warnings.is_empty());
}

#[test]
fn every_problem_is_listed_in_line_order() {
    let text = "name = \"\"\nhouse = \"war\"\n[cards]\nbogart = 3\nfireball = 0\nhellion = 99\n";
    let p = problems(text);
    let rules: Vec<(usize, &str)> = p.iter().map(|p| (p.line(), p.rule())).collect();
    assert_eq!(
        rules,
        [
            (1, "name"),
            (3, "deck_size"),
            (4, "known_card"),
            (5, "copies"),
            (6, "copies"),
        ]
    );
    assert!(matches!(Deck::parse(text), Err(DeckError::Invalid(v)) if v.len() == 5));
}

#[test]
fn a_file_that_is_not_a_deck_is_malformed_with_its_line() {
    let cases = [
        (
            "name = \"A\"\nhouse = \"war\"\ncards = { fireball = 30 \n",
            3,
        ),
        ("name = \"A\"\nhouse = \"war\"\n", 1),
        (
            "name = \"A\"\nhouse = \"war\"\ncolour = \"red\"\ncards = {}\n",
            3,
        ),
        (
            "name = \"A\"\nhouse = \"war\"\n[cards]\nfireball = 2.5\n",
            4,
        ),
        (
            "name = \"A\"\nhouse = \"war\"\n[cards]\nfireball = \"3\"\n",
            4,
        ),
        (
            "name = \"A\"\nhouse = \"war\"\n[cards]\nfireball = 18446744073709551615\n",
            4,
        ),
        ("name = \"A\"\nhouse = 5\ncards = {}\n", 2),
        (
            "name = \"A\"\nhouse = \"war\"\n[cards]\nfireball = 3\nfireball = 4\n",
            5,
        ),
    ];
    for (text, line) in cases {
        let e = check(text).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(!e.message.is_empty());
        assert!(matches!(Deck::parse(text), Err(DeckError::Malformed(_))));
    }
}

#[test]
fn the_summary_counts_the_curve_the_houses_and_the_mana_types() {
    let d = Deck::parse(&deck(
        "war",
        "fireball = 10\ncarapace = 12\nstalking_blyk = 8\n",
    ))
    .expect("valid");
    let s = d.summary();
    assert_eq!((s.cards, s.distinct), (30, 3));
    assert_eq!(s.curve, BTreeMap::from([(1, 12), (4, 8), (6, 10)]));
    assert_eq!(
        s.houses,
        BTreeMap::from([
            (House::Abomination, 8),
            (House::Unmaking, 12),
            (House::War, 10)
        ])
    );
    assert_eq!(
        s.mana_types,
        BTreeMap::from([
            (ManaType::Strife, 30),
            (ManaType::Clarity, 10),
            (ManaType::Will, 8)
        ])
    );
    assert_eq!(s.town_types, [ManaType::Will]);
}

/// The type a card needs most (its house's primary, unless it costs none of it).
fn main_type(card: CardId) -> ManaType {
    let cost = card.def().cost();
    let house = card.def().house;
    if cost.get(house.primary()) > 0 {
        house.primary()
    } else {
        house.secondary()
    }
}

/// D6: six starter decks, each a Sanctum house paired with a second house that shares
/// a mana type with it, the twelve houses each in one pair; every one valid, at least
/// 30 cards, needing no type outside its pair, most of its cards paid from its
/// Sanctum's types alone or led by one of them.
#[test]
fn d6_every_starter_deck_is_valid_and_keeps_to_its_pair_of_houses() {
    let mut houses = BTreeSet::new();
    for (name, text) in STARTER_DECKS {
        let d = Deck::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (first, second) = name.split_once('_').expect("house_house");
        let sanctum = House::from_name(first).expect("a house");
        let pair = House::from_name(second).expect("a house");
        assert_eq!(d.house, sanctum, "{name}");
        assert!(
            ManaType::ALL
                .iter()
                .any(|t| sanctum.has(*t) && pair.has(*t)),
            "{name}: the pair shares no type"
        );
        assert!(houses.insert(sanctum) && houses.insert(pair), "{name}");
        assert!(d.len() >= stats::MIN_DECK, "{name}");
        for e in &d.cards {
            for t in needed_types(e.card) {
                assert!(
                    sanctum.has(t) || pair.has(t),
                    "{name}: {} needs {t:?}",
                    e.card
                );
            }
        }
        let led: usize = d
            .cards
            .iter()
            .filter(|e| sanctum.has(main_type(e.card)))
            .map(|e| e.copies as usize)
            .sum();
        assert!(
            2 * led > d.len(),
            "{name}: {led} of {} led by the Sanctum's types",
            d.len()
        );
        assert!(Deck::starter(name).is_some_and(|r| r.is_ok()));
    }
    assert_eq!(houses.len(), 12, "every house in one pair");
    assert!(Deck::starter("nope").is_none());
    assert_eq!(starter_names().len(), 6);
}

/// Issue #11 §2: every house has at least ten cards, and can field a deck of its own
/// cards alone, valid by every deck rule.
#[test]
fn every_house_fields_a_valid_deck_of_its_own_cards() {
    for house in House::ALL {
        let own: Vec<&'static str> = crate::cards::CardId::all()
            .map(|c| c.def())
            .filter(|d| d.house == house)
            .map(|d| d.id)
            .collect();
        assert!(own.len() >= 10, "{house:?} has {} cards", own.len());
        // Its cards in turn, one copy each round, until the deck holds 30.
        let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
        for id in own.iter().cycle().take(stats::MIN_DECK) {
            *counts.entry(id).or_default() += 1;
        }
        let body: String = counts
            .iter()
            .map(|(id, n)| format!("{id} = {n}\n"))
            .collect();
        let text = deck(house.name(), &body);
        let found = problems(&text);
        assert!(found.is_empty(), "{house:?}: {found:?}\n{text}");
    }
}
