"""The card reader's networks and the card sets of the data dir, and which set each game
reads with.

:class:`CardModels` builds the networks on first use and keeps every set loaded (re-read when
its files change); callers hold its ``lock`` around every use. :func:`read_choices` and
:func:`choose` keep the per-game set choices in ``scan_sets.json`` of the data dir. Errors of
the set store come back as :class:`~companion.games.base.UnreadableInput`.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2

from companion.games.base import UnreadableInput
from companion.i18n import msg
from companion.scans.model import Image

#: The per-game card set choices, in the data dir.
CHOICES_FILE = "scan_sets.json"


class CardModels:
    """The card reader's networks (built on first use) and the card sets of ``data_dir``
    (loaded once, re-read when their files change). Callers hold :attr:`lock` around every
    use: the networks are thread-confined."""

    def __init__(self, data_dir: Path, reader_factory: Callable[[Any], Any] | None = None
                 ) -> None:
        self.data_dir = data_dir
        self.lock = threading.RLock()
        self._embedder: Any = None
        self._finder: Any = None
        self._sets: dict[str, tuple[int, Any]] = {}
        self._reader_factory = reader_factory

    def networks(self) -> tuple[Any, Any]:
        """The (embedder, finder) pair, built on first use."""
        if self._embedder is None:
            from companion.vision.cards import CardFinder, Embedder
            try:
                self._embedder, self._finder = Embedder(), CardFinder()
            except (FileNotFoundError, cv2.error) as exc:
                raise UnreadableInput(msg("the card reader cannot start: {error}",
                                          error=str(exc))) from None
        return self._embedder, self._finder

    def _stamp(self, name: str) -> int:
        from companion.vision.cards import store
        meta = store.set_dir(self.data_dir, name) / "meta.json"
        try:
            return meta.stat().st_mtime_ns
        except OSError:
            return -1

    def stored(self, name: str) -> bool:
        """Whether the data dir holds a set ``name``."""
        return self._stamp(name) >= 0

    def load(self, name: str, create: bool = False) -> Any:
        """The card set ``name``; with ``create`` a new empty one when there is none.
        :class:`UnreadableInput` for a bad name or a set that is missing or broken."""
        from companion.vision.cards import CardSet, store
        check_set_name(name)
        stamp = self._stamp(name)
        held = self._sets.get(name)
        if held is not None and held[0] == stamp:
            return held[1]
        if stamp < 0:
            if not create:
                raise UnreadableInput(msg(
                    "the camera does not know these cards yet: open Enroll cards on the "
                    "tablet and show it each card first"))
            card_set = CardSet(name=name, model=store.model_digest())
        else:
            embedder, _ = self.networks()
            try:
                card_set = store.load_set(self.data_dir, name, embedder)
            except store.CardSetError as exc:
                raise UnreadableInput(str(exc)) from None
        self._sets[name] = (stamp, card_set)
        return card_set

    def save(self, card_set: Any) -> None:
        """Write ``card_set`` to the data dir and keep it as loaded."""
        from companion.vision.cards import store
        try:
            store.save_set(self.data_dir, card_set)
        except store.CardSetError as exc:
            raise UnreadableInput(str(exc)) from None
        self._sets[card_set.name] = (self._stamp(card_set.name), card_set)

    def reader(self, card_set: Any, real: bool = False) -> Any:
        """A reader of ``card_set`` (the injected one, unless ``real``: enrollment always
        finds the card with the real finder)."""
        if self._reader_factory is not None and not real:
            return self._reader_factory(card_set)
        from companion.vision.cards import CardReader
        embedder, finder = self.networks()
        return CardReader(card_set, embedder, finder)

    def teach(self, card_set: Any, label: str, crop: Image) -> None:
        """Enroll ``crop`` (a rectified card) under ``label`` and save the set."""
        embedder, _ = self.networks()
        card_set.add(label, [crop], embedder)
        self.save(card_set)

    def forget(self, name: str) -> None:
        """Drop the loaded set ``name`` (its files were replaced)."""
        self._sets.pop(name, None)


def check_set_name(name: str) -> None:
    """:class:`UnreadableInput` unless ``name`` is a valid card set name."""
    from companion.vision.cards import store
    try:
        store.check_name(name)
    except store.CardSetError as exc:
        raise UnreadableInput(str(exc)) from None


def read_choices(data_dir: Path) -> dict[str, str]:
    """Game id (as text) -> the card set the host chose for it; empty when none was chosen
    (or the file is unreadable)."""
    try:
        data = json.loads((data_dir / CHOICES_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def choose(data_dir: Path, game_pk: int, name: str) -> None:
    """Store ``name`` as game ``game_pk``'s card set (the file replaced atomically)."""
    choices = read_choices(data_dir)
    choices[str(game_pk)] = name
    _write_json(data_dir / CHOICES_FILE, choices)


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
