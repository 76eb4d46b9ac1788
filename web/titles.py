"""The catalogues a title offers its pages, for any title (no title's tables here).

``GET /api/titles/<title>/<name>`` answers the title's catalogue ``name`` in the request's
language, as its engine builds it (:func:`companion.games.registry.catalogue`): today Sushi Go
Party!'s ``menus`` for the new-game menu picker (presets, card types, slots; see
:mod:`companion.games.sushi_go_party.catalogue`). ``404`` for an unknown title or a catalogue
the title does not offer.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify

from companion.games.registry import UnknownGame, catalogue
from web.i18n import request_language

bp = Blueprint("titles", __name__, url_prefix="/api/titles")


@bp.get("/<title>/<name>")
def title_catalogue(title: str, name: str) -> Response:
    try:
        found = catalogue(title, name, request_language())
    except UnknownGame:
        abort(404)
    if found is None:
        abort(404)
    return jsonify(found)
