"""The web side of the message catalogue (issue 26, docs/I18N.md).

* The request's language: the ``companion_lang`` cookie (the page's mirror of the device's
  choice, remembered in localStorage by ``static/i18n.js``), else ``Accept-Language``. The pages'
  API calls send no cookie (``credentials: "omit"``): ``api()`` sets ``Accept-Language`` from the
  device's choice, so a refusal answers in the language of the phone that asked.
* Templates: ``{{ _("Games") }}``, ``{{ _("Game {id}", id=game_id) }}`` and
  ``{{ ngettext("{n} player", "{n} players", n) }}``, the same ``{name}`` placeholders as the
  Python and the JavaScript. ``lang``, ``languages`` and ``i18n_catalogue`` (the strings the
  page's scripts use, read by ``static/i18n.js``) are in every template.
* ``GET /i18n/<lang>.json``: that catalogue for any language (what ``i18n_catalogue`` holds).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, abort, g, jsonify, request
from markupsafe import Markup

from companion import i18n

bp = Blueprint("i18n", __name__)

COOKIE = "companion_lang"


def request_language() -> str:
    """The language this request is answered in (a code of :data:`companion.i18n.LANGUAGES`)."""
    cached = g.get("lang")
    if cached:
        return str(cached)
    lang = i18n.normalize(request.cookies.get(COOKIE)) or i18n.negotiate(
        request.headers.get("Accept-Language")
    )
    g.lang = lang
    return lang


def _gettext(text: str, **params: Any) -> Markup:
    # The catalogue's text is trusted markup; the parameters are escaped unless Markup.
    return Markup(i18n.gettext(text, request_language())).format(**params)


def _ngettext(singular: str, plural: str, n: int, **params: Any) -> Markup:
    return Markup(i18n.ngettext(singular, plural, n, request_language())).format(n=n, **params)


@bp.get("/i18n/<lang>.json")
def catalogue(lang: str) -> Response:
    if lang not in i18n.LANGUAGES:
        abort(404)
    response = jsonify(i18n.catalogue_json(lang))
    response.headers["Cache-Control"] = "no-cache"
    return response


def install(app: Flask | Any) -> None:
    """Templates translate through the catalogue; the JSON export is served."""
    if "i18n" in app.blueprints:
        return
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[union-attr]
        _gettext, _ngettext, newstyle=False
    )

    @app.context_processor
    def _language() -> dict[str, Any]:
        lang = request_language()
        return {
            "lang": lang,
            "languages": [(code, i18n.NATIVE_NAMES.get(code, code)) for code in i18n.LANGUAGES],
            "i18n_catalogue": i18n.catalogue_json(lang),
        }

    app.register_blueprint(bp)
