"""Decoding an image a visitor or a command line gave us, without letting it exhaust memory.

An image file is small on the wire but its decoded size is what its header declares: a 0.9 MB
PNG may declare 30000x30000 pixels, and OpenCV would allocate 2.7 GB for it before noticing
anything. So every image that comes from outside (a phone's upload, a file named on the command
line) goes through :func:`decode_image`, which reads the width and height from the file's own
header first (:func:`image_size`, pure, no decoding), refuses a file above
:data:`MAX_IMAGE_PIXELS`, and only then lets OpenCV decode it.

Only the formats whose header this module reads are accepted: JPEG, PNG, WebP and BMP (what
phones send and what the commands list). Anything else OpenCV could decode (TIFF, JPEG 2000,
OpenEXR, PNM, ...) is refused by name, since its size could not be checked first. The header
is read the way the decoders read it (JPEG: the first frame header met while walking the
markers; PNG: the IHDR chunk, which must come first; WebP: the VP8X canvas or the one VP8/VP8L
frame; BMP: the info header), so the size checked is the size decoded.

Errors are :class:`ImageRefused` (a :class:`ValueError`) with a message for the person who sent
the file: what was wrong and what is accepted.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]

#: Most pixels (width x height) an image may declare. A 12 MP phone photo (4000x3000) fits
#: four times over and a 48-50 MP phone's full-resolution photo (8000x6000, 8160x6120) still
#: fits; decoded as 8-bit BGR it is at most 150 MB, which a 2 GB Pi 4 survives even with a
#: second upload in flight. A header above this is refused before any pixel is decoded.
MAX_IMAGE_PIXELS = 50_000_000

#: Formats accepted, as named in messages.
ACCEPTED = "JPEG, PNG, WebP or BMP"


class ImageRefused(ValueError):
    """An image refused before (or instead of) decoding: not an accepted format, a header
    that cannot be read, more pixels than :data:`MAX_IMAGE_PIXELS`, or undecodable bytes."""


@dataclass(frozen=True)
class ImageSize:
    """What a header declares: the format's name and the picture's width and height."""

    format: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


#: Magic numbers of formats OpenCV decodes but this module refuses (named in the message).
_OTHER_FORMATS = (
    (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"),
    (b"\xff\x4f\xff\x51", "JPEG 2000"), (b"v/1\x01", "OpenEXR"), (b"#?RADIANCE", "Radiance HDR"),
    (b"GIF8", "GIF"), (b"P1", "PNM"), (b"P2", "PNM"), (b"P3", "PNM"), (b"P4", "PNM"),
    (b"P5", "PNM"), (b"P6", "PNM"), (b"P7", "PAM"), (b"Pf", "PFM"), (b"PF", "PFM"),
    (b"\x59\xa6\x6a\x95", "Sun raster"),
)


def image_size(data: bytes, what: str = "the photo") -> ImageSize:
    """The format and size ``data``'s header declares (no pixel is decoded);
    :class:`ImageRefused` naming ``what`` for a format other than :data:`ACCEPTED` or a header
    that cannot be read."""
    head = bytes(data[:16])
    try:
        if head.startswith(b"\x89PNG\r\n\x1a\n"):
            return _png(data)
        if head.startswith(b"\xff\xd8"):
            return _jpeg(data)
        if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
            return _webp(data)
        if head.startswith(b"BM"):
            return _bmp(data)
    except _BadHeader as exc:
        raise ImageRefused(f"{what} is {exc} (a damaged or truncated file?)") from None
    if head[4:12] in (b"ftypavif", b"ftypheic", b"ftypheix", b"ftypmif1"):
        raise ImageRefused(f"{what} is a HEIC/AVIF photo, which is not accepted: send a "
                           f"{ACCEPTED} file (a phone's camera can save JPEG: 'Most compatible')")
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            raise ImageRefused(f"{what} is a {name} image, which is not accepted: send a "
                               f"{ACCEPTED} file")
    raise ImageRefused(f"{what} is not an image (not a photo in {ACCEPTED})")


def check_size(size: ImageSize, what: str = "the photo") -> ImageSize:
    """``size`` if it is within :data:`MAX_IMAGE_PIXELS`, else :class:`ImageRefused` naming
    the size."""
    if size.width <= 0 or size.height <= 0:
        raise ImageRefused(f"{what} declares no size ({size.width}x{size.height} pixels)")
    if size.pixels > MAX_IMAGE_PIXELS:
        raise ImageRefused(
            f"{what} is {size.width}x{size.height} pixels ({size.pixels / 1e6:.0f} MP); at most "
            f"{MAX_IMAGE_PIXELS / 1e6:.0f} MP ({MAX_IMAGE_PIXELS:,} pixels) accepted: send a "
            "smaller photo")
    return size


def decode_image(data: bytes | npt.NDArray[np.uint8], what: str = "the photo") -> Image:
    """``data`` (an image file's bytes) decoded as 8-bit BGR, once its header has been checked
    (:func:`image_size`, :func:`check_size`); :class:`ImageRefused` naming ``what`` otherwise.
    OpenCV decodes it, so the type is what the bytes are, not what an upload claims."""
    import cv2

    raw = data.tobytes() if isinstance(data, np.ndarray) else bytes(data)
    if not raw:
        raise ImageRefused(f"{what} is empty")
    size = check_size(image_size(raw, what), what)
    image = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise ImageRefused(f"{what} cannot be decoded (a damaged or truncated "
                           f"{size.format} file?)")
    return np.asarray(image, np.uint8)


class _BadHeader(Exception):
    """A header of a known format that cannot be read (the message completes "the photo is")."""


def _short(kind: str) -> _BadHeader:
    return _BadHeader(f"a {kind} file cut short: its header is incomplete")


def _png(data: bytes) -> ImageSize:
    # The IHDR chunk must come first: length 13, "IHDR", width and height (big-endian).
    if len(data) < 24:
        raise _short("PNG")
    length, kind, width, height = struct.unpack(">I4sII", data[8:24])
    if kind != b"IHDR" or length != 13:
        raise _BadHeader("a PNG file without its image header (IHDR) where it must be")
    return ImageSize("PNG", width, height)


#: JPEG frame headers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC), which hold the size.
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
#: Markers that stand alone (no length): TEM and RST0-RST7.
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def _jpeg(data: bytes) -> ImageSize:
    # Walk the markers as libjpeg does (bytes before an 0xFF are skipped, 0xFF fill bytes too)
    # up to the first frame header; the scan (SOS) or the end (EOI) before one: no size.
    i, n = 2, len(data)
    while True:
        while i < n and data[i] != 0xFF:
            i += 1
        while i < n and data[i] == 0xFF:
            i += 1
        if i >= n:
            raise _short("JPEG")
        marker = data[i]
        i += 1
        if marker == 0x00 or marker in _STANDALONE:
            continue
        if marker in (0xD8, 0xD9, 0xDA):
            raise _BadHeader("a JPEG file without a frame header (SOF) before its image data")
        if i + 2 > n:
            raise _short("JPEG")
        (length,) = struct.unpack(">H", data[i:i + 2])
        if marker in _SOF:
            if i + 7 > n:
                raise _short("JPEG")
            height, width = struct.unpack(">HH", data[i + 3:i + 7])
            return ImageSize("JPEG", width, height)
        if length < 2:
            raise _BadHeader("a JPEG file with a malformed marker segment")
        i += length


def _webp(data: bytes) -> ImageSize:
    # RIFF header (12 bytes), then the first chunk: VP8X (extended: canvas size), VP8 (lossy
    # key frame) or VP8L (lossless).
    if len(data) < 30:
        raise _short("WebP")
    chunk = data[12:16]
    body = data[20:]
    if chunk == b"VP8X":
        width = 1 + int.from_bytes(body[4:7], "little")
        height = 1 + int.from_bytes(body[7:10], "little")
        return ImageSize("WebP", width, height)
    if chunk == b"VP8 ":
        if body[3:6] != b"\x9d\x01\x2a":
            raise _BadHeader("a WebP file without a key frame where it must be")
        w, h = struct.unpack("<HH", body[6:10])
        return ImageSize("WebP", w & 0x3FFF, h & 0x3FFF)
    if chunk == b"VP8L":
        if body[0] != 0x2F:
            raise _BadHeader("a WebP file with a malformed lossless header")
        bits = int.from_bytes(body[1:5], "little")
        return ImageSize("WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    raise _BadHeader("a WebP file that starts with an unknown chunk")


def _bmp(data: bytes) -> ImageSize:
    # File header (14 bytes), then the info header: its size, then the width and height
    # (16-bit for the old 12-byte OS/2 header, else signed 32-bit; negative height: top-down).
    if len(data) < 26:
        raise _short("BMP")
    (header,) = struct.unpack("<I", data[14:18])
    if header == 12:
        width, height = struct.unpack("<HH", data[18:22])
    elif header >= 40:
        width, height = struct.unpack("<ii", data[18:26])
    else:
        raise _BadHeader("a BMP file with an unknown header")
    return ImageSize("BMP", abs(width), abs(height))
