"""The single writer: inputs -> actions -> engine -> durable log -> subscribers.

* :mod:`companion.session.log`: the SQLite game log (WAL, ``synchronous=FULL``).
* :mod:`companion.session.history`: pure fold of log entries (act, undo, redo, correct).
* :mod:`companion.session.records`: the versioned game record (``docs/RECORD_FORMAT.md``).
* :mod:`companion.session.access`: who may send what.
* :mod:`companion.session.snapshot`: per-viewer snapshots (``docs/API.md``).
* :mod:`companion.session.session`: ``Session(log)``, the writer thread and its interface.
"""
