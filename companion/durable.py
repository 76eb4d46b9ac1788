"""Files that a power cut or a kill leaves either as they were or as they were meant to be.

:func:`write_atomically` writes a temporary file in the target's own folder, flushes it to the
disk (``fsync``), renames it over the target (``os.replace``, atomic on POSIX) and flushes the
folder, so the rename itself survives a power cut. A reader sees the old file or the new one,
never a half-written one. Several files that must change together (a card set's arrays and its
description) are written as new files first and committed by replacing one file that names
them (see :mod:`companion.vision.cards.store`).
"""

from __future__ import annotations

import os
from pathlib import Path


def fsync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries (a rename, a new or removed file) to the disk; a no-op where
    folders cannot be opened (Windows)."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename is still atomic
    finally:
        os.close(handle)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically and durably (module docstring); :class:`OSError`
    when it cannot be written (then ``path`` is as it was and no temporary file is left)."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
