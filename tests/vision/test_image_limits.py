"""Image bombs (issue 28, item 1): an image's size is read from its header and refused above
:data:`MAX_IMAGE_PIXELS` before any pixel is decoded, for every accepted format, through the one
shared function every entry point uses (uploads and the command line's files).

The bombs here are tiny real images whose headers are rewritten to declare 30000x30000 pixels
(2.7 GB once decoded as BGR); ``cv2.imdecode`` is replaced by a tripwire so that a missing check
fails the test at once instead of taking the machine's memory.
"""

from __future__ import annotations

import struct
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.vision.image_limits import (
    MAX_IMAGE_PIXELS,
    ImageRefused,
    ImageSize,
    check_size,
    decode_image,
    image_size,
)

SMALL = np.random.default_rng(3).integers(0, 255, (24, 40, 3), dtype=np.uint8)
BOMB = 30000


def encoded(ext: str, image: Any = SMALL, params: list[int] | None = None) -> bytes:
    ok, data = cv2.imencode(ext, image, params or [])
    assert ok
    return data.tobytes()


def png_declaring(width: int, height: int) -> bytes:
    """A real 40x24 PNG whose IHDR declares ``width`` x ``height`` (with a correct CRC)."""
    data = bytearray(encoded(".png"))
    assert data[12:16] == b"IHDR"
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def jpeg_declaring(width: int, height: int) -> bytes:
    """A real 40x24 JPEG whose frame header (SOF0) declares ``width`` x ``height``."""
    data = bytearray(encoded(".jpg"))
    at = data.index(b"\xff\xc0")
    data[at + 5:at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def webp_declaring(width: int, height: int) -> bytes:
    """An extended (VP8X) WebP header declaring a ``width`` x ``height`` canvas, then a real
    40x24 lossy frame."""
    lossy = encoded(".webp", params=[cv2.IMWRITE_WEBP_QUALITY, 80])
    assert lossy[12:16] == b"VP8 "
    vp8x = b"VP8X" + struct.pack("<I", 10) + bytes(4) + (width - 1).to_bytes(3, "little") \
        + (height - 1).to_bytes(3, "little")
    body = b"WEBP" + vp8x + lossy[12:]
    return b"RIFF" + struct.pack("<I", len(body)) + body


def bmp_declaring(width: int, height: int) -> bytes:
    data = bytearray(encoded(".bmp"))
    data[18:26] = struct.pack("<ii", width, -height)
    return bytes(data)


@pytest.fixture
def no_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cv2.imdecode`` fails the test: a refusal must come before decoding."""
    def tripwire(*args: Any) -> None:
        raise AssertionError("decoded before the header was checked")
    monkeypatch.setattr(cv2, "imdecode", tripwire)


@pytest.mark.parametrize(("ext", "params", "fmt"), [
    (".png", [], "PNG"), (".jpg", [], "JPEG"), (".jpg", [cv2.IMWRITE_JPEG_PROGRESSIVE, 1], "JPEG"),
    (".webp", [cv2.IMWRITE_WEBP_QUALITY, 80], "WebP"),
    (".webp", [cv2.IMWRITE_WEBP_QUALITY, 101], "WebP"), (".bmp", [], "BMP"),
])
def test_the_header_declares_the_size_the_decoder_decodes(ext: str, params: list[int],
                                                          fmt: str) -> None:
    data = encoded(ext, params=params)
    assert image_size(data) == ImageSize(fmt, 40, 24)
    assert decode_image(data).shape == (24, 40, 3)


@pytest.mark.parametrize("bomb", [png_declaring, jpeg_declaring, webp_declaring, bmp_declaring])
def test_an_image_declaring_30000x30000_pixels_is_refused_before_decoding(
        bomb: Any, no_decoding: None) -> None:
    data = bomb(BOMB, BOMB)
    assert len(data) < 10_000
    tracemalloc.start()
    try:
        with pytest.raises(ImageRefused, match=r"the photo is 30000x30000 pixels \(900 MP\); "
                                               r"at most 50 MP"):
            decode_image(data, "the photo")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # nothing of the declared size was allocated


def test_the_png_bomb_has_a_valid_header_that_opencv_would_believe() -> None:
    # the crafted IHDR passes its CRC check: the size is what OpenCV's PNG reader would see
    data = png_declaring(BOMB, BOMB)
    assert struct.unpack(">I", data[29:33])[0] == zlib.crc32(data[12:29])
    assert image_size(data) == ImageSize("PNG", BOMB, BOMB)


def test_a_12_mp_phone_photo_and_a_50_mp_one_fit_under_the_cap() -> None:
    assert check_size(image_size(jpeg_declaring(4000, 3000))).pixels == 12_000_000
    assert check_size(image_size(jpeg_declaring(8160, 6120))).pixels <= MAX_IMAGE_PIXELS
    with pytest.raises(ImageRefused, match="8200x6200 pixels"):
        check_size(image_size(png_declaring(8200, 6200)))


def test_a_thumbnail_inside_exif_is_not_taken_for_the_frame() -> None:
    # an APP1 segment carrying a frame header of its own: the walk skips the whole segment
    jpeg = encoded(".jpg")
    fake = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", 2, 2) + bytes(10)
    app1 = b"\xff\xe1" + struct.pack(">H", len(fake) + 8) + b"Exif\x00\x00" + fake
    data = jpeg[:2] + app1 + jpeg[2:]
    assert image_size(data) == ImageSize("JPEG", 40, 24)
    assert decode_image(data).shape == (24, 40, 3)


@pytest.mark.parametrize(("data", "words"), [
    (encoded(".tiff"), "TIFF image, which is not accepted"),
    (b"GIF89a" + bytes(20), "GIF image"),
    (b"\x00\x00\x00\x1cftypheic" + bytes(20), "HEIC/AVIF"),
    (b"%PDF-1.4 not a photo", "not an image"),
    (b"", "is empty"),
    (encoded(".png")[:20], "cut short"),
    (encoded(".jpg")[:30], "cut short"),
    (b"\xff\xd8\xff\xda\x00\x02", "without a frame header"),
])
def test_other_formats_and_broken_headers_are_refused_by_name(data: bytes, words: str,
                                                             no_decoding: None) -> None:
    with pytest.raises(ImageRefused, match=words):
        decode_image(data, "the photo")


def test_a_header_that_lies_small_is_still_only_decoded_within_the_cap() -> None:
    # a valid header whose data is cut short: decoded (bounded by the header) or refused, never
    # more than the header said
    data = encoded(".png", np.zeros((300, 200, 3), np.uint8))[:60]
    with pytest.raises(ImageRefused, match="cannot be decoded"):
        decode_image(data, "the photo")


def test_the_command_line_readers_refuse_the_bomb_too(tmp_path: Path, no_decoding: None) -> None:
    from companion.vision.cards.evaluate import UnreadableImage as CardsUnreadable
    from companion.vision.cards.evaluate import read_image as read_card_image
    from companion.vision.evaluate import UnreadableImage, read_image

    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_declaring(BOMB, BOMB))
    with pytest.raises(UnreadableImage, match="30000x30000 pixels"):
        read_image(bomb)
    with pytest.raises(CardsUnreadable, match="30000x30000 pixels"):
        read_card_image(bomb)


def test_the_icon_dice_upload_decoder_refuses_the_bomb(no_decoding: None) -> None:
    from companion.vision.icon_dice.draft import decode_photo

    with pytest.raises(ValueError, match="30000x30000 pixels"):
        decode_photo(jpeg_declaring(BOMB, BOMB))

