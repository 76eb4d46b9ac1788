"""A pseudo language for the browser tests (issue 26 item 5), never one users can pick.

:func:`pseudo_catalogue` writes, into a temporary locale folder, a copy of the French catalogue
whose every entry reads ``[!! Ġámé {id} ···· !!]``: the English message id with its letters
accented and about 40 % longer, its ``{placeholders}`` kept. :func:`install` points
:mod:`companion.i18n` at that folder for the test, so that a page shown "in French" shows the
pseudo text instead: any visible word not inside ``[!! ... !!]`` bypassed the catalogue, and a
layout that breaks with the longer words shows it. The ids come from the catalogue itself (the
French ``messages.po``, which the catalogue tests keep complete), so nothing is listed twice.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from companion import i18n

#: The language code the pseudo catalogue replaces in the test process.
LANG = "fr"
OPEN, CLOSE = "[!! ", "!!]"
PLACEHOLDER = re.compile(r"(\{\w*\})")
ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "áéíóúýÁÉÍÓÚÝçñšž")


def pseudo(text: str) -> str:
    """``text`` wrapped, accented outside its placeholders, and lengthened by about 40 %."""
    parts = PLACEHOLDER.split(text)
    body = "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(ACCENTS) for p in parts)
    # the extra 40 % as short "words" (a real language's words break across lines too)
    extra = max(2, round(len(text) * 0.4))
    pad = " ".join("···" for _ in range(extra // 4 + 1))
    return f"{OPEN}{body} {pad}{CLOSE}"


def pseudo_catalogue(folder: Path) -> Path:
    """Write the pseudo catalogue as ``folder/<LANG>/LC_MESSAGES/messages.po``."""
    with i18n.po_path(LANG).open("rb") as f:
        catalog = read_po(f, locale=LANG)
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple | list):
            single, plural = m.id[0], m.id[1]
            m.string = tuple(pseudo(single if i == 0 else plural)
                             for i in range(catalog.num_plurals))
        else:
            m.string = pseudo(m.id)
    path = folder / LANG / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=None)
    return path


def clear_caches() -> None:
    i18n.translations.cache_clear()
    i18n._catalogue_json.cache_clear()
    i18n.plural_categories.cache_clear()


def install(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Serve the pseudo catalogue as :data:`LANG` for the rest of the test (undone after it)."""
    pseudo_catalogue(folder)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    clear_caches()


#: Visible text of the page that is not inside a pseudo wrapper: one entry per text node,
#: placeholder, option or accessible label, with a CSS-ish path to find it. Arguments: the
#: words allowed as they are, and the selectors of the parts not checked.
BYPASS_JS = r"""([allowed, skipped]) => {
  const strip = (text) => {
    let out = text, before;
    do {
      before = out;
      out = out.replace(/\[!! (?:(?!\[!! |!!\]).)*!!\]/gs, " ");
    } while (out !== before);
    for (const word of allowed) out = out.split(word).join(" ");
    return out;
  };
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "")
        + (e.classList.length ? `.${[...e.classList].join(".")}` : ""));
    }
    return parts.join(" > ");
  };
  const seen = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && !skipped.some((selector) => el.closest(selector));
  const found = [];
  const check = (el, text, what) => {
    const left = strip(text);
    const shown = JSON.stringify(text.trim().slice(0, 80));
    if (/\p{L}/u.test(left)) found.push(`${where(el)}${what}: ${shown}`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || ["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(el.tagName)) continue;
    if (!node.textContent.trim() || !seen(el)) continue;
    check(el, node.textContent, "");
  }
  for (const el of document.querySelectorAll("select")) {
    if (!seen(el)) continue;
    for (const option of el.options) check(el, option.textContent, " option");
  }
  for (const el of document.querySelectorAll("[placeholder], [aria-label], [title]")) {
    if (!seen(el)) continue;
    for (const attr of ["placeholder", "aria-label", "title"]) {
      const value = el.getAttribute(attr);
      if (value) check(el, value, ` [${attr}]`);
    }
  }
  return found;
}"""
