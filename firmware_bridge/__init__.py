"""Host side of the dice-tower serial protocol (``hardware/PROTOCOL.md``).

* ``protocol.py``: the PURE codec (framing, CRC, messages), also run unchanged by the tower.
* ``inbox.py``: the durable roll inbox in the session's SQLite file.
* ``link.py``: the pyserial link: discovery by handshake, heartbeats, loss detection,
  reconnect with backoff, ack after commit.
* ``service.py``: ``TowerService``, the inbox and the link for the composition root.
* ``fake.py``: the virtual tower (the real firmware on a paced pty, with fault injection);
  ``traysim.py``: synthetic tray frames for its camera and for tests.
* ``soak.py`` and ``python -m firmware_bridge simulate|soak|listen``.

Nothing here does work at import time.
"""
