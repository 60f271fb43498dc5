//! Property tests over random seeds for map generation.

use proptest::prelude::*;
use sanctum_rules::realm::TownCount;
use sanctum_rules::{GameRng, Generator, Layout, Realm, RealmChoice, Side};

fn choice() -> impl Strategy<Value = RealmChoice> {
    prop_oneof![
        Just(RealmChoice::Random),
        Just(RealmChoice::Realm(Realm::Veldt)),
        Just(RealmChoice::Realm(Realm::Volgaria)),
        Just(RealmChoice::Realm(Realm::Badlands)),
        Just(RealmChoice::Realm(Realm::GreatFrost)),
        Just(RealmChoice::Realm(Realm::Arboria)),
    ]
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Classic), Just(Layout::Symmetric)]
}

proptest! {
    #[test]
    fn same_seed_same_map(seed in any::<u64>(), choice in choice(), layout in layout()) {
        let g = Generator::new(layout);
        let a = g.generate(choice, &mut GameRng::from_seed(seed));
        let b = g.generate(choice, &mut GameRng::from_seed(seed));
        prop_assert_eq!(a, b);
    }

    #[test]
    fn every_map_is_well_formed(seed in any::<u64>(), choice in choice(), layout in layout()) {
        let g = Generator::new(layout);
        let map = g.generate(choice, &mut GameRng::from_seed(seed));
        let board = g.board();
        let info = map.realm.info();
        let towns = map.towns().count();
        match choice.towns() {
            TownCount::Fixed(n) => prop_assert_eq!(towns, n as usize),
            TownCount::Between(lo, hi) => prop_assert!((lo as usize..=hi as usize).contains(&towns)),
        }
        // Counts over the 84 terrain squares add up, and only the realm's terrains appear.
        let counts = map.terrain_counts();
        prop_assert_eq!(counts.iter().sum::<u32>(), 84);
        for t in sanctum_rules::Terrain::ALL {
            if counts[t.index()] > 0 {
                prop_assert!(info.mean_half_counts.iter().any(|&(u, _)| u == t), "{} in {}", t.name(), map.realm.name());
            }
        }
        // The doorsteps of each Sanctum carry the default terrain, so a Sanctum can always be left.
        for &s in board.doorsteps() {
            prop_assert_eq!(map.terrain(s), info.default_terrain);
        }
        for side in Side::BOTH {
            prop_assert_eq!(map.terrain(board.sanctum(side)), info.default_terrain);
        }
    }
}
