"""Pairing codes and table tokens (pure).

A pairing code is 8 characters of the join codes' alphabet (no 0/O, 1/I/L), shown
``ABCD-EFGH``; typed codes are normalised (spaces and dashes dropped, upper case). The hub
stores codes and tokens only as SHA-256 digests.
"""

from __future__ import annotations

import hashlib
import secrets

from companion.session.log import JOIN_ALPHABET, new_token, normalise_join_code

PAIRING_CODE_LENGTH = 8

__all__ = ["PAIRING_CODE_LENGTH", "digest", "new_pairing_code", "new_token", "normalise_code",
           "show_code"]


def new_pairing_code() -> str:
    """A fresh pairing code (about 850 billion values)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(PAIRING_CODE_LENGTH))


def normalise_code(code: str) -> str:
    """A typed pairing code as stored: spaces and dashes dropped, upper case."""
    return normalise_join_code(code)


def show_code(code: str) -> str:
    """``ABCDEFGH`` as ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == PAIRING_CODE_LENGTH else code


def digest(secret: str, kind: str) -> str:
    """What the hub stores for a code or token: SHA-256 of ``kind`` and ``secret``, in hex."""
    return hashlib.sha256(f"{kind}\0{secret}".encode()).hexdigest()
