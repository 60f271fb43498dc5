//! Building cards as data: a card's effects and cost, the `const` helpers the pool's
//! files write their cards with (`card`, `monster`, `requiring`, `hidden`, …).

use super::*;

impl Effect {
    /// The monster an effect brings onto the board (a summoning, a sacrifice, an
    /// off-board monster).
    pub const fn monster(&self) -> Option<&MonsterDef> {
        match self {
            Effect::Summon { monster }
            | Effect::Sacrifice { monster }
            | Effect::Brood { monster }
            | Effect::Ambush { monster, .. } => Some(monster),
            _ => None,
        }
    }
}

impl CardDef {
    /// The card's effects in order (one, or the parts of an `All`).
    pub fn effects(&self) -> &[Effect] {
        match &self.effect {
            Effect::All { effects } => effects,
            single => std::slice::from_ref(single),
        }
    }

    pub fn cost(&self) -> Mana {
        self.house.cost(self.primary, self.secondary)
    }

    /// The same card, allowed more than once on one host.
    pub(super) const fn stacking(self) -> CardDef {
        CardDef {
            stacks: true,
            ..self
        }
    }

    /// The same card as a Revolver that may also name concealed minions (Biting Wind).
    pub(super) const fn revolving_even_concealed(self) -> CardDef {
        CardDef {
            revolver: true,
            even_concealed: true,
            ..self
        }
    }

    /// The same card, passing to its host's killer (Jinx).
    pub(super) const fn transferring(self) -> CardDef {
        CardDef {
            transfers: true,
            ..self
        }
    }

    /// The same card, never visible once in play (not an enchantment: no dispel
    /// removes it).
    pub(super) const fn hidden(self) -> CardDef {
        CardDef {
            visible: false,
            ..self
        }
    }

    /// The same card, only one copy of which may be in play at a time.
    pub(super) const fn unique(self) -> CardDef {
        CardDef {
            unique: true,
            ..self
        }
    }

    /// The same card, `by` cheaper in its primary type while the caster's Hero of card
    /// `hero` is on the board.
    pub(super) const fn cheaper_with(self, hero: &'static str, by: u8) -> CardDef {
        CardDef {
            cheaper_with: Some((hero, by)),
            ..self
        }
    }

    /// The same card with requirements on its target.
    pub(super) const fn requiring(self, requires: &'static [Requirement]) -> CardDef {
        CardDef { requires, ..self }
    }
}

pub(super) const fn monster(
    kind: &'static str,
    hand: u8,
    armor: u8,
    hit_points: u8,
    level: u8,
    attacks: u8,
    count: u8,
) -> MonsterDef {
    MonsterDef {
        kind,
        hand,
        missile: 0,
        armor,
        hit_points,
        level,
        attacks,
        count,
        gaze: false,
        gorgon: false,
        regenerates: 0,
        walk: None,
        explodes: 0,
        trophy: None,
        wild: false,
        combat_spell: None,
        hits_give: None,
        withdraw: 0,
        opening: 0,
        enslaves: 0,
        shrugs_unaltered: false,
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) const fn card(
    id: &'static str,
    name: &'static str,
    house: House,
    primary: u8,
    secondary: u8,
    spell_type: SpellType,
    target: TargetType,
    effect: Effect,
    text: &'static str,
) -> CardDef {
    CardDef {
        id,
        name,
        house,
        primary,
        secondary,
        spell_type,
        target,
        effect,
        visible: !matches!(
            spell_type,
            SpellType::Manifestation | SpellType::Summoning | SpellType::Hero
        ),
        stacks: false,
        requires: &[],
        once_per_game: matches!(spell_type, SpellType::Hero),
        revolver: false,
        even_concealed: false,
        transfers: false,
        unique: false,
        cheaper_with: None,
        text,
    }
}
