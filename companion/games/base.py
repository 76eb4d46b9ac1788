"""The contract every title keeps.

A title is a :class:`Game`: a pure rules engine with no clock, camera or ``random`` of its own.

* ``setup(players, options) -> state``: a frozen state for a new game.
* ``legal_actions(state)``: every legal *player decision* in this state (enumerable ones).
* ``chance_action(state, rng)``: when the state waits for the table (dice, a card revealed),
  one such input drawn fairly from what is left; ``None`` otherwise. Only simulation mode
  (tests, benchmarks, hints) calls it; in companion mode the table sends these inputs.
* ``apply(state, action) -> (state, events)``: validates, raising :class:`IllegalAction` with a
  reason a player can read; never mutates ``state``.
* ``is_over(state)`` and ``score(state) -> ScoreSheet`` that explains every point.
* ``score_final(players, options, final)``: score a record's ``final`` end state (a JSON object
  whose shape each title documents in ``docs/RECORD_FORMAT.md``).
* ``view(state, seat)``: the JSON a screen shows, with hidden information filtered for ``seat``
  (``None`` = a watcher or the host, who see only public information).
* ``action_from_json`` / ``Action.to_json`` are a converter pair; so are events.
* ``needs(view)``: what the table must supply next (OpenSpiel's ``chance_outcomes`` is the
  model), read from the title's own public view (``view(state, None)``): typed :class:`Need`
  values (:class:`DiceNeed`: dice for a player, how many, pips or icons, on a tray or a belt;
  :class:`StepNeed`: a step the table may take to move the game on; :class:`TableauNeed`: the
  cards in front of a seat; :class:`RevealNeed`: the cards a seat revealed this turn).
  ``action_for(need, reading)`` is the title's constructor of the action that supplies a need
  from what an input read (the values of the dice, the readings of icon dice, ``None`` for a
  step, the scanned cards): the inputs (tap, camera, tower, buttons, scan) build their actions
  through it, never by hand. It may raise :class:`IllegalAction` (a reading that cannot supply
  the need); the result is validated by ``apply`` like any action.

Errors are split by cause: :class:`UnreadableInput` (malformed data), :class:`IllegalAction`
(well-formed but against the rules).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar, get_type_hints

from companion.i18n import Refusal, msg

JSON = dict[str, Any]


class IllegalAction(Refusal):
    """A well-formed action that the rules forbid; ``reason`` is for a player to read.

    Raised with a :class:`~companion.i18n.Msg` (``msg(...)``, ``nmsg(...)``: a message id and
    its parameters), ``reason`` is the English rendering (logs, CLI) and :meth:`in_language`
    renders it for the reader; raised with a plain string (not yet in the catalogue), every
    language reads that string (docs/I18N.md)."""


class UnreadableInput(Refusal, ValueError):
    """Input that cannot be read at all: malformed JSON, unknown kind, missing or bad field.

    As :class:`IllegalAction`: raised with a :class:`~companion.i18n.Msg`, ``reason`` is the
    English rendering and :meth:`in_language` renders it for the reader (``400 unreadable``
    answers in the request's language); a plain string reads the same in every language."""


@dataclass(frozen=True)
class OptionSpec:
    """A setup option (a house rule or a variant) with our default and its allowed values."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    #: A free option takes any JSON value (``choices`` lists suggestions); the title's ``setup``
    #: validates it and refuses a bad one with a reason.
    free: bool = False


class Faces(Enum):
    """What a title's dice show: pips (whole numbers 1 to 6; a tower or a camera reads them) or
    icons (readings ``"kind:face"``; only a camera reads them)."""

    PIPS = "pips"
    ICONS = "icons"


@dataclass(frozen=True)
class GameInfo:
    """What a title is: id, name, player counts, setup options (as data), what its dice show
    (``dice``; ``None``: a title played without dice) and, for a title whose tableaux the table
    enters from the cards (a scan), what an entry takes besides the cards (``tableau``, the
    extras of its :class:`TableauNeed`; ``None``: no card entry)."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    dice: Faces | None = None
    tableau: frozenset[str] | None = None

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults completed by ``given``; an unknown key or a value not allowed is refused."""
        known = {o.key: o for o in self.options}
        resolved = {o.key: o.default for o in self.options}
        for key, value in (given or {}).items():
            if key not in known:
                raise UnreadableInput(f"unknown option {key!r} for {self.name}")
            if not known[key].free and value not in known[key].choices:
                allowed = ", ".join(repr(c) for c in known[key].choices)
                raise UnreadableInput(f"option {key!r} cannot be {value!r} (allowed: {allowed})")
            resolved[key] = value
        return resolved

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [
                {
                    "key": o.key,
                    "label": o.label,
                    "default": o.default,
                    "choices": list(o.choices),
                    "doc": o.doc,
                    "free": o.free,
                }
                for o in self.options
            ],
        }


@dataclass(frozen=True)
class Title:
    """How a title package introduces itself to the registry (its ``TITLE``, next to ``GAME``):
    the facts about a title that are not rules. ``id`` is its ``GameInfo.id``; ``order`` its
    place in the menus (lowest first); ``screens`` the prefix of its pages' scripts
    (``web/static/<screens>-game.js``, ``-setup.js``, ``-correct.js``: the pages load those that
    exist); ``bgg_id`` its BoardGameGeek id (0: none sent to BG Stats); ``page_contexts`` the
    message contexts of names its engine defines that the pages show too (card names: the
    pages' catalogue carries them)."""

    id: str
    order: int
    screens: str
    bgg_id: int = 0
    page_contexts: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: a unique name and a colour (a player colour, free text)."""

    name: str
    colour: str = ""

    def to_json(self) -> JSON:
        return {"name": self.name, "colour": self.colour}

    @classmethod
    def from_json(cls, data: Any) -> PlayerSpec:
        if isinstance(data, str):
            data = {"name": data}
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise UnreadableInput(msg("a player needs a '{field}' (text)", field="name"))
        name = data["name"].strip()
        if not name:
            raise UnreadableInput(msg("a player's name must have 1 to {most} characters",
                                      most=24))
        if len(name) > 24:
            raise UnreadableInput(msg(
                "\"{name}\" has {n} characters: a player's name must have 1 to {most} "
                "characters", name=name, n=len(name), most=24))
        colour = data.get("colour", "")
        if not isinstance(colour, str):
            raise UnreadableInput(msg("a player's '{field}' must be text", field="colour"))
        return cls(name=name, colour=colour)


def check_players(info: GameInfo, players: Sequence[PlayerSpec]) -> None:
    """Refuse a player list of the wrong size or with a repeated name."""
    if not info.min_players <= len(players) <= info.max_players:
        raise IllegalAction(msg("{title} is played by {least} to {most} players, not {n}",
                                title=info.name, least=info.min_players,
                                most=info.max_players, n=len(players)))
    seen: dict[str, str] = {}
    for p in players:
        key = p.name.strip().casefold()
        if key in seen:
            raise IllegalAction(
                msg("two players cannot share a name: \"{first}\" and \"{second}\" differ only "
                    "in capital letters or spaces", first=seen[key], second=p.name)
                if seen[key] != p.name else
                msg("two players cannot share a name: \"{name}\"", name=p.name))
        seen[key] = p.name


@dataclass(frozen=True)
class Need:
    """What the table must supply next for ``player`` (at ``seat``): ``slot`` names the decision
    (a reading taken for one decision is never applied to a later one), ``prompt`` says it to
    the table. A title answers its needs with ``needs(view)`` and builds the action that
    supplies one with ``action_for(need, reading)`` (see the module docstring)."""

    player: str
    seat: int
    slot: str
    prompt: str


@dataclass(frozen=True)
class DiceNeed(Need):
    """Dice for ``player``: ``dice`` dice (``None``: any number) showing ``faces``, read on
    ``surface`` (``tray``: where dice are rolled or kept; ``belt``: Sushi Roll's conveyor belt).
    ``confirm``: a reading always waits for a person (the dice do not show all the action
    needs). ``kept``: dice on the surface that stay as they were (read with the others, not
    part of the action). The reading is a sequence of every die read on the surface: whole
    numbers for pips, readings ``"kind:face"`` for icons."""

    dice: int | None = None
    faces: Faces = Faces.PIPS
    surface: str = "tray"
    confirm: bool = False
    kept: tuple[Any, ...] = ()


@dataclass(frozen=True)
class StepNeed(Need):
    """A step the table may take for ``player`` to move the game on (the box's ``next``
    button); the reading is ``None``."""


@dataclass(frozen=True)
class TableauNeed(Need):
    """The cards in front of ``player`` (a scan or taps): the reading is a :class:`Tableau`.
    ``extras``: what the action may take besides the cards, which a photo cannot show (the
    keys of :attr:`Tableau.extra`)."""

    extras: frozenset[str] = frozenset()


@dataclass(frozen=True)
class RevealNeed(Need):
    """The card(s) ``player`` revealed this turn, when the table follows turn by turn (a scan
    or taps): the reading is the card ids new on the player's table, in play order (two with
    chopsticks). ``table``: the card ids face up on that table before this turn (what a scan of
    the whole table also shows)."""

    table: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tableau:
    """The reading of a :class:`TableauNeed`: card ids (``cards``), the nigiri lying on a
    wasabi (``on_wasabi``), and ``extra`` (the keys of the need's ``extras``, as JSON)."""

    cards: tuple[str, ...]
    on_wasabi: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreLine:
    """One reason for points: the rule, the card or item it is about, the points, and a note."""

    rule: str
    points: int
    card: str = ""
    detail: str = ""

    def to_json(self) -> JSON:
        return {"rule": self.rule, "points": self.points, "card": self.card, "detail": self.detail}


@dataclass(frozen=True)
class PlayerScore:
    """A player's total, the lines that make it, and the tie-break values (higher is better)."""

    player: str
    breakdown: tuple[ScoreLine, ...]
    tiebreak: tuple[int, ...] = ()
    tiebreak_label: str = ""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.breakdown)

    def to_json(self) -> JSON:
        return {
            "name": self.player,
            "total": self.total,
            "breakdown": [line.to_json() for line in self.breakdown],
            "tiebreak": list(self.tiebreak),
            "tiebreak_label": self.tiebreak_label,
        }


@dataclass(frozen=True)
class ScoreSheet:
    """Scores of every player and the ranking (total first, then the tie-break)."""

    game: str
    players: tuple[PlayerScore, ...]

    def ordered(self) -> list[PlayerScore]:
        """Players best first: the highest total, then the highest tie-break."""
        return sorted(self.players, key=lambda p: (p.total, p.tiebreak), reverse=True)

    def ranking(self) -> list[JSON]:
        """Players best first (:meth:`ordered`), with a shared ``rank`` where total and
        tie-break are equal."""
        ordered = self.ordered()
        ranks: list[JSON] = []
        for i, p in enumerate(ordered):
            prev = ordered[i - 1] if i else None
            same = prev is not None and (prev.total, prev.tiebreak) == (p.total, p.tiebreak)
            rank = ranks[-1]["rank"] if same else i + 1
            ranks.append({"rank": rank, "name": p.player, "total": p.total})
        return ranks

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "ranking": self.ranking(),
        }


class Message:
    """Base of actions and events: frozen dataclasses with a ``kind`` and a JSON converter pair.

    Fields may be ``str``, ``int``, ``bool``, an ``Enum`` with string values, or a tuple of those
    (``tuple[int, ...]``, ``tuple[SomeEnum, ...]``). ``to_json`` writes
    ``{"kind": ..., field: ...}`` and ``from_json`` reads it back, refusing anything else with
    :class:`UnreadableInput`.
    """

    kind: ClassVar[str]

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _encode(getattr(self, f.name))
        return out


M = TypeVar("M", bound=Message)


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(name: str, hint: Any, raw: Any) -> Any:
    origin = getattr(hint, "__origin__", None)
    if origin is tuple:
        if not isinstance(raw, list):
            raise UnreadableInput(f"'{name}' must be a list")
        (item_hint, *_rest) = hint.__args__
        return tuple(_decode(name, item_hint, r) for r in raw)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(raw)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in hint)
            raise UnreadableInput(f"'{name}' cannot be {raw!r} (one of: {allowed})") from None
    if hint is bool:
        if not isinstance(raw, bool):
            raise UnreadableInput(f"'{name}' must be true or false")
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise UnreadableInput(f"'{name}' must be a whole number")
        return raw
    if hint is str:
        if not isinstance(raw, str):
            raise UnreadableInput(f"'{name}' must be text")
        return raw
    raise TypeError(f"unsupported field type {hint!r}")


@dataclass(frozen=True)
class MessageCodec:
    """Reads messages of a closed set of kinds from JSON (the pair of ``Message.to_json``)."""

    what: str
    classes: tuple[type[Message], ...]
    _by_kind: dict[str, type[Message]] = field(init=False, repr=False, compare=False)
    _hints: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_kind", {c.kind: c for c in self.classes})
        object.__setattr__(self, "_hints", {c.kind: get_type_hints(c) for c in self.classes})

    def from_json(self, data: Any) -> Message:
        if not isinstance(data, dict):
            raise UnreadableInput(f"an {self.what} must be a JSON object")
        kind = data.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            raise UnreadableInput(f"unknown {self.what} kind {kind!r} (known: {known})")
        hints = self._hints[cls.kind]
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        extra = set(data) - {f.name for f in fields} - {"kind"}
        if extra:
            raise UnreadableInput(f"{kind}: unexpected field(s) {', '.join(sorted(extra))}")
        values = {}
        for f in fields:
            if f.name in data:
                values[f.name] = _decode(f.name, hints[f.name], data[f.name])
            elif f.default is dataclasses.MISSING:
                raise UnreadableInput(f"{kind}: missing field '{f.name}'")
        return cls(**values)


class State(Protocol):
    """A frozen dataclass holding everything the rules need (and nothing the table hides)."""


S = TypeVar("S")


class Game(Protocol):
    """The surface every registered title implements (see the module docstring)."""

    info: GameInfo
    actions: MessageCodec
    events: MessageCodec

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> Any: ...

    def legal_actions(self, state: Any) -> list[Message]: ...

    def chance_action(self, state: Any, rng: random.Random) -> Message | None: ...

    def apply(self, state: Any, action: Message) -> tuple[Any, tuple[Message, ...]]: ...

    def is_over(self, state: Any) -> bool: ...

    def score(self, state: Any) -> ScoreSheet: ...

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet: ...

    def view(self, state: Any, seat: int | None) -> JSON: ...

    def actor(self, state: Any, action: Message) -> int | None:
        """The seat whose decision ``action`` is (``None`` for table inputs anyone may enter)."""
        ...

    def private_to(self, state: Any, action: Message) -> int | None:
        """The seat an action is private to (e.g. recording a drawn card), else ``None``.

        Such an action may be sent only by that seat and is shown to no other screen."""
        ...

    def final_json(self, state: Any) -> JSON:
        """The record's ``final`` end-state object for ``state`` (the pair of ``score_final``)."""
        ...

    def needs(self, view: JSON) -> tuple[Need, ...]:
        """What the table must supply next, read from this title's public ``view``."""
        ...

    def action_for(self, need: Need, reading: Any) -> Message:
        """The action that supplies ``need`` with ``reading`` (:class:`IllegalAction` when the
        reading cannot)."""
        ...

    def card_names(self) -> dict[str, str]:
        """Every card of the box by id, named as printed (``{}``: a title without cards)."""
        ...

    def facts(self, view: JSON) -> JSON:
        """What the statistics and exports tell of a game besides its ranking, read from its
        public ``view``: ``menu`` (``{"id", "name"}``) for a title played with a menu,
        ``customers`` (player name -> customers served) for one that counts them; ``{}`` for
        neither."""
        ...
