"""Scanned cards -> the engines' actions: pure functions of a scan and a game's host view.

* :func:`tableau_action`: scoring mode's ``enter_tableau`` of one seat (nigiri on wasabi in
  ``on_wasabi``, special orders named through ``extra``).
* :func:`reveal_actions`: turn by turn, the ``reveal`` of the cards new on a seat's table
  (two with chopsticks, in both orders), built by the engine for its ``RevealNeed``.
* :func:`seat_actions`: which of the two a seat's cards become, given the game's view.
* :func:`seat_by_zone`, :func:`takes_scan`, :func:`table_names`, :func:`menu_types`: what the
  desk reads off the calibrated zones and the view; :func:`scan_titles`: the titles whose
  engines take a tableau (``info.tableau``).

Nothing here reads a camera, a card set or the session; refusals are
:class:`~companion.games.base.UnreadableInput` with a reason a player can act on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import JSON, RevealNeed, Tableau, TableauNeed, UnreadableInput
from companion.games.registry import available_games, find_game
from companion.i18n import msg, nmsg
from companion.scans.model import NIGIRI, WASABI, PendingScan, ScannedCard
from companion.vision.calibration import Zones


def nigiri_on_wasabi(cards: Sequence[ScannedCard], all_cards: Sequence[ScannedCard],
                     types: Mapping[str, str]) -> set[int]:
    """Indexes of the nigiri in ``cards`` lying on a wasabi of ``cards``: the wasabi is a card
    ``covered_by`` the nigiri (the reader reports the pair as the wasabi's band under it)."""
    mine = {c.index for c in cards}
    out: set[int] = set()
    for c in cards:
        k = c.covered_by
        if c.label == WASABI and k is not None and k in mine and k not in out:
            top = all_cards[k]
            if _type_of(top.label, types) == NIGIRI:
                out.add(k)
    return out


def _type_of(label: str, types: Mapping[str, str]) -> str:
    if label in types:
        return types[label]
    return NIGIRI if label.endswith("_nigiri") else label


def scan_titles() -> frozenset[str]:
    """The titles whose tableaux are entered from their cards (each engine's
    ``info.tableau``)."""
    return frozenset(g.info.id for g in available_games() if g.info.tableau is not None)


def tableau_action(title: str, player: str, cards: Sequence[ScannedCard],
                   all_cards: Sequence[ScannedCard], types: Mapping[str, str],
                   extra: Mapping[str, Any] | None = None) -> JSON:
    """The ``enter_tableau`` action of ``player``'s scanned ``cards`` (see
    :mod:`companion.scans`, point 2), built by the engine from what the scan read
    (``action_for`` of a :class:`~companion.games.base.TableauNeed`). ``types``: card id ->
    card type of the game's menu. Raises :class:`UnreadableInput` for an ``extra`` key the
    title does not take, or what the engine cannot build (special orders whose copies
    ``extra`` does not name). The JSON holds the fields the scan supplies; the others keep
    their defaults."""
    extra = dict(extra or {})
    game = find_game(title)
    extras = game.info.tableau or frozenset()
    unknown = sorted(set(extra) - extras)
    if unknown:
        raise UnreadableInput(msg("'{name}' cannot hold {cards} for {title}", name="extra",
                                  cards=", ".join(unknown), title=title))
    paired = nigiri_on_wasabi(cards, all_cards, types)
    labels = [c.label for c in cards if not c.ignored and c.index not in paired]
    on_wasabi = [c.label for c in cards if c.index in paired]
    need = TableauNeed(player, -1, f"tableau|{player}", f"{player}'s tableau", extras=extras)
    built = game.action_for(need, Tableau(tuple(labels), tuple(on_wasabi), extra)).to_json()
    return {key: built[key] for key in ("kind", "player", "cards", "on_wasabi", *extra)}


def reveal_actions(title: str, need: RevealNeed, cards: Sequence[ScannedCard]) -> list[JSON]:
    """Turn by turn: the ``reveal`` action(s) for the cards ``need``'s player's scan shows
    that their table (``need.table``, card ids already face up) does not: one new card, or two
    (chopsticks; both orders, the engine takes the one that fits), built by the engine
    (``action_for`` of the :class:`~companion.games.base.RevealNeed`). :class:`UnreadableInput`
    for no new card, more than two, or what the engine cannot build from a scan. The JSON holds
    the fields the scan supplies; the others keep their defaults."""
    player = need.player
    new = list((Counter(c.label for c in cards if not c.ignored) - Counter(need.table))
               .elements())
    if not new:
        raise UnreadableInput(msg("{player}'s scan shows no new card since the last turn",
                                  player=player))
    if len(new) > 2:
        raise UnreadableInput(nmsg(
            "{player}'s scan shows {n} new card, but a turn adds one (two with chopsticks): "
            "check the scan, or tap the reveal",
            "{player}'s scan shows {n} new cards, but a turn adds one (two with chopsticks): "
            "check the scan, or tap the reveal", len(new), player=player))
    game = find_game(title)
    orders = [new] if len(new) == 1 else [new, new[::-1]]
    out: list[JSON] = []
    for cards_read in orders:
        built = game.action_for(need, tuple(cards_read)).to_json()
        out.append({key: built[key] for key in ("kind", "player", "card", "second")
                    if key in built and (key != "second" or built[key])})
    return out


def seat_actions(title: str, view: JSON, seat: int, scan: PendingScan,
                 extra: Mapping[str, Any] | None) -> list[JSON]:
    """The action(s) to try for ``seat``'s cards of ``scan`` in a game of ``title`` with host
    ``view``: the tableau (scoring mode) or the reveal (turn by turn, where ``extra`` is
    refused), as the engine's needs say."""
    names, mine = table_names(view), scan.seat_cards(seat)
    if view.get("mode") == "scoring":
        return [tableau_action(title, names[seat], mine, scan.cards, menu_types(view), extra)]
    if extra:
        raise UnreadableInput(msg("'{name}' is for round-end tableaux only", name="extra"))
    for need in find_game(title).needs(view):
        if isinstance(need, RevealNeed) and need.seat == seat:
            return reveal_actions(title, need, mine)
    name = names[seat] if seat < len(names) else f"seat {seat + 1}"
    raise UnreadableInput(msg("{player}'s scan shows no new card since the last turn",
                              player=name))


def seat_by_zone(quad: Sequence[tuple[float, float]], zones: Zones | None,
                 size: tuple[int, int]) -> int | None:
    """The game seat (0-based) whose calibrated zone holds the card's centre, if any; the
    zones were calibrated at ``zones.image_size`` and scale to a frame of ``size`` (w, h)."""
    if zones is None or not zones.seats:
        return None
    sx = zones.image_size[0] / size[0]
    sy = zones.image_size[1] / size[1]
    cx = sum(x for x, _ in quad) / len(quad) * sx
    cy = sum(y for _, y in quad) / len(quad) * sy
    seat = zones.seat_at(cx, cy)
    return None if seat is None else seat - 1


def takes_scan(title: str, view: JSON) -> bool:
    """Whether a game of ``title`` with host ``view`` takes a scan now: its engine needs a
    tableau (round-end, scoring mode) or a reveal (turn by turn)."""
    return any(isinstance(n, TableauNeed | RevealNeed) for n in find_game(title).needs(view))


def table_names(view: JSON) -> list[str]:
    """The names of the tableaux entered, by seat (Sushi Go!'s dummy last)."""
    names = [str(p["name"]) for p in view.get("players", [])]
    dummy = view.get("dummy")
    if isinstance(dummy, dict):
        names.append(str(dummy.get("name", "Dummy")))
    return names


def menu_types(view: JSON) -> dict[str, str]:
    """Card id -> card type of the game's menu."""
    return {str(c["id"]): str(c["type"]) for c in view.get("menu", {}).get("cards", [])}
