//! The terrain table against one data case per terrain (tests/data/terrain.toml).

use sanctum_rules::Terrain;
use sanctum_rules::terrain::Hazard;
use serde::Deserialize;

#[derive(Deserialize)]
struct Cases {
    terrain: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    enter: String,
    hazard: toml::Value,
    #[serde(default)]
    cover: bool,
    #[serde(default)]
    rapid: bool,
    cite: String,
}

#[test]
fn every_terrain_behaves_as_its_case_says() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/terrain.toml"
    ))
    .unwrap();
    let cases: Cases = toml::from_str(&text).unwrap();
    assert_eq!(
        cases.terrain.len(),
        Terrain::ALL.len(),
        "one case per terrain"
    );
    for case in cases.terrain {
        let t = Terrain::from_name(&case.name)
            .unwrap_or_else(|| panic!("unknown terrain {}", case.name));
        let ctx = format!("{} ({})", case.name, case.cite);
        // (mountainwalk, waterwalk, flight) → may enter?
        let walks = [
            (false, false, false),
            (true, false, false),
            (false, true, false),
            (false, false, true),
        ];
        let allowed: Vec<bool> = walks
            .iter()
            .map(|&(m, w, f)| t.can_enter(m, w, f))
            .collect();
        let want = match case.enter.as_str() {
            "any" => vec![true, true, true, true],
            "mountainwalk" => vec![false, true, false, true],
            "waterwalk" => vec![false, false, true, true],
            other => panic!("{ctx}: bad enter {other}"),
        };
        assert_eq!(
            allowed, want,
            "{ctx}: entering without a walk, with Mountainwalk, Waterwalk, Flight"
        );
        let hazard = match &case.hazard {
            toml::Value::String(s) if s == "none" => Hazard::None,
            toml::Value::String(s) if s == "kill" => Hazard::Kill,
            toml::Value::Integer(n) => Hazard::Damage(*n as u8),
            other => panic!("{ctx}: bad hazard {other}"),
        };
        assert_eq!(t.hazard_for(false), hazard, "{ctx}");
        assert_eq!(
            t.hazard_for(true),
            Hazard::None,
            "{ctx}: Flight avoids terrain hazards"
        );
        assert_eq!(t.rules().cover, case.cover, "{ctx}: cover");
        assert_eq!(t.rules().rapid, case.rapid, "{ctx}: rapid");
    }
}
