"""History lines in the reader's language (issue 26 item 2): every title's ``describe`` gives a
catalogue message whose English is the line the CLI and the logs show, and which a French or a
Polish device reads in its own words, with the names its edition prints."""

from __future__ import annotations

import pytest

from companion.games.base import Message
from companion.games.sushi_express import GAME as SUSHI_EXPRESS
from companion.games.sushi_express.actions import Move, RecordDraw
from companion.games.sushi_express.cards import ActionCard
from companion.games.sushi_go import GAME as SUSHI_GO
from companion.games.sushi_go.actions import Reveal
from companion.games.sushi_go_party import GAME as SUSHI_GO_PARTY
from companion.games.sushi_go_party.actions import Flip
from companion.games.sushi_roll import GAME as SUSHI_ROLL
from companion.games.sushi_roll.actions import EnterTray
from companion.i18n import Msg
from companion.session.summary import summarize


@pytest.mark.parametrize(
    ("game", "action", "en", "fr", "pl"),
    [
        (SUSHI_EXPRESS, RecordDraw("Ann", ActionCard.RE_ROLL), "Ann drew a Re-roll card",
         "Ann a pioché une carte « Nouveau jet de dés »", "Ann dobrał(a) kartę „Ponowny rzut”"),
        (SUSHI_EXPRESS, Move("Ann", 2), "Ann moved, 2 tiles further",
         "Ann a avancé, 2 tuiles plus loin", "Ann ruszył(a) się, 2 płytki dalej"),
        (SUSHI_GO, Reveal("Ann", "wasabi", second="salmon_nigiri"),
         "Ann revealed Wasabi + Salmon Nigiri (chopsticks)",
         "Ann a révélé Wasabi + Sushi saumon (baguettes)",
         "Ann odkrył(a) Wasabi + Nigiri z łososiem (pałeczki)"),
        (SUSHI_GO_PARTY, Flip((0, 1, 2, 3, 4)), "The take-out box flipped 5 cards",
         "La Boîte à emporter a retourné 5 cartes", "Pudełko na wynos odwróciło 5 kart"),
        (SUSHI_ROLL, EnterTray("Ann", ("maki:1", "squid", "tempura")), "Ann's tray: 3 dice",
         "Plateau · Ann : 3 dés", "Tacka gracza Ann: 3 kości"),
    ],
)
def test_a_history_line_reads_in_each_language(
    game: object, action: Message, en: str, fr: str, pl: str
) -> None:
    line = game.describe(action)  # type: ignore[attr-defined]
    assert isinstance(line, Msg)
    assert (str(line), line.render("fr"), line.render("pl")) == (en, fr, pl)
    assert summarize(game, action) == en  # type: ignore[arg-type]
    assert summarize(game, action, "fr") == fr  # type: ignore[arg-type]
