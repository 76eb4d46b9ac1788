"""ZIP bombs built cheaply for the tests of issue 28 (item 2): a member of zeros whose deflate
stream is made once for 1 MiB and repeated (each block is compressed from a fresh state and ends
on a full flush, so the copies chain into one valid stream), written as a ZIP by hand so the
sizes it declares can also lie. 1 GiB of zeros costs about 1 MB and a quarter of a second (its
CRC); nothing of the inflated size is ever held in memory here."""

from __future__ import annotations

import struct
import zlib
from functools import cache

MIB = 1024 * 1024


@cache
def _deflated_mib() -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(bytes(MIB)) + packer.flush(zlib.Z_FULL_FLUSH)


@cache
def _crc_of_zeros(mib: int) -> int:
    crc, chunk = 0, bytes(MIB)
    for _ in range(mib):
        crc = zlib.crc32(chunk, crc)
    return crc


def zeros_member(mib: int) -> tuple[bytes, int, int]:
    """(raw deflate stream, CRC-32, size) of ``mib`` MiB of zeros."""
    end = zlib.compressobj(9, zlib.DEFLATED, -15).flush()  # an empty final block
    return _deflated_mib() * mib + end, _crc_of_zeros(mib), mib * MIB


def zip_file(members: list[tuple[str, bytes, int, int, int | None]]) -> bytes:
    """A ZIP of ``(name, data as stored, CRC-32, size, declared size or None)`` members: data
    whose length differs from ``size`` is deflated, else stored; ``declared`` (default:
    ``size``) is the size written in both headers."""
    local, central = bytearray(), bytearray()
    for name, data, crc, size, declared in members:
        method = 8 if len(data) != size else 0
        told = size if declared is None else declared
        raw = name.encode()
        offset = len(local)
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(data),
                             told, len(raw), 0) + raw + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc,
                               len(data), told, len(raw), 0, 0, 0, 0, 0, offset) + raw
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central),
                      len(local), 0)
    return bytes(local + central + end)


def stored(name: str, data: bytes) -> tuple[str, bytes, int, int, None]:
    """A member stored as is."""
    return name, data, zlib.crc32(data), len(data), None


def zeros(name: str, mib: int, declared: int | None = None) -> tuple[str, bytes, int, int,
                                                                     int | None]:
    """A member of ``mib`` MiB of zeros, deflated (declaring ``declared`` bytes if given)."""
    data, crc, size = zeros_member(mib)
    return name, data, crc, size, declared


META = b'{"format": "companion-card-set/1", "name": "bomb", "labels": ["tempura"]}'


def card_set_bomb(mib: int = 1024, declared: int | None = None) -> bytes:
    """A card set export whose ``set.npz`` inflates to ``mib`` MiB of zeros."""
    return zip_file([stored("meta.json", META), zeros("set.npz", mib, declared)])


def nested_npz_bomb(mib: int = 1024) -> bytes:
    """A card set export with a small ``set.npz`` whose ``crops.npy`` inflates to ``mib`` MiB."""
    npz = zip_file([zeros("crops.npy", mib)])
    return zip_file([stored("meta.json", META), stored("set.npz", npz)])
