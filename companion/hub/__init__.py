"""The café's hub (issue 27 part B, ``docs/HUB.md``): many tables' games in one PostgreSQL.

* Hub side: :mod:`companion.hub.store` (PostgreSQL through a psycopg pool, yoyo migrations),
  :mod:`companion.hub.server` (``companion hub serve``: the push and pairing API, the wall
  screen), :mod:`companion.hub.scores` (live totals by replaying the pushed log).
* Table side: :mod:`companion.hub.outbox` (the outbox in the table's SQLite log, filled by
  triggers in the transaction of each change), :mod:`companion.hub.pusher` (the background
  thread that forwards it), :mod:`companion.hub.table_api` (the owner pairs the table).
* Both: :mod:`companion.hub.wire` (the push body, parsed pure).

Nothing here is imported by the table unless the composition root wires it.
"""
