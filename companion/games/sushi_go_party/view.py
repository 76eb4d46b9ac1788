"""What a screen shows (``view``) and who an action belongs to (``actor``).

The view holds the menu with its deck (every card id on the menu with its copies, background,
icons and corner, so a screen needs no catalogue of its own), the round, turn, deal size and
dessert schedule, every player's table (by position, as a take-out box names them) or entered
tableau, the bonus action waiting, the scores of completed rounds, the game score so far and a
live breakdown of the round in progress. A hand is shown only in simulation, and only to its own
seat; nothing else is hidden.
"""

from __future__ import annotations

from companion.games.base import JSON, IllegalAction, Message
from companion.games.common.view import progress
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party.cards import CARDS_BY_ID, TYPE_NAMES
from companion.games.sushi_go_party.menus import PRESETS, ROUNDS, menu_to_json
from companion.games.sushi_go_party.record import tableau_to_json
from companion.games.sushi_go_party.scoring import round_lines, score_game
from companion.games.sushi_go_party.state import GameState, Mode, Phase, Placed, tableau_of
from companion.games.sushi_go_party.tableau import Tableau, kept_desserts

GAME_ID = "sushi-go-party"


def menu_json(state: GameState) -> JSON:
    preset = PRESETS.get(state.menu_id)
    deck = state.deck_info
    return {
        "id": state.menu_id or "a_la_carte",
        "name": preset.name if preset else "À la carte",
        **menu_to_json(state.menu),
        "type_names": {t.value: TYPE_NAMES[t] for t in state.menu.types},
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "type": c.type.value,
                "copies": deck.most(c.id),
                "background": c.background.value,
                "icons": c.icons,
                "corner": c.corner,
            }
            for c in CARDS_BY_ID.values()
            if c.type in state.menu.types
        ],
    }


def _placed(pos: int, p: Placed) -> JSON:
    return {
        "pos": pos,
        "card": p.card,
        "scores_as": "" if p.flipped else p.scores_as,
        "name": "Flipped card"
        if p.flipped
        else CARDS_BY_ID[p.scores_as].name
        if p.scores_as in CARDS_BY_ID
        else p.card,
        "on_wasabi": p.on_wasabi,
        "covered": p.covered,
        "flipped": p.flipped,
        "turn": p.turn,
    }


def _current(state: GameState) -> list[Tableau]:
    if state.mode is Mode.SCORING:
        return [t or Tableau() for t in state.entered]
    return [tableau_of(s.table, s.uramaki_places) for s in state.seats]


def live(state: GameState) -> list[list[JSON]] | None:
    """Each player's breakdown if the round ended now (``None`` between rounds or when the
    entries so far do not fit together yet)."""
    if state.phase is Phase.OVER or state.phase is Phase.DEAL:
        return None
    try:
        lines = round_lines(state.names, _current(state), state.menu, state.options)
    except IllegalAction:
        return None
    return [[line.to_json() for line in ls] for ls in lines]


def _kept(state: GameState, seat: int) -> list[str]:
    out: list[str] = []
    for r in state.rounds:
        k = kept_desserts(r[seat])
        out.extend(k.cards)
        out.extend(so.copies for so in k.special_orders)
    return out


def _player(state: GameState, seat: int, viewer: int | None) -> JSON:
    s = state.seats[seat]
    out: JSON = {
        "seat": seat,
        "name": state.names[seat],
        "kept_desserts": _kept(state, seat),
        "round_points": [r[seat] for r in state.round_points],
    }
    if state.mode is Mode.SCORING:
        t = state.entered[seat] if state.entered else None
        out["entered"] = t is not None
        out["tableau"] = tableau_to_json(t) if t is not None else None
        return out
    out["table"] = [_placed(i, p) for i, p in enumerate(s.table)]
    out["revealed"] = s.revealed
    out["uramaki_places"] = list(s.uramaki_places)
    if state.mode is Mode.SIMULATION and viewer == seat:
        out["hand"] = list(s.hand)
    return out


def _pending(state: GameState) -> JSON | None:
    if not state.pending or state.phase not in (
        Phase.SPOON,
        Phase.MENU,
        Phase.MENU_DRAW,
        Phase.TAKEOUT,
    ):
        return None
    head = state.pending[0]
    return {
        "kind": head.kind,
        "player": state.names[head.seat],
        "corner": head.corner,
        "ask": head.ask,
        "drawn": list(state.drawn),
    }


def view(state: GameState, seat: int | None) -> JSON:
    deck = state.deck_info
    sheet = score_game(state.names, state.rounds, state.menu, state.options)
    return {
        **progress(GAME_ID, state, Phase.OVER, ROUNDS),
        "deal": deck.deal,
        "hand_size": state.hand_size if state.mode is not Mode.SCORING else deck.deal,
        "schedule": list(deck.schedule),
        "desserts_this_round": deck.schedule[state.round - 1],
        "menu": menu_json(state),
        "players": [_player(state, i, seat) for i in range(state.players)],
        "pending": _pending(state),
        "score": sheet.to_json(),
        "live": live(state),
        "seat": seat,
    }


def actor(state: GameState, action: Message) -> int | None:
    """Every Sushi Go Party! action reports what the table shows (cards revealed, a tableau, a
    spoon's answer...), so anyone seated may enter it for anyone: always ``None``. A player
    named in the action must be at the table (:class:`IllegalAction` otherwise)."""
    if isinstance(action, (a.Reveal, a.EnterTableau)):
        state.seat_of(action.player)
    if isinstance(action, a.SpoonGive) and action.giver:
        state.seat_of(action.giver)
    return None


def private_to(state: GameState, action: Message) -> int | None:
    return None
