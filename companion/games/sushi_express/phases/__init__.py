"""``apply`` split by phase: one small module per phase, each a set of short handlers.

A handler takes ``(state, action, events)``, validates the action against the rules (raising
:class:`~companion.games.base.IllegalAction` with a reason a player can read), appends the events
that happened to ``events`` and returns the new state. It never mutates ``state``. Steps the
rules take on their own (a roll that cannot be saved, a forced discard, a certain tip count)
are ``auto_step`` functions that :func:`companion.games.sushi_express.rules.settle` runs after
every action.
"""
