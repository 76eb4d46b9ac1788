"""History lines name the cards as printed (the session shows ``GAME.describe(action)``)."""

from __future__ import annotations

from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import EnterTableau, MochiRoll, Reveal


def test_history_lines_name_the_cards_as_printed() -> None:
    assert str(GAME.describe(Reveal("Ann", "wasabi", second="salmon_nigiri"))) == (
        "Ann revealed Wasabi + Salmon Nigiri (chopsticks)"
    )
    assert str(GAME.describe(MochiRoll("Ben", 5))) == "Ben rolled 5 on the mochi die"
    entry = EnterTableau("Ann", cards=("tempura", "wasabi"), on_wasabi=("squid_nigiri",),
                         lead_takes=2, holds_lead=True)
    assert str(GAME.describe(entry)) == (
        "Ann's tableau: 3 cards, took the lead 2 times, holds the lead token"
    )
