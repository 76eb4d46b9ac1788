"""The record's ``final`` object for Sushi Go! (the pair ``final_to_json`` / ``rounds_from_final``).

Shape::

    {"rounds": [[tableau, ...one per table], ...up to 3 rounds]}

Tables are in seat order: the players as in the record's ``players``, then, in the dummy-player
variant, the dummy. A tableau is::

    {"cards": [card ids], "on_wasabi": [nigiri ids], "lead_takes": 0, "holds_lead": false,
     "mochi_die": 0}

``cards``: the face-up cards except nigiri lying on a wasabi (wasabi cards and the round's
desserts included); ``on_wasabi``: the nigiri on a wasabi; ``lead_takes``/``holds_lead``:
strawberry pudding, the times the player took the lead token this round and whether they hold it
at round end; ``mochi_die``: mochi, the die's face at round end (1-6). Every key but ``cards``
may be left out: a missing holder is filled in when it is certain (nobody took the token: it
stays; one player took it: they hold it) and a missing die of a player who took no mochi card
that round is unchanged since the round before (1 at the start). A missing ``lead_takes`` is 0,
as it always was: ``final`` is a summary scored as it stands, unlike the ``enter_tableau`` entry,
which must answer it beside a strawberry pudding (ruling G23). Edition, dessert and variant
come from the record's ``options``. Scoring it
(``companion score sushi-go FILE``) gives the same sheet as the game.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.games.common.record import (
    final_rounds,
    json_object,
    rounds_to_json,
    string_list,
    whole_number,
)
from companion.games.sushi_go.options import Rules
from companion.games.sushi_go.tableau import Tableau, settle_round

_KEYS = {"cards", "on_wasabi", "lead_takes", "holds_lead", "mochi_die"}


def tableau_to_json(t: Tableau) -> JSON:
    return {
        "cards": list(t.cards),
        "on_wasabi": list(t.on_wasabi),
        "lead_takes": t.lead_takes,
        "holds_lead": t.holds_lead,
        "mochi_die": t.mochi_die,
    }


def tableau_from_json(data: Any, where: str) -> Tableau:
    data = json_object(data, _KEYS, where, "a tableau")
    holds = data.get("holds_lead", False)
    if not isinstance(holds, bool):
        raise UnreadableInput(f"{where}: 'holds_lead' must be true or false")
    return Tableau(
        cards=string_list(data, "cards", where, "card ids"),
        on_wasabi=string_list(data, "on_wasabi", where, "card ids"),
        lead_takes=whole_number(data, "lead_takes", where),
        holds_lead=holds,
        mochi_die=whole_number(data, "mochi_die", where),
    )


def final_to_json(rounds: tuple[tuple[Tableau, ...], ...]) -> JSON:
    return rounds_to_json(rounds, tableau_to_json)


def rounds_from_final(
    final: Any, names: tuple[str, ...], rules: Rules
) -> list[tuple[Tableau, ...]]:
    """Read ``final`` (one tableau per table each round) and fill in what may be left out."""
    rounds = final_rounds(final, "Sushi Go!", '{"rounds": [[tableau, ...]]}')
    out: list[tuple[Tableau, ...]] = []
    for r, tableaux in enumerate(rounds, start=1):
        if not isinstance(tableaux, list) or len(tableaux) != len(names):
            raise UnreadableInput(
                f"round {r}: one tableau per table ({len(names)}: {', '.join(names)})"
            )
        read = [
            tableau_from_json(t, f"round {r}, {n}") for t, n in zip(tableaux, names, strict=True)
        ]
        out.append(settle_round(read, out, rules))
    return out
