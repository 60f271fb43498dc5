//! The campaign's implant step (B134, docs/mortalis/campaign.md "The skill
//! implant"): the Speed skill a Wszczep umiejętności holds is chosen by a
//! purchase-phase action, validated, and goes with the implant.

use mortalis_rules::campaign::tables::Goods;
use mortalis_rules::campaign::{CampaignError, CampaignFile, CampaignState, Event, Purchase};
use mortalis_rules::equipment::SpecialItem;
use mortalis_rules::skills::Skill;
use mortalis_rules::warband::WarbandFile;

const MENAGERIE: &str = include_str!("data/campaign/menagerie.toml");

fn purchase(s: &mut CampaignState, p: Purchase) -> Result<(), CampaignError> {
    s.apply(&Event::Purchase { action: p })
}

fn choose(model: &str, skill: Skill) -> Purchase {
    Purchase::ChooseImplant {
        model: model.into(),
        skill,
    }
}

fn refused(s: &CampaignState, p: Purchase, why: &str) {
    let mut t = s.clone();
    match purchase(&mut t, p) {
        Err(CampaignError::Forbidden(m)) => assert!(m.contains(why), "{m}"),
        other => panic!("not refused ({why}): {other:?}"),
    }
}

#[test]
fn b134_the_implant_skill_is_chosen_validated_and_goes_with_the_implant() {
    let mut w: WarbandFile = toml::from_str(MENAGERIE).unwrap();
    let a = w.models.iter().position(|m| m.name == "A").unwrap();
    w.models[a].items.push(SpecialItem::SkillImplant);
    let mut s = CampaignState::replay(&CampaignFile::new(w).unwrap()).unwrap();
    assert_eq!(s.model("A").unwrap().entry.implant, None);
    // Only a Speed skill, only for a model carrying the implant.
    refused(&s, choose("A", Skill::Feint), "only a Speed skill");
    refused(
        &s,
        choose("B", Skill::Acrobat),
        "carries no `skill_implant`",
    );
    purchase(&mut s, choose("A", Skill::Acrobat)).unwrap();
    assert_eq!(s.model("A").unwrap().entry.implant, Some(Skill::Acrobat));
    // Chosen once per holder.
    refused(&s, choose("A", Skill::Runner), "holds `acrobat` already");
    // The skill goes with the implant: its next holder chooses again.
    let item = Goods::Item(SpecialItem::SkillImplant);
    purchase(
        &mut s,
        Purchase::Unequip {
            item,
            model: "A".into(),
        },
    )
    .unwrap();
    assert_eq!(s.model("A").unwrap().entry.implant, None);
    purchase(
        &mut s,
        Purchase::Equip {
            item,
            model: "B".into(),
        },
    )
    .unwrap();
    purchase(&mut s, choose("B", Skill::Runner)).unwrap();
    assert_eq!(s.model("B").unwrap().entry.implant, Some(Skill::Runner));
}
