"""Sushi Go!'s names in the message catalogue (issue 26, docs/I18N.md): cards, phases, editions,
dessert sets and variants as a player reads them in a refusal.

The names are marked with the context ``sushi-go`` so that each edition's printed names stay its
own: the Polish ones are the 10th anniversary rulebook's (SEED2); Sushi Go! has no French
rulebook among ours, so the French ones follow the French Sushi Go Party! (SEED1) where it prints
the card, and say so in the catalogue's comments where it does not.
"""

from __future__ import annotations

from companion.i18n import Msg, msg, pmsg

from .cards import CARDS_BY_ID, Card, CardType

CONTEXT = "sushi-go"  # written out in each pmsg below: extraction reads literals only

# The English text of each is the name cards.py prints (the refusals read the same as before).
TYPE_NAMES: dict[CardType, Msg] = {
    CardType.TEMPURA: pmsg("sushi-go", "Tempura"),
    CardType.SASHIMI: pmsg("sushi-go", "Sashimi"),
    CardType.GYOZA: pmsg("sushi-go", "Gyoza"),
    CardType.DUMPLING: pmsg("sushi-go", "Dumpling"),
    CardType.FUTOMAKI: pmsg("sushi-go", "Futomaki"),
    CardType.MAKI: pmsg("sushi-go", "Maki"),
    CardType.WASABI: pmsg("sushi-go", "Wasabi"),
    CardType.CHOPSTICKS: pmsg("sushi-go", "Chopsticks"),
    CardType.STRAWBERRY_PUDDING: pmsg("sushi-go", "Strawberry Pudding"),
    CardType.PUDDING: pmsg("sushi-go", "Pudding"),
    CardType.FROZEN_YOGURT: pmsg("sushi-go", "Frozen Yogurt"),
    CardType.BUBBLE_TEA: pmsg("sushi-go", "Bubble Tea"),
    CardType.OLD_FASHIONED_PUDDING: pmsg("sushi-go", "Old-Fashioned Pudding"),
    CardType.MOCHI: pmsg("sushi-go", "Mochi"),
}
NIGIRI_NAMES: dict[str, Msg] = {
    "egg_nigiri": pmsg("sushi-go", "Egg Nigiri"),
    "salmon_nigiri": pmsg("sushi-go", "Salmon Nigiri"),
    "squid_nigiri": pmsg("sushi-go", "Squid Nigiri"),
}
#: A type's cards in the plural, as a count reads them ("2 strawberry pudding cards").
TYPE_WORDS: dict[CardType, Msg] = {
    CardType.STRAWBERRY_PUDDING: pmsg("sushi-go", "strawberry pudding"),
}
PHASES: dict[str, Msg] = {
    "entry": pmsg("sushi-go", "the round's tableaux"),
    "deal": pmsg("sushi-go", "the deal"),
    "reveal": pmsg("sushi-go", "the cards of this turn"),
    "mochi": pmsg("sushi-go", "the mochi dice"),
    "over": pmsg("sushi-go", "nothing: the game is over"),
}
EDITIONS: dict[str, Msg] = {
    "10th_anniversary": pmsg("sushi-go", "10th anniversary edition (2024)"),
    "2013": pmsg("sushi-go", "original edition (2013)"),
}
VARIANTS: dict[str, Msg] = {
    "two_way_road": pmsg("sushi-go", "two way road"),
    "sushi_golf": pmsg("sushi-go", "sushi golf"),
    "personal_draw_piles": pmsg("sushi-go", "personal draw piles"),
    "sushi_battle": pmsg("sushi-go", "sushi battle"),
    "dummy_player": pmsg("sushi-go", "dummy player"),
}
DESSERT_SETS: dict[CardType, Msg] = {
    CardType.STRAWBERRY_PUDDING: pmsg("sushi-go", "strawberry pudding"),
    CardType.PUDDING: pmsg("sushi-go", "pudding"),
    CardType.FROZEN_YOGURT: pmsg("sushi-go", "frozen yogurt"),
    CardType.BUBBLE_TEA: pmsg("sushi-go", "bubble tea"),
    CardType.OLD_FASHIONED_PUDDING: pmsg("sushi-go", "old fashioned pudding"),
    CardType.MOCHI: pmsg("sushi-go", "mochi"),
}


def card_label(card_id: str) -> Msg | str:
    """The printed name of ``card_id`` as a message ("Futomaki (2)", "Egg Nigiri"); the id
    quoted when it is no card."""
    c: Card | None = CARDS_BY_ID.get(card_id)
    if c is None:
        return repr(card_id)
    base = NIGIRI_NAMES.get(c.id) or TYPE_NAMES[c.type]
    number = c.icons or (c.value if c.id != c.type.value else 0)
    if c.id != c.type.value and c.id not in NIGIRI_NAMES:
        return msg("{card} ({number})", card=base, number=number)
    return base


def phase_label(phase: str) -> Msg | str:
    return PHASES.get(str(phase), str(phase))


def variant_label(variant: str) -> Msg | str:
    return VARIANTS.get(str(variant), str(variant).replace("_", " "))
