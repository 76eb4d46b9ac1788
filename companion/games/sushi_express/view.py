"""The screen JSON for one viewer (``docs/API.md``, "The game view (Sushi Express)").

Contract:

* Every key of the documented shape is present, with the documented meaning; extra keys:
  ``board[].out`` (markers that already left that number this round, bottom to top),
  ``roll.can_reroll``, ``options``, ``rounds`` (number each seat stood on, and the lowest
  guess, for every finished round), ``played`` (action cards played so far, by card; public)
  and ``end_reason``.
* ``hand`` is shown only in the viewer's own seat; ``null`` elsewhere and for ``seat=None``.
* ``players[].tips`` is public: customer tip cards plus declared Tip action cards.
* ``players[].moved`` is whether that van moved **this round**; ``guess``, ``marker``, ``board``
  and ``odds[].free`` describe this round's guess board (during the refill: the round just
  played). ``odds[].free`` means no marker is on that number now.
* ``to_act.what`` is one of ``reveal``, ``guess``, ``roll``, ``reroll_or_next``,
  ``reroll_or_give_up``, ``move``, ``take_customer``, ``deliver``, ``declare_tips``; ``to_act``
  is ``null`` once the game is over. After a failed first try it is ``roll`` when the roller
  cannot hold a Re-roll card (``roll.awaiting`` still says ``reroll_or_next``).
* ``legal``: for a seat, the decisions whose actor is that seat (table inputs have no actor
  and are not decisions: the table sends them when ``to_act.what`` is ``"reveal"``, ``"roll"``
  or ``"reroll_or_next"``). For ``seat=None`` (host, watcher): every decision except
  private ones (``record_draw``), which only their own seat may send.
* ``score``: the final :class:`ScoreSheet` JSON once the game is over, else ``null``.
* Everything is plain JSON (``json.dumps`` works).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from companion.games.base import JSON, IllegalAction, Message
from companion.games.sushi_express import markers
from companion.games.sushi_express.board import TILE_NAMES
from companion.games.sushi_express.cards import TILES, Customer
from companion.games.sushi_express.legal import legal_actions
from companion.games.sushi_express.odds import odds_table
from companion.games.sushi_express.phases import deliver, guess, move, roll, tips
from companion.games.sushi_express.phases.reveal import need_reveal
from companion.games.sushi_express.scoring import GAME_ID, score_tallies, tallies_from_state
from companion.games.sushi_express.state import GameState, Phase
from companion.i18n import Text, msg, ntmsg, tmsg


def actor(state: GameState, action: Message) -> int | None:
    """The seat whose decision ``action`` is; ``None`` for table inputs (reveal, roll).

    Raises :class:`IllegalAction` when the action names nobody at the table."""
    if action.kind in TABLE_INPUTS:
        return None
    name = getattr(action, "player", None)
    seat = state.seat_of(name) if isinstance(name, str) else None
    if seat is None:
        raise IllegalAction(msg("There is no player called {who} in this game", who=name))
    return seat


#: Kinds the table reports (cards turned up, dice): anyone at the table may enter them.
TABLE_INPUTS = frozenset({"reveal_customers", "roll"})


def private_to(state: GameState, action: Message) -> int | None:
    """The seat a private action (``record_draw``) belongs to; ``None`` for public actions.

    A private action naming nobody at the table gives :data:`PRIVATE_SEAT_UNKNOWN` (-1, matches
    no seat: nobody may send or see it)."""
    if action.kind != "record_draw":
        return None
    seat = state.seat_of(getattr(action, "player", ""))
    return PRIVATE_SEAT_UNKNOWN if seat is None else seat


PRIVATE_SEAT_UNKNOWN = -1


def view(state: GameState, seat: int | None) -> JSON:
    """The view of ``state`` for ``seat`` (``None``: host or watcher)."""
    legal = [
        a.to_json()
        for a in legal_actions(state)
        if (actor(state, a) == seat if seat is not None else private_to(state, a) is None)
    ]
    return {
        "game": GAME_ID,
        "round": state.round,
        "phase": state.phase.value,
        "start_player": state.start_player,
        "to_act": to_act(state),
        "players": [_player(state, s, seat) for s in range(state.n)],
        "board": _board(state),
        "odds": _odds(state),
        "roll": _roll(state),
        "move": _move(state),
        "ring": _ring(state),
        "display": [c.value for c in state.display],
        "display_slots": state.n,
        "need_reveal": need_reveal(state),
        "supply": {"customers": state.customers_left(), "action_cards": state.action_supply},
        "discarded": len(state.discard),
        "legal": legal,
        "score": score_tallies(tallies_from_state(state)).to_json()
        if state.phase is Phase.OVER
        else None,
        "options": {
            "express_passed_when_occupied": state.rules.express_passed_when_occupied,
            "first_lap_from_start": state.rules.first_lap_from_start,
            "stack_lowest": state.rules.stack_lowest.value,
            "start_player": state.rules.start_player,
        },
        "rounds": [
            {
                "round": r.round,
                "start_player": r.start_player,
                "guesses": list(r.guesses),
                "lowest": r.lowest,
            }
            for r in state.rounds
        ],
        "played": {c.value: n for c, n in Counter(state.played).items()},
        "end_reason": state.end_reason,
    }


def to_act(state: GameState) -> JSON | None:
    """Who acts now and what for (``seat`` is ``None`` when the table must reveal cards)."""
    phase = state.phase
    if phase is Phase.REVEAL:
        need = need_reveal(state)
        return _act(None, "reveal", ntmsg("Turn up {n} customer card", "Turn up {n} customer cards",
                                          need))
    if phase is Phase.GUESS:
        seat = guess.guesser(state)
        assert seat is not None
        return _act(seat, "guess", tmsg("{who} places a guess", who=state.name(seat)))
    if phase is Phase.ROLL:
        return _roll_prompt(state)
    if phase is Phase.MOVE:
        seat = move.mover(state)
        assert seat is not None
        if state.pending_take is not None:
            return _act(seat, "take_customer",
                        tmsg("{who} takes a customer card", who=state.name(seat)))
        number = markers.number_of(state, seat)
        # every number on the guess board is 2 or more: the English had one form
        return _act(seat, "move", ntmsg("{who} moves their van {n} tile",
                                        "{who} moves their van {n} tiles", number,
                                        who=state.name(seat)))
    if phase is Phase.DELIVER:
        seat = deliver.decider(state)
        return _act(seat, "deliver",
                    tmsg("{who} keeps or discards the display", who=_name(state, seat)))
    if phase is Phase.TIPS:
        waiting = tips.undeclared(state)
        seat = waiting[0] if waiting else None
        return _act(seat, "declare_tips",
                    tmsg("{who} shows their Tip action cards", who=_name(state, seat)))
    return None


def _name(state: GameState, seat: int | None) -> str:
    return state.name(seat) if seat is not None else tmsg("Nobody")


def _act(seat: int | None, what: str, prompt: Text) -> JSON:
    """``prompt`` is English for the CLI and the logs; the web layer renders it in each
    device's language (:func:`companion.i18n.localize`)."""
    return {"seat": seat, "what": what, "prompt": prompt}


def _roll_prompt(state: GameState) -> JSON:
    seat = markers.roller(state)
    assert seat is not None and state.rolling is not None
    name, target = state.name(seat), markers.number_of(state, seat)
    waiting = roll.awaiting(state) or "roll"
    if waiting == "roll" or (waiting == "reroll_or_next" and not roll.may_reroll(state)):
        n = state.rolling.try_number if waiting == "roll" else 2
        waiting, prompt = "roll", tmsg("{who} rolls try {n}, needing {target} or more",
                                       who=name, n=n, target=target)
    elif waiting == "reroll_or_next":
        prompt = tmsg("{who} may play a Re-roll card or roll try 2, needing {target} or more",
                      who=name, target=target)
    else:
        prompt = tmsg("{who} may play a Re-roll card or give up", who=name)
    return _act(seat, waiting, prompt)


def _player(state: GameState, seat: int, viewer: int | None) -> JSON:
    p = state.players[seat]
    counts = Counter(p.customers)
    guesses = markers.guesses(state.board, state.n)
    placed = guesses[seat] is not None
    marker = None if not placed else ("out" if seat in state.gone else "board")
    return {
        "seat": seat,
        "name": p.name,
        "colour": p.colour,
        "tile": p.tile,
        "customers": {c.value: counts[c] for c in Customer if counts[c]},
        "tips": counts[Customer.TIP] + (p.tips_declared or 0),
        "action_cards": p.hand.size,
        "hand": {"known": [c.value for c in p.hand.known], "unknown": p.hand.unknown}
        if viewer == seat
        else None,
        "guess": guesses[seat],
        "marker": marker,
        "moved": placed and seat in state.gone and seat not in state.failed,
    }


def _board(state: GameState) -> list[JSON]:
    gone = state.gone
    return [
        {
            "number": n,
            "stack": [s for s in stack if s not in gone],
            "out": [s for s in stack if s in gone],
        }
        for n, stack in zip(markers.NUMBERS, state.board, strict=True)
    ]


@cache
def _odds_rows() -> tuple[tuple[int, tuple[float, ...], tuple[str, ...]], ...]:
    return tuple(
        (
            n,
            tuple(float(p) for p in row),
            tuple(f"{p.numerator}/{p.denominator}" for p in row),
        )
        for n, row in zip(markers.NUMBERS, odds_table(), strict=True)
    )


def _odds(state: GameState) -> list[JSON]:
    gone = state.gone
    return [
        {
            "number": n,
            "free": all(s in gone for s in stack),
            "chance": list(chance),
            "exact": list(exact),
        }
        for (n, chance, exact), stack in zip(_odds_rows(), state.board, strict=True)
    ]


def _roll(state: GameState) -> JSON | None:
    rt = state.rolling
    seat = markers.roller(state)
    if state.phase is not Phase.ROLL or rt is None or seat is None:
        return None
    return {
        "roller": seat,
        "target": markers.number_of(state, seat),
        "try": rt.try_number,
        "dice": list(rt.dice) if rt.dice is not None else None,
        "total": sum(rt.dice) if rt.dice is not None else None,
        "success": False,
        "awaiting": roll.awaiting(state),
        "can_reroll": roll.may_reroll(state),
    }


def _move(state: GameState) -> JSON | None:
    seat = move.mover(state)
    if seat is None:
        return None
    return {"mover": seat, "pending_take": state.pending_take is not None}


def _ring(state: GameState) -> list[JSON]:
    vans: dict[int, list[int]] = {t: [] for t in range(TILES)}
    for seat, p in enumerate(state.players):
        vans[p.tile].append(seat)
    return [{"tile": t, "name": TILE_NAMES[t], "vans": vans[t]} for t in range(TILES)]
