"""Sushi Go Party! (Phil Walker-Harding, Gamewright 2016): the rules as data, engine to come.

Built so far (first increment): :mod:`.cards` (the 181-card catalogue) and :mod:`.menus` (the 8
preset menus, à la carte validation, deal and dessert tables, a menu's deck). Majority awards
with tie policies live in :mod:`companion.games.common.majority`. The title is not registered
yet (``registry.GAME_IDS`` keeps it planned) and this package defines no ``GAME``.
"""
