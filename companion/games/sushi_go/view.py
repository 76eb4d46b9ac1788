"""What a screen shows (``view``) and who an action belongs to (``actor``).

The view follows Sushi Go Party!'s so the same screens can show it: ``game``, ``mode``,
``phase``, ``over``, ``round``/``rounds``, ``turn``/``turns``, ``deal`` (cards every table ends a
round with), ``hand_size`` (cards to choose from this turn), ``menu`` (the game's cards in the
shape of Sushi Go Party!'s menu: :func:`menu_json`), ``players`` (per seat: kept desserts, round
points, the entered tableau in scoring mode or the table by position in the turn modes, the lead
takes this round, and the hand in simulation, to its own seat only), ``pending`` (always
``null``: no bonus actions), ``score`` (the sheet so far; sushi golf adds ``"lowest_wins":
true`` and ranks the lowest first) and ``live`` (each table's breakdown if the round ended now).
Title-specific parts: ``edition``, ``dessert``, ``variant``, ``must_have_futomaki``,
``lowest_wins``, ``passing`` (this round's direction: left, right, swap or "" in sushi battle),
``mover`` (sushi battle: whose turn; dummy player: who controls the dummy), ``dummy`` (the
dummy's seat with its breakdown and total, or ``null``), ``lead`` (strawberry pudding: the
token's holder, the points a take scores and each table's symbols), ``mochi`` (each die and
the rolls awaited) and ``pyramid`` (sushi battle in the turn modes, else ``null``:
:func:`pyramid_json`).
"""

from __future__ import annotations

from companion.games.base import JSON, Message
from companion.games.common.view import progress
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import pyramid
from companion.games.sushi_go.cards import CARDS_BY_ID, CardType
from companion.games.sushi_go.desserts import strawberry_symbols
from companion.games.sushi_go.lead import LEAD_POINTS, NOBODY
from companion.games.sushi_go.options import ROUNDS, Variant
from companion.games.sushi_go.record import tableau_to_json
from companion.games.sushi_go.scoring import (
    GAME_ID,
    game_lines,
    kept_desserts,
    round_lines,
    sheet_of,
)
from companion.games.sushi_go.state import GameState, Mode, Phase, Placed, tableau_of
from companion.games.sushi_go.tableau import Tableau

#: How a card type is called in a sentence for a player.
TYPE_NAMES: dict[CardType, str] = {t: t.value.replace("_", " ").capitalize() for t in CardType}


def menu_json(state: GameState) -> JSON:
    """The cards of this game in the shape of Sushi Go Party!'s ``menu`` (so its screens can
    list them): the edition, the roll, the sides, the specials, the dessert, type names, and
    every card id with its name, type, copies in the box (``null`` when not known, D8), roll
    icons, nigiri value and printed number."""
    rules = state.rules
    edition = rules.edition
    return {
        "id": edition.id,
        "name": f"Sushi Go! {edition.name}",
        "roll": edition.roll.value,
        "appetizers": [edition.gyoza.value, CardType.TEMPURA.value, CardType.SASHIMI.value],
        "specials": [CardType.WASABI.value, CardType.CHOPSTICKS.value],
        "dessert": rules.dessert.value,
        "type_names": {t.value: TYPE_NAMES[t] for t in dict.fromkeys(c.type for c in rules.cards)},
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "type": c.type.value,
                "copies": c.count,
                "background": c.type.value,
                "icons": c.icons,
                "corner": None,
                "nigiri_value": c.nigiri_value,
                "value": c.value,
            }
            for c in rules.cards
        ],
    }


def _placed(pos: int, p: Placed) -> JSON:
    return {
        "pos": pos,
        "card": p.card,
        "name": CARDS_BY_ID[p.card].name,
        "on_wasabi": p.on_wasabi,
        "covered": p.covered,
        "turn": p.turn,
    }


def _current(state: GameState) -> list[Tableau]:
    if state.mode is Mode.SCORING:
        return [t or Tableau() for t in state.entered]
    return [tableau_of(s, state.lead == i, 0) for i, s in enumerate(state.seats)]


def live(state: GameState) -> list[list[JSON]] | None:
    """Each table's breakdown if the round ended now (``None`` between rounds)."""
    if state.phase in (Phase.OVER, Phase.DEAL):
        return None
    lines = round_lines(state.rules, _current(state))
    return [[line.to_json() for line in ls] for ls in lines]


def _seat(state: GameState, seat: int, viewer: int | None) -> JSON:
    s = state.seats[seat]
    out: JSON = {
        "seat": seat,
        "name": state.names[seat],
        "kept_desserts": list(kept_desserts(state.rounds, seat)),
        "round_points": [r[seat] for r in state.round_points],
    }
    if state.mode is Mode.SCORING:
        t = state.entered[seat]
        out["entered"] = t is not None
        out["tableau"] = tableau_to_json(t) if t is not None else None
        return out
    out["table"] = [_placed(i, p) for i, p in enumerate(s.table)]
    out["revealed"] = s.revealed
    out["lead_takes"] = s.lead_takes
    if state.mode is Mode.SIMULATION and viewer == seat:
        out["hand"] = list(s.hand)
    return out


def _passing(state: GameState) -> str:
    rules = state.rules
    if rules.variant is Variant.SUSHI_BATTLE:
        return ""
    if rules.players == 2:
        return "swap"
    return "right" if rules.passes_right(state.round) else "left"


def _lead(state: GameState) -> JSON | None:
    if state.rules.dessert is not CardType.STRAWBERRY_PUDDING:
        return None
    tables = [[p.card for p in s.table] for s in state.seats]
    return {
        "holder": state.names[state.lead] if state.lead != NOBODY else None,
        "points": LEAD_POINTS,
        "symbols": [
            strawberry_symbols(kept_desserts(state.rounds, i)) + strawberry_symbols(t)
            for i, t in enumerate(tables)
        ],
    }


def _mochi(state: GameState) -> JSON | None:
    if state.rules.dessert is not CardType.MOCHI:
        return None
    return {
        "dice": list(state.dice),
        "waiting": [state.names[i] for i in state.rolls],
    }


def pyramid_json(state: GameState) -> JSON | None:
    """Sushi battle (turn modes): ``places_entered`` (false once a round's first reveal came
    without a place: then the places are not followed) and ``rows``, top row first, each place
    ``{"at": [row, card], "card", "taken", "face_up", "free"}``: ``card`` is the id of a face-up
    card the engine knows (simulation; returned chopsticks) and ``null`` otherwise, so a
    face-down card is never shown; ``free``: it may be taken now."""
    if state.rules.variant is not Variant.SUSHI_BATTLE or not state.pool:
        return None
    pool = state.pool
    rows: list[list[JSON]] = [[] for _ in pyramid.ROWS]
    for slot, (row, card) in enumerate(pyramid.places()):
        face_up = pyramid.is_face_up(pool, slot)
        known = face_up and pool[slot] not in (pyramid.EMPTY, pyramid.UNKNOWN)
        rows[row - 1].append(
            {
                "at": [row, card],
                "card": pool[slot] if known else None,
                "taken": pool[slot] == pyramid.EMPTY,
                "face_up": face_up,
                "free": pyramid.is_free(pool, slot),
            }
        )
    return {"places_entered": not state.unplaced, "rows": rows}


def view(state: GameState, seat: int | None) -> JSON:
    rules = state.rules
    lines = game_lines(rules, state.rounds)
    sheet = sheet_of(rules, state.names, lines, state.rounds)
    dummy = None
    if rules.dummy:
        dummy = _seat(state, state.dummy_seat, seat)
        dummy["breakdown"] = [line.to_json() for line in lines[state.dummy_seat]]
        dummy["total"] = sum(line.points for line in lines[state.dummy_seat])
    mover = None
    if (
        rules.variant in (Variant.SUSHI_BATTLE, Variant.DUMMY_PLAYER)
        and state.mode is not Mode.SCORING
    ):
        mover = state.names[state.mover]
    return {
        **progress(GAME_ID, state, Phase.OVER, ROUNDS),
        "turns": rules.turns,
        "deal": rules.table_size,
        "hand_size": rules.table_size
        if state.mode is Mode.SCORING or state.phase is not Phase.REVEAL
        else state.hand_size(seat if seat is not None else state.required()[0]),
        "edition": {
            "id": rules.edition.id,
            "name": rules.edition.name,
            "roll": rules.roll_name,
        },
        "dessert": rules.dessert.value,
        "variant": rules.variant.value,
        "must_have_futomaki": rules.must_have_futomaki,
        "lowest_wins": rules.golf,
        "passing": _passing(state),
        "mover": mover,
        "menu": menu_json(state),
        "players": [_seat(state, i, seat) for i in range(rules.players)],
        "dummy": dummy,
        "lead": _lead(state),
        "mochi": _mochi(state),
        "pyramid": pyramid_json(state),
        "pending": None,
        "score": sheet.to_json(),
        "live": live(state),
        "seat": seat,
    }


def actor(state: GameState, action: Message) -> int | None:
    """Every Sushi Go! action reports what the table shows (cards revealed, a tableau, a die),
    so anyone seated may enter it for anyone: always ``None``. A player named in the action must
    be at the table (:class:`~companion.games.base.IllegalAction` otherwise)."""
    if isinstance(action, (a.Reveal, a.EnterTableau, a.MochiRoll)):
        state.seat_of(action.player)
    return None
