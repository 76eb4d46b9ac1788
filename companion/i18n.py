"""One message catalogue for the service, the CLI and the pages (issue 26; docs/I18N.md).

English is the source language: a message id *is* its English text, with ``{name}`` placeholders.
Translations live in gettext catalogues, ``companion/locale/<lang>/LC_MESSAGES/messages.po``,
compiled to ``.mo`` by ``bin/i18n compile`` (``bin/setup-env`` runs it). Where a ``.mo`` is
missing or older than its ``.po`` (a fresh clone before setup) the ``.po`` is compiled in memory,
so a checkout works without a build step.

Marking a string (what ``pybabel extract`` looks for, see ``babel.cfg``):

* ``msg("{who} already revealed", who=name)``: a :class:`Msg` rendered later, in the language of
  whoever reads it (a refusal is raised long before anybody knows who will read it);
* ``nmsg("{n} card", "{n} cards", n, ...)``: the plural form picked by ``n`` under each
  language's rules (Polish has three: 1 karta, 2 karty, 5 kart); ``n`` is also a placeholder;
* ``pmsg("sushi-go card", "Chopsticks")``: a message with a context, for names that another
  title's edition prints differently.

A parameter may itself be a :class:`Msg` (a card name inside a refusal), or a list or tuple
(joined with the language's "and": "Ann, Bob and Cy").
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: The languages the catalogue holds, the source first. Adding one: its .po file and this line.
LANGUAGES: tuple[str, ...] = ("en", "fr", "pl")
SOURCE = "en"
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: What each language calls itself, for the picker.
NATIVE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "pl": "Polski"}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of ``lang`` (the source language and unknown ones: none)."""
    if lang == SOURCE or lang not in LANGUAGES:
        return NullTranslations()
    po, mo = po_path(lang), mo_path(lang)
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return Translations(f, domain=DOMAIN)
    if not po.exists():
        return NullTranslations()
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def normalize(tag: str | None) -> str | None:
    """``"pl-PL"``, ``"fr_CA.UTF-8"``, ``"PL"`` -> a language we have, else None."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header (source if none fits)."""
    if not accept_language:
        return SOURCE
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        lang = normalize(tag)
        if lang and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The CLI's language: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (gettext's order)."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(var, "").split(":"):
            lang = normalize(tag)
            if lang:
                return lang
    return SOURCE


@dataclass(frozen=True)
class Msg:
    """A message not yet rendered: its id (the English text), plural and context, and the
    parameters its placeholders name. ``str(msg)`` is the English rendering (logs, CLI)."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def render(self, lang: str = SOURCE) -> str:
        tr = translations(lang)
        if self.plural is not None:
            n = self.n if self.n is not None else 0
            if self.context is not None:
                text = tr.npgettext(self.context, self.msgid, self.plural, n)
            else:
                text = tr.ngettext(self.msgid, self.plural, n)
        elif self.context is not None:
            text = tr.pgettext(self.context, self.msgid)
        else:
            text = tr.gettext(self.msgid)
        if not self.params and self.n is None:
            return text
        values = {k: render_value(v, lang) for k, v in self.params.items()}
        if self.n is not None:
            values.setdefault("n", self.n)
        return text.format(**values)

    def __str__(self) -> str:
        return self.render(SOURCE)


class Text(str):
    """A message already rendered in English that still knows its message: what an engine puts
    where plain JSON wants a string (a Sushi Express turn prompt, a score line's detail). It *is*
    its English text (``json.dumps``, comparisons, the CLI and the logs read that), and
    :func:`localize` renders it again in a reader's language (the web layer does, per request).
    String operations on it give a plain ``str``: to build on it, pass it as a parameter."""

    message: Msg

    def __new__(cls, message: Msg | str) -> Text:
        if isinstance(message, str):  # copy.deepcopy and pickle rebuild it from its text
            message = message.message if isinstance(message, Text) else Msg(message)
        self = super().__new__(cls, message.render(SOURCE))
        self.message = message
        return self

    def render(self, lang: str = SOURCE) -> str:
        return self.message.render(lang)


class Refusal(Exception):
    """An error whose reason a person reads: raised with a :class:`Msg` (``msg(...)``), its
    ``reason`` is the English rendering (logs, CLI) and :meth:`in_language` renders it for the
    reader; raised with a plain string (not in the catalogue), every language reads that
    string. Mixed into the project's error types (``class NotFound(Refusal, LookupError)``)."""

    def __init__(self, reason: str | Msg) -> None:
        self.message: Msg | None = reason if isinstance(reason, Msg) else None
        super().__init__(str(reason))
        self.reason = str(reason)

    def in_language(self, lang: str) -> str:
        """The reason in ``lang`` (a language code of :data:`LANGUAGES`)."""
        return self.message.render(lang) if self.message is not None else self.reason


def tmsg(msgid: str, **params: Any) -> Text:
    """``msg(...)`` rendered in English, kept for :func:`localize` (see :class:`Text`)."""
    return Text(Msg(msgid, params))


def ntmsg(singular: str, plural: str, n: int, **params: Any) -> Text:
    return Text(Msg(singular, params, plural, n))


def said(exc: BaseException) -> Msg | str:
    """What an error raised with a :class:`Text` says (a vision module's
    ``ValueError(tmsg(...))``, whose English is its ``str``), as its message: it renders in
    each reader's language; any other error: its text, the same in every language."""
    first = exc.args[0] if exc.args else None
    return first.message if isinstance(first, Text) else str(exc)


def localize(tree: Any, lang: str) -> Any:
    """``tree`` (plain JSON) with every :class:`Text` in it rendered in ``lang`` (a copy where
    something changes; the tree itself when ``lang`` is the source language)."""
    if lang == SOURCE:
        return tree
    if isinstance(tree, Text):
        return tree.render(lang)
    if isinstance(tree, dict):
        return {k: localize(v, lang) for k, v in tree.items()}
    if isinstance(tree, list | tuple):
        return [localize(v, lang) for v in tree]
    return tree


def render_value(value: Any, lang: str) -> Any:
    """A parameter as text in ``lang``: messages rendered, lists joined with "and"."""
    if isinstance(value, Msg | Text):
        return value.render(lang)
    if isinstance(value, list | tuple):
        return join([render_value(v, lang) for v in value], lang)
    return value


def join(items: Iterable[Any], lang: str = SOURCE) -> str:
    """``["Ann", "Bob", "Cy"]`` -> ``"Ann, Bob and Cy"`` in ``lang``'s words."""
    words = [str(i) for i in items]
    if not words:
        return ""
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        locale = Locale.parse(SOURCE)
    text = format_list(words, locale=locale)
    # CLDR's English list has the Oxford comma; the companion's English never had it.
    return text.replace(", and ", " and ") if lang == SOURCE else text


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (a message id kept for later)."""
    return msgid


def msg(msgid: str, **params: Any) -> Msg:
    return Msg(msgid, params)


def nmsg(singular: str, plural: str, n: int, **params: Any) -> Msg:
    return Msg(singular, params, plural, n)


def pmsg(context: str, msgid: str, **params: Any) -> Msg:
    return Msg(msgid, params, context=context)


def render(text: str | Msg, lang: str = SOURCE) -> str:
    return text.render(lang) if isinstance(text, Msg) else text


def gettext(text: str, lang: str) -> str:
    return translations(lang).gettext(text)


def ngettext(singular: str, plural: str, n: int, lang: str) -> str:
    return translations(lang).ngettext(singular, plural, n)


@cache
def plural_categories(lang: str) -> dict[str, int]:
    """CLDR plural category (what ``Intl.PluralRules`` answers in the browser) -> the index of
    the gettext plural form, found by asking both for 0..199: lets the pages pick a form
    without evaluating the catalogue's ``Plural-Forms`` expression."""
    locale = Locale.parse(lang)
    tr = translations(lang)
    out: dict[str, int] = {}
    for n in range(200):
        index = tr.plural(n) if isinstance(tr, Translations) else (0 if n == 1 else 1)
        out.setdefault(locale.plural_form(n), index)
    out.setdefault("other", max(out.values()))  # fractions: never counted, but answered
    return out


def _no_contexts() -> frozenset[str]:
    return frozenset()


#: Where the contexts of names the engines define and the pages also show come from (a snapshot
#: is shared by every viewer, so each page names the cards in its own language): each title
#: declares its own (``Title.page_contexts``). The engines import this module, so it cannot ask
#: their registry: ``companion.games`` hands it the registry's answer when it is imported
#: (:func:`page_contexts_from`), before any page can be served.
_page_contexts: Callable[[], frozenset[str]] = _no_contexts


def page_contexts_from(source: Callable[[], frozenset[str]]) -> None:
    """Take the page contexts from ``source`` (called when a catalogue is built)."""
    global _page_contexts
    _page_contexts = source


def page_contexts() -> frozenset[str]:
    """The contexts of names the engines define and the pages also show: exported with the
    pages' strings."""
    return _page_contexts()


def catalogue_json(lang: str, only: str | None = "web/static/") -> dict[str, Any]:
    """See :func:`_catalogue_json` (read again only when the ``.po`` file changes)."""
    po = po_path(lang)
    return _catalogue_json(lang, only, po.stat().st_mtime_ns if po.exists() else 0,
                           page_contexts())


@cache
def _catalogue_json(lang: str, only: str | None, _mtime: int,
                    contexts: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The strings of ``lang`` the pages use, for ``GET /i18n/<lang>.json``: ``messages`` maps
    an id (``context\\x04id`` with a context) to its text, or to its list of plural forms;
    ``plural`` maps ``Intl.PluralRules`` categories to form indexes. ``only``: keep the
    entries used under this path, and the names of the page ``contexts`` (None: all)."""
    messages: dict[str, Any] = {}
    if lang != SOURCE and po_path(lang).exists():
        with po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        for m in catalog:
            if not m.id or m.fuzzy:
                continue
            if only and m.context not in contexts and not any(
                loc.startswith(only) for loc, _ in m.locations
            ):
                continue
            key_id = m.id[0] if isinstance(m.id, tuple | list) else m.id
            key = f"{m.context}\x04{key_id}" if m.context else key_id
            if isinstance(m.string, tuple | list):
                if all(m.string):
                    messages[key] = list(m.string)
            elif m.string:
                messages[key] = m.string
    return {"lang": lang, "plural": plural_categories(lang), "messages": messages}
