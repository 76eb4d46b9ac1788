"""The words a device's own code reports, as catalogue messages (issue 26; docs/I18N.md).

The frame sources (``companion/vision/sources.py``) and the tower's bridge
(``firmware_bridge/link.py``, which must not import ``companion``) say why a camera did not open
or why the tower's link is down in English sentences of a few known shapes. The companion
renders them at its edge: :func:`camera_reason` and :func:`tower_reason` match each known shape
and give a :class:`~companion.i18n.Text` (still that English text, for the logs and the CLI)
whose parameters keep what cannot be translated (a device's path, an OS error's own text);
``localize`` renders it in the reader's language. A sentence of another shape stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.i18n import Text, tmsg

Shape = tuple[re.Pattern[str], Callable[..., Text]]


def _shape(pattern: str, build: Callable[..., Text]) -> Shape:
    return re.compile(pattern, re.DOTALL), build


#: A frame source's refusals (``SourceError``), the most specific first.
CAMERA_SHAPES: tuple[Shape, ...] = (
    _shape(r"cannot open the camera or video (?P<camera>.+)",
           lambda camera: tmsg("cannot open the camera or video {camera}", camera=camera)),
    _shape(r"cannot open the camera (?P<camera>.+?): no (?P<device>.+)",
           lambda camera, device: tmsg("cannot open the camera {camera}: no {device}",
                                       camera=camera, device=device)),
    _shape(r"Picamera2 is not installed \(not a Raspberry Pi\?\)",
           lambda: tmsg("Picamera2 is not installed (not a Raspberry Pi?)")),
    _shape(r"cannot start the Pi camera: (?P<error>.*)",
           lambda error: tmsg("cannot start the Pi camera: {error}", error=error)),
    _shape(r"(?P<folder>.+) is not a folder with images",
           lambda folder: tmsg("{folder} is not a folder with images", folder=folder)),
    _shape(r"the synthetic camera's seed must be a number, not (?P<seed>.+)",
           lambda seed: tmsg("the synthetic camera's seed must be a number, not {seed}",
                             seed=seed)),
    _shape(r"there is no camera, video or folder (?P<spec>.+)",
           lambda spec: tmsg("there is no camera, video or folder {spec}", spec=spec)),
)

#: The tower link's reasons (``TowerStatus.reason``).
TOWER_SHAPES: tuple[Shape, ...] = (
    _shape(r"looking for the tower", lambda: tmsg("looking for the tower")),
    _shape(r"stopped", lambda: tmsg("stopped")),
    _shape(r"tower disconnected: no frame from the tower for (?P<seconds>[0-9.]+) s",
           lambda seconds: tmsg("tower disconnected: no frame from the tower for {seconds} s",
                                seconds=seconds)),
    _shape(r"tower disconnected: port failed \((?P<error>.*)\)",
           lambda error: tmsg("tower disconnected: port failed ({error})", error=error)),
    _shape(r"tower on (?P<port>.+) speaks protocol (?P<tower>[0-9]+\.[0-9]+), this bridge "
           r"(?P<bridge>[0-9]+\.[0-9]+): refused \(update the tower's firmware or the bridge\)",
           lambda port, tower, bridge: tmsg(
               "tower on {port} speaks protocol {tower}, this bridge {bridge}: refused (update "
               "the tower's firmware or the bridge)", port=port, tower=tower, bridge=bridge)),
    _shape(r"tower now speaks protocol (?P<version>[0-9]+\.[0-9]+): refused",
           lambda version: tmsg("tower now speaks protocol {version}: refused",
                                version=version)),
    _shape(r"the tower refused this bridge's protocol \((?P<text>.*)\)",
           lambda text: tmsg("the tower refused this bridge's protocol ({text})", text=text)),
    _shape(r"tower disconnected: (?P<reason>.*)",
           lambda reason: tmsg("tower disconnected: {reason}", reason=reason)),
)


def _match(text: str, shapes: tuple[Shape, ...]) -> str:
    for pattern, build in shapes:
        found = pattern.fullmatch(text)
        if found:
            return build(**found.groupdict())
    return text


def camera_reason(text: str) -> str:
    """A frame source's refusal as a message (``auto`` joins two with ``; ``: each is one)."""
    if isinstance(text, Text):
        return text
    whole = _match(text, CAMERA_SHAPES)
    if isinstance(whole, Text) or "; " not in text:
        return whole
    first, rest = text.split("; ", 1)
    return tmsg("{first}; {then}", first=_match(first, CAMERA_SHAPES),
                then=camera_reason(rest))


def tower_reason(text: str | None) -> str | None:
    """The tower link's reason as a message (``None`` and ``""`` as they are)."""
    if not text or isinstance(text, Text):
        return text
    return _match(text, TOWER_SHAPES)
