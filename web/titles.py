"""What a title offers its pages, for any title (no title's tables here): its page modules and
its catalogues.

A title's page modules are found by name: ``web/static/<screens>-<role>.js``, ``screens`` being
the prefix its package declares (``TITLE.screens``) and ``role`` one of :data:`ROLES` (``game``:
its game and replay screens; ``setup``: its part of the new-game form; ``correct``: its fields
of the correction form). :func:`scripts` lists those that exist, and ``GET /api/titles`` sends
them: the pages load them with ``import()``, so a title's screens are its own files.

``GET /api/titles/<title>/<name>`` answers the title's catalogue ``name`` in the request's
language, as its engine builds it (:func:`companion.games.registry.catalogue`): today Sushi Go
Party!'s ``menus`` for the new-game menu picker (presets, card types, slots; see
:mod:`companion.games.sushi_go_party.catalogue`). ``404`` for an unknown title or a catalogue
the title does not offer.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, jsonify, url_for

from companion.games.base import Title
from companion.games.registry import UnknownGame, catalogue
from web.i18n import request_language

bp = Blueprint("titles", __name__, url_prefix="/api/titles")

#: The parts of the pages a title may bring, each a module ``<screens>-<role>.js``.
ROLES = ("game", "setup", "correct")


def scripts(title: Title) -> dict[str, str]:
    """Role -> the address of the title's module for it, for each module that exists."""
    static = Path(current_app.static_folder or "")
    return {role: url_for("static", filename=f"{title.screens}-{role}.js") for role in ROLES
            if (static / f"{title.screens}-{role}.js").is_file()}


@bp.get("/<title>/<name>")
def title_catalogue(title: str, name: str) -> Response:
    try:
        found = catalogue(title, name, request_language())
    except UnknownGame:
        abort(404)
    if found is None:
        abort(404)
    return jsonify(found)
