"""Every registered engine keeps the game contract (``companion/games/base.py``).

For each engine in ``available_games()`` and several seeds, a random legal game is played
(the table's input from ``chance_action`` when there is one, else a uniformly random legal
decision) until ``is_over``. Along the way: every action survives a JSON round trip, ``actor``
answers for every legal action, views are JSON for every seat and for ``None``; at the end the
action list replayed from setup gives the same state, and ``score`` works.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.games import available_games
from companion.games.base import (
    DiceNeed,
    Faces,
    Game,
    IllegalAction,
    Message,
    Need,
    PlayerSpec,
    RevealNeed,
    ScoreSheet,
    StepNeed,
    Tableau,
    TableauNeed,
    UnreadableInput,
)

SEEDS = range(6)
LIMIT = 20_000
ENGINES = available_games()
#: Ways of following a game besides the default, run through the same contract (a title with a
#: ``mode`` option lists its modes; Sushi Go Party! also has a known-hands simulation).
EXTRA_MODES: dict[str, tuple[str, ...]] = {
    "sushi-go-party": ("turns", "simulation"),
    "sushi-go": ("turns", "simulation"),
}
CASES = [
    (game, options)
    for game in ENGINES
    for options in [{}, *({"mode": m} for m in EXTRA_MODES.get(game.info.id, ()))]
]
CASE_IDS = [f"{g.info.id}-{o.get('mode', 'default')}" for g, o in CASES]


def table(game: Game, seed: int) -> list[PlayerSpec]:
    info = game.info
    n = info.min_players + seed % (info.max_players - info.min_players + 1)
    return [PlayerSpec(f"Player {i + 1}") for i in range(n)]


def random_game(
    game: Game, seed: int, options: dict[str, Any] | None = None
) -> tuple[Any, list[Message], list[PlayerSpec]]:
    rng = random.Random(seed)
    players = table(game, seed)
    state = game.setup(players, options or {})
    actions: list[Message] = []
    while not game.is_over(state):
        assert len(actions) < LIMIT, f"{game.info.id}: no end after {LIMIT} actions"
        action = game.chance_action(state, rng)
        if action is None:
            legal = game.legal_actions(state)
            assert legal, f"{game.info.id}: nothing to do and no table input"
            action = rng.choice(legal)
        state, events = game.apply(state, action)
        for event in events:
            assert game.events.from_json(json.loads(json.dumps(event.to_json()))) == event
        actions.append(action)
        if len(actions) % 9 == 0:
            check_views(game, state, len(players))
    return state, actions, players


def check_views(game: Game, state: Any, seats: int) -> None:
    for seat in [*range(seats), None]:
        json.dumps(game.view(state, seat))
    for action in game.legal_actions(state):
        actor = game.actor(state, action)
        assert actor is None or 0 <= actor < seats


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_contract(game: Game, options: dict[str, Any], seed: int) -> None:
    final, actions, players = random_game(game, seed, options)
    for action in actions:
        assert game.actions.from_json(json.loads(json.dumps(action.to_json()))) == action
    replayed = game.setup(players, options)
    for action in actions:
        replayed, _ = game.apply(replayed, game.actions.from_json(action.to_json()))
    assert replayed == final
    assert game.is_over(replayed)
    sheet = game.score(final)
    assert isinstance(sheet, ScoreSheet)
    assert {p.player for p in sheet.players} == {p.name for p in players}
    json.dumps(sheet.to_json())
    check_views(game, final, len(players))
    rescored = game.score_final(players, options, json.loads(json.dumps(game.final_json(final))))
    assert rescored.to_json() == sheet.to_json()


@pytest.mark.parametrize("game", ENGINES, ids=[g.info.id for g in ENGINES])
def test_setup_options_are_data_with_valid_defaults(game: Game) -> None:
    info = game.info
    assert info.min_players <= info.max_players
    for option in info.options:
        assert option.default in option.choices or option.free
    json.dumps(info.to_json())
    assert info.resolve_options({}) == {o.key: o.default for o in info.options}


# -- what the table must supply next ----------------------------------------------------------

def need_options(game: Game) -> list[dict[str, Any]]:
    """Every ``mode`` an engine offers, plus the options that bring out a need the defaults do
    not (Sushi Go!'s mochi die, turn by turn)."""
    return [
        {},
        *({"mode": m} for o in game.info.options if o.key == "mode" for m in o.choices),
        *([{"mode": "turns", "dessert": "mochi"}] if game.info.id == "sushi-go" else []),
    ]


def supplied(game: Game, state: Any, need: Need, rng: random.Random) -> list[Message]:
    """Actions built through ``game.action_for`` from valid readings of ``need``: random pips;
    icon dice as the table's own input (``chance_action``) or a legal action of the same player
    shows them, with the dice the need keeps; ``None`` for a step; a tableau as the table's own
    input enters it."""
    if isinstance(need, StepNeed):
        return [game.action_for(need, None)]
    if isinstance(need, TableauNeed):
        return [game.action_for(need, tableau) for tableau in tableaux(game, state, need)[:1]]
    if isinstance(need, RevealNeed):
        return reveals(game, state, need)[:1]
    assert isinstance(need, DiceNeed), f"{game.info.id}: a need this test cannot supply"
    if need.faces is Faces.PIPS:
        assert need.dice, f"{game.info.id}: pip dice need a count"
        return [game.action_for(need, [rng.randint(1, 6) for _ in range(need.dice)])]
    seen = [game.chance_action(state, random.Random(rng.random())), *game.legal_actions(state)]
    readings = [(*need.kept, *getattr(a, "dice", ()), *getattr(a, "on_wasabi", ()))
                for a in seen if a is not None and getattr(a, "player", None) == need.player
                and getattr(a, "dice", None)]
    return [game.action_for(need, reading) for reading in readings[:1]]


def reveals(game: Game, state: Any, need: RevealNeed) -> list[Message]:
    """The reveals built for ``need`` from the cards of a legal reveal of its player (one, or
    two with chopsticks) that are that legal reveal (what a scan can read: no choice made)."""
    out: list[Message] = []
    for legal in game.legal_actions(state):
        data = legal.to_json()
        if data["kind"] != "reveal" or data.get("player") != need.player:
            continue
        cards = (data["card"], *([data["second"]] if data.get("second") else []))
        try:
            built = game.action_for(need, cards)
        except (IllegalAction, UnreadableInput):
            continue
        if built == legal:
            out.append(built)
    return out


def tableaux(game: Game, state: Any, need: TableauNeed) -> list[Tableau]:
    """The tableau the table's own input (``chance_action``) enters for ``need``'s player, as a
    scan reads it: the cards, the nigiri on wasabi, the extras."""
    entry = game.chance_action(state, random.Random(0))
    if entry is None or getattr(entry, "player", None) != need.player:
        return []
    data = entry.to_json()
    assert set(data) - {"kind", "player", "cards", "on_wasabi"} == need.extras, need
    return [Tableau(tuple(data["cards"]), tuple(data["on_wasabi"]),
                    {key: data[key] for key in need.extras})]


def check_needs(game: Game, state: Any, names: list[str], rng: random.Random) -> int:
    """Each need names a seat at the table and a decision, and an action built from a valid
    reading of it is accepted by ``apply``; returns how many needs were supplied."""
    needs = game.needs(json.loads(json.dumps(game.view(state, None))))
    assert len({n.slot for n in needs}) == len(needs), f"{game.info.id}: two needs share a slot"
    count = 0
    for need in needs:
        assert 0 <= need.seat < len(names) and names[need.seat] == need.player, need
        assert need.slot and need.prompt, need
        for action in supplied(game, state, need, rng):
            game.apply(state, game.actions.from_json(json.loads(json.dumps(action.to_json()))))
            count += 1
    return count


@pytest.mark.parametrize("game", ENGINES, ids=[g.info.id for g in ENGINES])
def test_every_need_is_supplied_by_an_action_the_engine_accepts(game: Game) -> None:
    supplied_needs = 0
    for options in need_options(game):
        for seed in SEEDS[:3]:
            rng = random.Random(seed)
            players = table(game, seed)
            state = game.setup(players, options)
            names = [p.name for p in players]
            for _ in range(LIMIT):
                if game.is_over(state):
                    break
                supplied_needs += check_needs(game, state, names, rng)
                action = game.chance_action(state, rng) or rng.choice(game.legal_actions(state))
                state, _events = game.apply(state, action)
            assert game.needs(game.view(state, None)) == (), f"{game.info.id}: a need at the end"
    if game.info.dice is not None:
        assert supplied_needs, f"{game.info.id} has dice, but no need was ever supplied"


@pytest.mark.parametrize("game", ENGINES, ids=[g.info.id for g in ENGINES])
def test_a_title_without_needs_builds_nothing(game: Game) -> None:
    if game.info.dice is not None:
        return
    with pytest.raises(IllegalAction):
        game.action_for(StepNeed("Ann", 0, "step", "Ann's step"), None)


@pytest.mark.parametrize("game", ENGINES, ids=[g.info.id for g in ENGINES])
def test_a_title_entered_from_its_cards_names_every_card_of_its_box(game: Game) -> None:
    names = game.card_names()
    assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in names.items())
    assert bool(names) == (game.info.tableau is not None)
