"""The message catalogue (issue 26, docs/I18N.md): every message the code uses is translated in
every language, no entry is fuzzy or empty, placeholders match their message id, and plurals
follow each language's rules."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from companion import i18n
from companion.games.base import IllegalAction
from companion.games.sushi_go import words
from companion.i18n import msg, nmsg

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def keywords() -> dict[str, object]:
    """The extraction keywords bin/i18n passes (its ``keywords=(...)`` line: one source)."""
    lines = (ROOT / "bin/i18n").read_text().splitlines()
    line = next(x for x in lines if x.startswith("keywords="))
    args = shlex.split(line.split("(", 1)[1].rsplit(")", 1)[0])
    out: dict[str, object] = dict(DEFAULT_KEYWORDS)
    for spec in args[1::2]:
        name, _, rest = spec.partition(":")
        if not rest:
            out[name] = None
            continue
        parts = []
        for p in rest.split(","):
            parts.append((int(p[:-1]), "c") if p.endswith("c") else int(p))
        out[name] = tuple(parts)
    return out


@pytest.fixture(scope="module")
def used() -> dict[tuple[str | None, str], str]:
    """Every message the code marks: (context, id) -> where."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[tuple[str | None, str], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords()
    ):
        first = message[0] if isinstance(message, tuple) else message
        if first:
            found.setdefault((context, first), f"{filename}:{lineno}")
    return found


def catalogue(lang: str) -> Catalog:
    with i18n.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def test_extraction_finds_the_engine_the_templates_and_the_scripts(used: dict) -> None:
    places = {where.split(":")[0] for where in used.values()}
    assert any(p.startswith("companion/games/sushi_go/") for p in places)
    assert "web/templates/home.html" in places
    assert "web/static/home.js" in places
    assert ("sushi-go", "Chopsticks") in used


def test_extraction_reads_every_literal_t_call_of_the_scripts(used: dict) -> None:
    """A ``t("...")`` the extractor cannot see (e.g. inside a template literal's ``${...}``
    without ``parse_template_string``) would be dropped from every language by the next
    ``bin/i18n extract``."""
    call = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
    ids = {(None, m.replace('\\"', '"')) for path in (ROOT / "web" / "static").glob("*.js")
           for m in call.findall(path.read_text(encoding="utf-8"))}
    missed = sorted(i for _, i in ids - set(used))
    assert not missed, missed

@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_used_in_code_is_translated(lang: str, used: dict) -> None:
    cat = catalogue(lang)
    missing = [
        f"{where}: {msgid!r}" + (f" (context {ctx})" if ctx else "")
        for (ctx, msgid), where in sorted(used.items(), key=lambda kv: kv[1])
        if cat.get(msgid, context=ctx) is None
    ]
    assert not missing, f"not in {lang}'s messages.po (bin/i18n extract):\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_is_fuzzy_or_untranslated(lang: str) -> None:
    cat = catalogue(lang)
    nplurals = cat.num_plurals
    bad = []
    for m in cat:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.fuzzy:
            bad.append(f"fuzzy: {m.id!r}")
        elif not all(forms):
            bad.append(f"untranslated: {m.id!r}")
        elif m.pluralizable and len(forms) != nplurals:
            bad.append(f"{len(forms)} plural forms, {lang} has {nplurals}: {m.id!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_those_of_the_message_id(lang: str) -> None:
    bad = []
    for m in catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for form in forms:
            got = set(PLACEHOLDER.findall(form))
            # a plural form may leave out the count ("une carte"), never add or rename one
            if got - wanted or (wanted - got) - ({"n"} if len(ids) > 1 else set()):
                bad.append(f"{m.id!r}: {sorted(got)} != {sorted(wanted)} in {form!r}")
            if form.count("{") != form.count("}"):
                bad.append(f"unbalanced braces in {form!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_compiles_without_babel_s_checks_failing(lang: str) -> None:
    """What ``pybabel compile`` (``bin/setup-env``) refuses: e.g. a message with a bare ``%``
    extracted as python-format whose translation has none ("{n}% used" -> "zajęte {n}%")."""
    bad = [f"line {m.lineno}: {m.id!r}: {error}"
           for m, errors in catalogue(lang).check() for error in errors]
    assert not bad, "\n".join(bad)

def test_plural_rules_follow_each_language() -> None:
    assert catalogue("pl").num_plurals == 3
    assert i18n.plural_categories("pl") == {"one": 0, "few": 1, "many": 2, "other": 2}
    assert i18n.plural_categories("en") == {"other": 1, "one": 0}
    cards = (
        "{who}: {n} card, but every table ends the round with {size} (one card a turn; used "
        "chopsticks go back)"
    )
    many = cards.replace("{n} card,", "{n} cards,")
    said = {n: nmsg(cards, many, n, who="Ala", size=10).render("pl") for n in (1, 2, 5, 22, 25)}
    assert said[1].startswith("Ala: 1 karta,")
    assert said[2].startswith("Ala: 2 karty,")
    assert said[5].startswith("Ala: 5 kart,")
    assert said[22].startswith("Ala: 22 karty,")
    assert said[25].startswith("Ala: 25 kart,")
    assert nmsg(cards, many, 1, who="Ann", size=10).render("fr").startswith("Ann : 1 carte,")


def test_a_refusal_keeps_its_english_reason_and_renders_in_any_language() -> None:
    exc = IllegalAction(msg("{who}: {card} cannot lie on a wasabi (only a nigiri)",
                            who="Ola", card=words.card_label("chopsticks")))
    assert exc.reason == "Ola: Chopsticks cannot lie on a wasabi (only a nigiri)"
    assert str(exc) == exc.reason
    assert exc.in_language("pl") == "Ola: Pałeczki nie może leżeć na wasabi (tylko nigiri)"
    assert exc.in_language("fr") == (
        "Ola : Baguettes ne peut pas aller sur un Wasabi (seulement un sushi)"
    )
    assert IllegalAction("plain text").in_language("pl") == "plain text"


def test_card_names_are_the_printed_ones() -> None:
    assert words.card_label("squid_nigiri").render("pl") == "Nigiri z kalmarem"
    assert words.card_label("squid_nigiri").render("fr") == "Sushi calamar"
    assert words.card_label("futomaki_3").render("pl") == "Futomaki (3)"
    assert words.card_label("frozen_yogurt_0").render("pl") == "Mrożony jogurt (0)"
    assert str(words.card_label("strawberry_pudding_4")) == "Strawberry Pudding (4)"
    assert i18n.join(["Ann", "Ben", "Cy"]) == "Ann, Ben and Cy"
    assert i18n.join(["Ala", "Ola"], "pl") == "Ala i Ola"


def test_language_choice() -> None:
    assert i18n.negotiate("pl-PL,pl;q=0.9,en;q=0.8") == "pl"
    assert i18n.negotiate("de-DE, fr;q=0.5, en;q=0.4") == "fr"
    assert i18n.negotiate("de") == "en"
    assert i18n.negotiate(None) == "en"
    assert i18n.negotiate("en;q=0.2, pl;q=0.9") == "pl"
    assert i18n.from_environment({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert i18n.from_environment({"LANGUAGE": "de:fr", "LANG": "pl_PL.UTF-8"}) == "fr"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"


def test_the_po_file_is_read_when_no_mo_was_compiled(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """A fresh clone before bin/setup-env: no .mo, the .po compiled in memory."""
    po = tmp_path / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(i18n.po_path("pl").read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert not i18n.mo_path("pl").exists()
        assert i18n.translations("pl").pgettext("sushi-go", "Chopsticks") == "Pałeczki"
    finally:
        i18n.translations.cache_clear()


def test_french_has_the_plural_forms_babel_gives_it() -> None:
    assert catalogue("fr").num_plurals == len(
        {i18n.translations("fr").plural(n) for n in (0, 1, 2, 1_000_000)}  # type: ignore[attr-defined]
    )
    assert Locale.parse("fr").plural_form(2) == "other"
