"""Plural entries that read right (issue 26): a language's forms of a count differ unless the
words do not change ("1 baguettes" on a French Sushi Roll screen once came from three identical
forms), and French names a player without "de" before the name (which would need "d'Ola").

A plural entry whose forms are all the same must say why in a translator's comment starting
``invariable:`` (``# invariable: 'fois' does not change``): the word does not change with the
count, or the wording puts the count where it needs no plural (Polish "menu" before it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
MARK = "invariable:"
#: Placeholders that hold a player's name (the message ids' own names for them).
NAME = r"\{(?:who|player|name|other|current|first|giver|players)\}"


def catalogue(lang: str) -> Catalog:
    with (ROOT / "companion" / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_plural_entry_s_forms_differ_unless_marked_invariable(lang: str) -> None:
    same = [
        f"line {m.lineno}: {m.id[0]!r} -> {m.string[0]!r}"
        for m in catalogue(lang)
        if m.id and m.pluralizable and len(set(m.string)) == 1
        and not any(c.startswith(MARK) for c in m.user_comments)
    ]
    assert not same, (
        f"{lang}: plural entries with every form the same (give each form its words, or add a "
        f"'# {MARK} why' comment): {same}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_invariable_mark_sits_only_where_the_forms_are_the_same(lang: str) -> None:
    stale = [f"line {m.lineno}: {m.id[0]!r}" for m in catalogue(lang)
             if m.id and any(c.startswith(MARK) for c in m.user_comments)
             and not (m.pluralizable and len(set(m.string)) == 1)]
    assert not stale, f"{lang}: '{MARK}' comments on entries whose forms differ: {stale}"


def test_french_puts_no_de_or_que_before_a_player_s_name() -> None:
    """ "Saisir les cartes de Ola" should read "d'Ola", "que Ola" "qu'Ola": the French says it
    without elision ("Saisir les cartes · {player}", "le coup joué par {who}")."""
    before_name = re.compile(rf"\b(?:de|que|De|Que|le|la|du)\s+{NAME}")
    found = [
        f"line {m.lineno}: {s!r}"
        for m in catalogue("fr") if m.id
        for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string])
        if before_name.search(s or "")
    ]
    assert not found, f"French entries needing an elision before a name: {found}"


def test_a_french_die_face_counts_its_chopsticks() -> None:
    fr = i18n.translations("fr")
    assert fr.ngettext("{n} Chopsticks", "{n} Chopsticks", 1).format(n=1) == "1 baguette"
    assert fr.ngettext("{n} Chopsticks", "{n} Chopsticks", 2).format(n=2) == "2 baguettes"
