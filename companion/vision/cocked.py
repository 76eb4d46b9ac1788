"""Is a die lying flat? The shape of its silhouette seen from above.

A die flat on the table shows a square from above. A die resting on an edge (*cocked*, leaning
on another die or the tray's wall) shows its top face foreshortened plus a strip of a side face,
so its silhouette is a rectangle about ``cos t + sin t`` times longer than wide (1.28 at 15°,
1.37 at 30°). :func:`silhouette_aspect` measures that ratio around a die the reader found.

The silhouette is the set of pixels that differ from the surface around the die (the median of
the crop's border) by more than a shadow would: a shadow is the surface's own colour, darker
(the pixel is about ``k`` times the surface colour with ``0.45 <= k < 1``), so shadow pixels are
left out. Pure; works on a small crop (:data:`WORK_PX`), so it costs well under a millisecond.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

#: A BGR ``uint8`` frame (the same alias as :data:`companion.vision.dice.Image`; this module
#: sits below the dice reader, which refines its boxes with :func:`silhouette_box`).
Image = npt.NDArray[np.uint8]

#: The crop around the die, relative to its size, and its side in pixels.
CONTEXT = 1.9
WORK_PX = 48
#: A pixel is "not the surface" when its colour is off the surface's colour line by more than
#: this (grey levels), or much brighter, or darker than any shadow.
OFF_LINE = 14.0
SHADOW_K = (0.45, 1.12)


def silhouette_mask(crop: Image) -> np.ndarray:
    """A ``uint8`` mask (255 = die) of a square crop centred on a die."""
    px = crop.astype(np.float32)
    border = np.concatenate([px[0], px[-1], px[:, 0], px[:, -1]])
    surface = np.median(border, axis=0)
    norm = float(surface @ surface) or 1.0
    k = (px @ surface) / norm
    residual = np.linalg.norm(px - k[..., None] * surface, axis=2)
    die = (residual > OFF_LINE) | (k > SHADOW_K[1]) | (k < SHADOW_K[0])
    mask = die.astype(np.uint8) * 255
    kernel = np.ones((3, 3), np.uint8)
    return np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), dtype=np.uint8)


def silhouette_aspect(image: Image, cx: float, cy: float, size: float) -> float:
    """Long side over short side of the silhouette of the die centred at ``(cx, cy)``, about
    ``size`` pixels across (1.0 for a flat die; 0.0 when no silhouette is found)."""
    side = size * CONTEXT
    scale = WORK_PX / max(side, 1.0)
    m = np.array([[scale, 0, WORK_PX / 2 - cx * scale], [0, scale, WORK_PX / 2 - cy * scale]],
                 np.float32)
    crop = cv2.warpAffine(image, m, (WORK_PX, WORK_PX), flags=cv2.INTER_AREA,
                          borderMode=cv2.BORDER_REPLICATE)
    mask = silhouette_mask(np.asarray(crop, dtype=np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return 0.0
    centre = labels[WORK_PX // 2 - 3:WORK_PX // 2 + 4, WORK_PX // 2 - 3:WORK_PX // 2 + 4]
    ids = centre[centre > 0]
    label = int(np.bincount(ids).argmax()) if ids.size else \
        1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours((labels == label).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0
    (_, _), (w, h), _ = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    if min(w, h) < 2:
        return 0.0
    return float(max(w, h) / min(w, h))


def silhouette_box(image: Image, cx: float, cy: float,
                   size: float) -> tuple[float, float, float, float] | None:
    """The box ``(x0, y0, x1, y1)`` of the silhouette around ``(cx, cy)`` (a die about
    ``size`` across, looked for in a :data:`CONTEXT` times larger square), or ``None`` when
    there is no clear one (a die the colour of the table, dice touching each other)."""
    side = size * CONTEXT
    scale = WORK_PX / max(side, 1.0)
    m = np.array([[scale, 0, WORK_PX / 2 - cx * scale], [0, scale, WORK_PX / 2 - cy * scale]],
                 np.float32)
    crop = cv2.warpAffine(image, m, (WORK_PX, WORK_PX), flags=cv2.INTER_AREA,
                          borderMode=cv2.BORDER_REPLICATE)
    mask = silhouette_mask(np.asarray(crop, dtype=np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    middle = labels[WORK_PX // 2 - 2:WORK_PX // 2 + 3, WORK_PX // 2 - 2:WORK_PX // 2 + 3]
    ids = middle[middle > 0]
    if count <= 1 or not ids.size:
        return None
    x, y, w, h, area = (int(v) for v in stats[int(np.bincount(ids).argmax())])
    if x == 0 or y == 0 or x + w == WORK_PX or y + h == WORK_PX or area < 0.5 * w * h:
        return None  # runs out of the square, or too ragged to be one die
    inv = 1.0 / scale
    x0, y0 = cx + (x - WORK_PX / 2) * inv, cy + (y - WORK_PX / 2) * inv
    return x0, y0, x0 + w * inv, y0 + h * inv
