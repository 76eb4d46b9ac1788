"""The hub's pages in the reader's language (issue 26 for the hub; ``docs/I18N.md``).

A page (``static/*.html``) is sent with ``<html lang>`` set and the strings its scripts use
embedded as ``#i18n-catalogue`` (:func:`companion.i18n.catalogue_json`, the same ``.po`` files
as the table's pages; ``static/hub-i18n.js`` reads them). The language: ``?lang=`` (and then
remembered in the ``companion_lang`` cookie, as the table's picker does), else that cookie,
else ``Accept-Language``.
"""

from __future__ import annotations

import json
from importlib import resources

from flask import Response, request

from companion import i18n

COOKIE = "companion_lang"
#: Where the hub's page strings live (what the catalogue keeps for its pages).
STRINGS_UNDER = "companion/hub/static/"


def language() -> str:
    """The language this request's page is shown in."""
    return (i18n.normalize(request.args.get("lang")) or i18n.normalize(request.cookies.get(COOKIE))
            or i18n.negotiate(request.headers.get("Accept-Language")))


def page(name: str) -> Response:
    """``static/<name>`` in the request's language."""
    lang = language()
    text = static(name)
    catalogue = json.dumps(i18n.catalogue_json(lang, only=STRINGS_UNDER), ensure_ascii=False)
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


def static(name: str) -> str:
    return resources.files("companion.hub").joinpath("static", name).read_text("utf-8")
