"""The hub's pages in the reader's language (issue 26 for the hub; ``docs/I18N.md``).

A page (``static/*.html``) is sent with ``<html lang>`` set and the strings its scripts use
embedded as ``#i18n-catalogue`` (:func:`companion.i18n.catalogue_json`, the same ``.po`` files
as the table's pages; ``static/hub-i18n.js`` reads them). The language: ``?lang=`` (and then
remembered in the ``companion_lang`` cookie, as the table's picker does), else that cookie,
else ``Accept-Language``.
"""

from __future__ import annotations

import html
import json
from importlib import resources

from flask import Response, abort, request

from companion import i18n

COOKIE = "companion_lang"
#: Where the hub's page strings live (what the catalogue keeps for its pages).
STRINGS_UNDER = "companion/hub/static/"


def language() -> str:
    """The language this request's page is shown in."""
    return (i18n.normalize(request.args.get("lang")) or i18n.normalize(request.cookies.get(COOKIE))
            or i18n.negotiate(request.headers.get("Accept-Language")))


def page(name: str, game: str | None = None) -> Response:
    """``static/<name>`` in the request's language. ``game``: the page of one café game
    (``static/game.html``), the table's own page script over the hub's API: its strings are the
    table's pages' (``web/static/``), and ``{{game}}``/``{{back}}`` are filled in."""
    lang = language()
    text = static(name)
    only = STRINGS_UNDER
    if game is not None:
        only = "web/static/"
        text = (text.replace("{{game}}", html.escape(game))
                .replace("{{back}}", html.escape(i18n.msg("← All past games").render(lang))))
    catalogue = json.dumps(i18n.catalogue_json(lang, only=only), ensure_ascii=False)
    embedded = ('<script id="i18n-catalogue" type="application/json">'
                + catalogue.replace("</", "<\\/") + "</script>\n")
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    text = text.replace("</head>", embedded + "</head>", 1)
    response = Response(text, mimetype="text/html")
    response.headers["Content-Language"] = lang
    response.headers["Vary"] = "Accept-Language, Cookie"
    chosen = i18n.normalize(request.args.get("lang"))
    if chosen:
        response.set_cookie(COOKIE, chosen, max_age=31536000, samesite="Lax")
    return response


def script(name: str) -> Response:
    """``static/<name>`` as JavaScript."""
    return Response(static(name), mimetype="text/javascript")


#: The table's page modules and styles the hub serves under ``/table/`` (its game page runs
#: the table's ``history.js`` and ``replay.js``, which import the rest by relative path).
TABLE_SUFFIXES = (".js", ".css")


def table_static(name: str) -> Response:
    """``web/static/<name>``: a script or style sheet of the table's pages (404 for anything
    else)."""
    folder = resources.files("web").joinpath("static")
    if (not name.endswith(TABLE_SUFFIXES) or "/" in name or "\\" in name
            or name.startswith(".") or not folder.joinpath(name).is_file()):
        abort(404)
    mimetype = "text/javascript" if name.endswith(".js") else "text/css"
    response = Response(folder.joinpath(name).read_text("utf-8"), mimetype=mimetype)
    response.headers["Cache-Control"] = "no-cache"
    return response


def static(name: str) -> str:
    return resources.files("companion.hub").joinpath("static", name).read_text("utf-8")
