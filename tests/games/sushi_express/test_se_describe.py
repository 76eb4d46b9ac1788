"""The history's line for every Sushi Express action (``GAME.describe``), in the table's words."""

from __future__ import annotations

import pytest

from companion.games.base import Message
from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import (
    DeclareTips,
    Deliver,
    GiveUp,
    Guess,
    Move,
    PlaceExchange,
    RecordDraw,
    ReRoll,
    RevealCustomers,
    Roll,
    TakeCustomer,
)
from companion.games.sushi_express.cards import ActionCard, Customer


@pytest.mark.parametrize(
    ("action", "line"),
    [
        (
            RevealCustomers((Customer.LIGHT_BLUE, Customer.TIP)),
            "Customers turned up: light blue, tip",
        ),
        (Guess("Ann", 7), "Ann guessed 7"),
        (Guess("Ann", 7, same_guess=True), "Ann guessed 7 (Same guess)"),
        (PlaceExchange("Ben", 5, 6), "Ben swapped 5 and 6 (Place exchange)"),
        (Roll("Cat", (3, 4)), "Cat rolled 3 + 4 = 7"),
        (ReRoll("Cat", 0, 6), "Cat re-rolled die 1 to 6"),
        (GiveUp("Cat"), "Cat gave up"),
        (Move("Dan"), "Dan moved"),
        (Move("Dan", 1), "Dan moved, 1 tile further"),
        (Move("Dan", 2), "Dan moved, 2 tiles further"),
        (TakeCustomer("Ann", Customer.ORANGE), "Ann took an orange customer"),
        (TakeCustomer("Ann", Customer.ROSE), "Ann took a rose customer"),
        (Deliver("Ben", True), "Ben kept the customers left on display"),
        (Deliver("Ben", False), "Ben discarded the customers left on display"),
        (RecordDraw("Cat", ActionCard.RE_ROLL), "Cat drew a Re-roll card"),
        (RecordDraw("Cat", ActionCard.ONE_TILE_FURTHER), "Cat drew a 1 tile further card"),
        (DeclareTips("Dan", 1), "Dan showed 1 Tip card"),
        (DeclareTips("Dan", 0), "Dan showed 0 Tip cards"),
    ],
)
def test_each_action_reads_as_one_short_line(action: Message, line: str) -> None:
    assert str(GAME.describe(action)) == line
