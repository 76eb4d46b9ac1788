"""Counting pips on a low-resolution grayscale frame of a lit dice tray (tower firmware).

PURE and MicroPython-compatible (no imports at run time): a frame is ``bytes``/``bytearray`` of
``width * height`` 8-bit pixels, row by row. The tray is dark and evenly lit, the dice are light
with dark pips (standard white dice), seen from straight above.

* :func:`find_dice` separates the dice from the tray (the stored empty-tray ``background`` when
  there is one, else an Otsu threshold), labels each die-sized blob, and counts the enclosed
  dark holes inside it: the pips.
* :func:`read_tray` turns that into one roll: ``(values, quality)`` left to right, or ``None``
  for an empty tray. Quality is ``uncertain`` when a die's pips are not 1 to 6, two dice touch,
  a pip blob is odd, or ``expected_dice`` is set and the count differs; ``cocked`` when a die's
  top face is foreshortened (leaning against a wall or another die); else ``ok``.
* :class:`SettleTracker` watches consecutive frames: motion (enough pixels changed) starts a
  roll, ``stable_frames`` still frames settle it, and only then is the tray read. Nothing is
  reported while anything moves.
* :func:`read_die` reads one die in a crop of any polarity (dark dice with light pips too); it
  is what the real-photo check in the tests uses.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

QUALITY_OK = 0
QUALITY_COCKED = 1
QUALITY_UNCERTAIN = 2

EVENT_MOTION = 1
EVENT_SETTLED = 2
EVENT_FAULT = 3

#: Tracker states.
BOOT = 0
IDLE = 1
MOVING = 2

_NOISE = 255  # label of blobs too small to be a die


def otsu(frame: bytes, step: int = 1) -> "tuple[int, float, float]":
    """Otsu's threshold of ``frame`` (every ``step``-th pixel): ``(t, mean_below, mean_above)``
    where dark pixels are ``< t``."""
    hist = [0] * 256
    for i in range(0, len(frame), step):
        hist[frame[i]] += 1
    total = 0
    weighted = 0
    for v in range(256):
        total += hist[v]
        weighted += v * hist[v]
    best_t = 128
    best_var = -1.0
    n0 = 0
    s0 = 0
    for t in range(1, 256):
        n0 += hist[t - 1]
        s0 += (t - 1) * hist[t - 1]
        n1 = total - n0
        if n0 == 0 or n1 == 0:
            continue
        m0 = s0 / n0
        m1 = (weighted - s0) / n1
        var = n0 * n1 * (m0 - m1) * (m0 - m1)
        if var > best_var:
            best_var = var
            best_t = t
    n0 = 0
    s0 = 0
    for v in range(best_t):
        n0 += hist[v]
        s0 += v * hist[v]
    n1 = total - n0
    m0 = s0 / n0 if n0 else 0.0
    m1 = (weighted - s0) / n1 if n1 else 0.0
    return best_t, m0, m1


def _fill(mask: bytearray, labels: bytearray, width: int, height: int, start: int,
          label: int) -> "list[int]":
    """4-connected flood fill of ``mask`` pixels from ``start``; returns the pixel indices."""
    stack = [start]
    labels[start] = label
    pixels = []
    while stack:
        i = stack.pop()
        pixels.append(i)
        x = i % width
        if x > 0 and mask[i - 1] and not labels[i - 1]:
            labels[i - 1] = label
            stack.append(i - 1)
        if x < width - 1 and mask[i + 1] and not labels[i + 1]:
            labels[i + 1] = label
            stack.append(i + 1)
        if i >= width and mask[i - width] and not labels[i - width]:
            labels[i - width] = label
            stack.append(i - width)
        if i + width < width * height and mask[i + width] and not labels[i + width]:
            labels[i + width] = label
            stack.append(i + width)
    return pixels


def _shape(pixels: "list[int]", width: int) -> "tuple[int, int, int, int, float, float, float]":
    """Bounding box, centroid and elongation (sqrt of the moment eigenvalue ratio)."""
    x0 = y0 = 1 << 30
    x1 = y1 = -1
    sx = sy = sxx = syy = sxy = 0
    for i in pixels:
        x = i % width
        y = i // width
        if x < x0:
            x0 = x
        if x > x1:
            x1 = x
        if y < y0:
            y0 = y
        if y > y1:
            y1 = y
        sx += x
        sy += y
        sxx += x * x
        syy += y * y
        sxy += x * y
    n = len(pixels)
    cx = sx / n
    cy = sy / n
    a = sxx / n - cx * cx
    b = syy / n - cy * cy
    c = sxy / n - cx * cy
    half = (a + b) / 2
    root = ((a - b) * (a - b) / 4 + c * c) ** 0.5
    lo = half - root
    hi = half + root
    elong = (hi / lo) ** 0.5 if lo > 1e-6 else 99.0
    return x0, y0, x1, y1, cx, cy, elong


def _holes(labels: bytearray, width: int, box: "tuple[int, int, int, int]",
           label: int) -> "list[int]":
    """Areas of the regions inside ``box`` that are not blob ``label`` and do not reach the
    box's edge: the holes of the blob (its pips)."""
    x0, y0, x1, y1 = box
    bw = x1 - x0 + 1
    bh = y1 - y0 + 1
    free = bytearray(bw * bh)  # 1: not the die
    for y in range(bh):
        row = (y0 + y) * width + x0
        for x in range(bw):
            if labels[row + x] != label:
                free[y * bw + x] = 1
    seen = bytearray(bw * bh)
    edge = []
    for x in range(bw):
        edge.append(x)
        edge.append((bh - 1) * bw + x)
    for y in range(bh):
        edge.append(y * bw)
        edge.append(y * bw + bw - 1)
    for i in edge:
        if free[i] and not seen[i]:
            _fill(free, seen, bw, bh, i, 1)
    areas = []
    for i in range(bw * bh):
        if free[i] and not seen[i]:
            areas.append(len(_fill(free, seen, bw, bh, i, 2)))
    return areas


class Die:
    """One die found on the tray: pips counted, quality, centre and blob area."""

    def __init__(self, pips: int, quality: int, cx: float, cy: float, area: int) -> None:
        self.pips = pips
        self.quality = quality
        self.cx = cx
        self.cy = cy
        self.area = area

    def __repr__(self) -> str:
        return f"Die({self.pips}, q={self.quality}, at=({self.cx:.0f},{self.cy:.0f}))"


def _pip_count(holes: "list[int]", area: int) -> "tuple[int, int]":
    """``(pips, quality)`` from a die's hole areas and its own area."""
    side = area ** 0.5
    expected = 3.14159 * (0.095 * side) ** 2  # a pip is about 19% of the die's side across
    pips = 0
    quality = QUALITY_OK
    for h in holes:
        if h < 0.2 * expected:
            continue  # a speck of noise
        if h > 2.4 * expected:
            quality = QUALITY_UNCERTAIN
            pips += int(h / expected + 0.5)
        else:
            pips += 1
    if not 1 <= pips <= 6:
        quality = QUALITY_UNCERTAIN
    return pips, quality


def die_mask(frame: bytes, background: "bytes | None", delta: int = 40) -> "bytearray | None":
    """1 where a die is: brighter than the stored ``background`` by ``delta``, or above the
    Otsu threshold when there is no background. ``None``: nothing stands out (empty tray)."""
    n = len(frame)
    mask = bytearray(n)
    if background is not None:
        any_set = False
        for i in range(n):
            if frame[i] - background[i] > delta:
                mask[i] = 1
                any_set = True
        return mask if any_set else None
    t, dark, light = otsu(frame, 2)
    if light - dark < delta:
        return None
    for i in range(n):
        if frame[i] >= t:
            mask[i] = 1
    return mask


def find_dice(frame: bytes, width: int, height: int, die_px: int = 26,
              background: "bytes | None" = None) -> "list[Die]":
    """Every die-sized light blob on the tray with its pips counted (left to right)."""
    mask = die_mask(frame, background)
    if mask is None:
        return []
    min_area = int(0.35 * die_px * die_px)
    max_area = int(1.7 * die_px * die_px)
    labels = bytearray(width * height)
    dice = []
    label = 0
    for start in range(width * height):
        if not mask[start] or labels[start]:
            continue
        if label >= 250:
            break
        label += 1
        pixels = _fill(mask, labels, width, height, start, label)
        if len(pixels) < min_area:
            for i in pixels:
                labels[i] = _NOISE
            label -= 1
            continue
        x0, y0, x1, y1, cx, cy, elong = _shape(pixels, width)
        pips, quality = _pip_count(_holes(labels, width, (x0, y0, x1, y1), label), len(pixels))
        if len(pixels) > max_area:
            quality = QUALITY_UNCERTAIN  # two dice touching, or a hand
        elif elong > 1.3 and quality == QUALITY_OK:
            quality = QUALITY_COCKED
        dice.append(Die(pips, quality, cx, cy, len(pixels)))
    dice.sort(key=lambda d: d.cx)
    return dice


def read_tray(frame: bytes, width: int, height: int, die_px: int = 26,
              background: "bytes | None" = None,
              expected_dice: int = 0) -> "tuple[tuple[int, ...], int] | None":
    """One roll from a settled frame: ``(values, quality)``, or ``None`` for an empty tray.

    Values are clamped to 1..6 (an unreadable die is ``uncertain`` anyway); at most 8 dice.
    """
    dice = find_dice(frame, width, height, die_px, background)
    if not dice:
        return None
    quality = QUALITY_OK
    values = []
    for d in dice[:8]:
        values.append(min(6, max(1, d.pips)))
        if d.quality > quality:
            quality = d.quality
    if len(dice) > 8 or (expected_dice and len(dice) != expected_dice):
        quality = QUALITY_UNCERTAIN
    return tuple(values), quality


def read_die(crop: bytes, width: int, height: int) -> "tuple[int, int]":
    """``(pips, quality)`` of the one die filling most of ``crop`` (either polarity)."""
    t, dark, light = otsu(crop)
    if light - dark < 25:
        return 0, QUALITY_UNCERTAIN
    mask = bytearray(width * height)
    above = 0
    centre = 0
    for y in range(height):
        for x in range(width):
            i = y * width + x
            if crop[i] >= t:
                mask[i] = 1
                if width // 4 <= x < width - width // 4 and height // 4 <= y < height - height // 4:
                    above += 1
            if width // 4 <= x < width - width // 4 and height // 4 <= y < height - height // 4:
                centre += 1
    if above * 2 < centre:  # the die's body is the dark class: dark die, light pips
        for i in range(width * height):
            mask[i] = 1 - mask[i]
    labels = bytearray(width * height)
    best = []  # type: list[int]
    best_label = 0
    label = 0
    for start in range(width * height):
        if mask[start] and not labels[start] and label < 250:
            label += 1
            pixels = _fill(mask, labels, width, height, start, label)
            if len(pixels) > len(best):
                best = pixels
                best_label = label
    if not best:
        return 0, QUALITY_UNCERTAIN
    x0, y0, x1, y1, _cx, _cy, _e = _shape(best, width)
    return _pip_count(_holes(labels, width, (x0, y0, x1, y1), best_label), len(best))


def changed_pixels(a: bytes, b: bytes, width: int, height: int, step: int = 2,
                   threshold: int = 30) -> int:
    """How many pixels of a ``step`` grid differ by more than ``threshold`` between frames."""
    count = 0
    for y in range(0, height, step):
        row = y * width
        for i in range(row, row + width, step):
            d = a[i] - b[i]
            if d > threshold or d < -threshold:
                count += 1
    return count


class SettleTracker:
    """Frames in, roll events out: ``(EVENT_MOTION, None, 0)`` when dice start moving and
    ``(EVENT_SETTLED, values, quality)`` once they have been still for ``stable_frames``
    frames. After a (re)boot the dice already lying still are a baseline, not a roll, unless
    ``reset(report_current=True)`` says a roll was in progress when the tower went down.
    """

    def __init__(self, width: int, height: int, die_px: int = 26, stable_frames: int = 3,
                 motion_pixels: int = 6, expected_dice: int = 0,
                 background: "bytes | None" = None) -> None:
        self.width = width
        self.height = height
        self.die_px = die_px
        self.stable_frames = stable_frames
        self.motion_pixels = motion_pixels
        self.expected_dice = expected_dice
        self.background = background
        self.state = BOOT
        self.report_current = False
        self._prev = None  # type: Any
        self._still = 0

    def reset(self, report_current: bool = False) -> None:
        self.state = BOOT
        self.report_current = report_current
        self._prev = None
        self._still = 0

    def update(self, frame: bytes) -> "tuple[int, Any, int] | None":
        prev = self._prev
        self._prev = frame
        if prev is None:
            return None
        moving = changed_pixels(prev, frame, self.width, self.height) > self.motion_pixels
        if moving:
            self._still = 0
            if self.state != MOVING:
                self.state = MOVING
                return (EVENT_MOTION, None, 0)
            return None
        self._still += 1
        if self._still < self.stable_frames or self.state == IDLE:
            return None
        report = self.state == MOVING or self.report_current
        self.state = IDLE
        self.report_current = False
        if not report:
            return None
        reading = read_tray(frame, self.width, self.height, self.die_px, self.background,
                            self.expected_dice)
        if reading is None:
            return None  # the tray was emptied
        return (EVENT_SETTLED, reading[0], reading[1])
