"""Evidence stage: a card read is kept only where the photo shows a card (issue 22 item 6).

What the earlier stages read are candidates. A card is a flat object with straight edges: its
sides stand out from what lies around it. Dice, wood grain, a cloth's pattern, the floor of a
dice tray or a patch of white paper seen as "a card" fail at least one of these checks, which
ask nothing of the enrolled set:

* **Shape**: a whole card's outline has a card's long/short ratio
  (:attr:`EvidenceConfig.aspect`; a die is square).
* **Edges**: along :attr:`EvidenceConfig.samples` normals across the middle of each side of a
  whole or cut card that lies inside the photo, the brightness steps by at least
  :attr:`EvidenceConfig.step` within :attr:`EvidenceConfig.reach` of the side (a share of the
  card's short side); at least :attr:`EvidenceConfig.support` of the samples must (a card's
  edge against the table, or against the card lying on it). A card that reads at least
  :attr:`EvidenceConfig.alike` like its enrolled card needs only
  :attr:`EvidenceConfig.alike_support`: the likeness is itself evidence, and a card lying
  on a cloth or a sheet as light as it shows part of its edges only (on 40 scenes of the
  real Sushi Go Party! art on real tables, 6 of 19 cards missed read 0.88-0.99 like their
  card with 52-59% of their edges; no candidate on the 200 dice photos, the empty trays or
  the backs of face-down cards reads above 0.6).
* **Likeness**: every card, a band too, looks like some card of the enrolled set, at least
  :attr:`EvidenceConfig.known` in descriptor similarity (dice on white paper read as
  uncertain SET cards at 0.14-0.59 on the 160 training-split dice photos; real table cards,
  sure or not, at 0.65 and more). A card of another game is not reported, nor a card lying
  face down: on 15 real photos of a poker table, the backs of 44 face-down cards read at
  0.59 at most (whole 0.39, cut 0.50, as a band under another card 0.59). On 30 synthetic
  tableaux, no sure right band read under 0.75; the floor dropped 3 uncertain right bands
  and 6 of the 8 wrong ones.
* **Company**: a band (a card under another one, thin and often low in contrast against the
  card on it) is judged by the card lying on it, not by its edges: it is kept only when the
  cards lying on it (a band on a band on a card) end in a whole or cut card that is kept, and
  it is no surer than that card: under an uncertain card (whose outline may run short of its
  own end, which is then taken for a band) it is uncertain too.
  A card cut by the photo's edge is kept only when a whole card is kept too.

Pure: :func:`with_evidence` takes the photo and the cards read, and returns the cards kept
(``covered_by`` renumbered).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.cards.outline import side_profiles, soft_grey
from companion.vision.cards.results import Card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class EvidenceConfig:
    """What a card must show (see the module)."""

    aspect: tuple[float, float] = (1.2, 1.9)
    support: float = 0.6
    #: A card reading at least ``alike`` like its card needs only ``alike_support``.
    alike: float = 0.85
    alike_support: float = 0.4
    known: float = 0.6
    samples: int = 16
    reach: float = 0.04
    step: float = 10.0


EVIDENCE = EvidenceConfig()


def with_evidence(image: Image, cards: list[Card], config: EvidenceConfig = EVIDENCE,
                  soft: Image | None = None) -> list[Card]:
    """The cards of ``cards`` the photo shows evidence for (see the module); ``soft``: the
    photo's :func:`~companion.vision.cards.outline.soft_grey`, when the caller has it."""
    if not cards:
        return cards
    grey = soft_grey(image) if soft is None else soft
    keep = [c.similarity >= config.known and (c.visible == "band" or (
        edge_support(grey, c.quad, config) >= (
            config.alike_support if c.similarity >= config.alike else config.support)
        and (c.visible != "full" or card_shaped(c.quad, config)))) for c in cards]
    keep = [ok and (c.visible != "band" or _rests_under_kept(cards, keep, k))
            for k, (c, ok) in enumerate(zip(cards, keep, strict=True))]
    any_whole = any(ok and c.visible == "full" for c, ok in zip(cards, keep, strict=True))
    keep = [ok and (c.visible != "partial" or any_whole)
            for c, ok in zip(cards, keep, strict=True)]
    index = {k: n for n, k in enumerate(k for k, ok in enumerate(keep) if ok)}
    return [_no_surer(replace(c, covered_by=None if c.covered_by is None
                              else index.get(c.covered_by)), cards[_top_of(cards, k)])
            for k, c in enumerate(cards) if keep[k]]


def _no_surer(card: Card, top: Card) -> Card:
    """``card`` (a band) no surer than ``top``, the card at the end of those lying on it."""
    if card.visible != "band" or not top.uncertain:
        return card
    return replace(card, uncertain=True, confidence=min(card.confidence, top.confidence))


def _top_of(cards: list[Card], k: int) -> int:
    """The card at the end of the chain of cards lying on band ``k`` (a band on a band on
    ...): a band when the chain ends or loops among bands."""
    seen = {k}
    while cards[k].visible == "band":
        above = cards[k].covered_by
        if above is None or above in seen:
            break
        seen.add(above)
        k = above
    return k


def _rests_under_kept(cards: list[Card], keep: list[bool], k: int) -> bool:
    """Whether following ``covered_by`` from band ``k`` (a band on a band on ...) reaches a
    card that is not a band and is kept; a chain that ends or loops among bands does not."""
    top = _top_of(cards, k)
    return cards[top].visible != "band" and keep[top]


def card_shaped(quad: FloatArray, config: EvidenceConfig = EVIDENCE) -> bool:
    """Whether ``quad``'s mean long side over its mean short side is a card's."""
    q = np.asarray(quad, np.float32)
    a = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[2])) / 2
    b = float(np.linalg.norm(q[2] - q[1]) + np.linalg.norm(q[0] - q[3])) / 2
    ratio = max(a, b) / max(min(a, b), 1e-6)
    return bool(config.aspect[0] <= ratio <= config.aspect[1])


def edge_support(grey: Image, quad: FloatArray, config: EvidenceConfig = EVIDENCE) -> float:
    """The share of samples across ``quad``'s sides (inside the photo) where the brightness
    steps by at least ``config.step`` near the side; 0 when no side lies inside."""
    q = np.asarray(quad, np.float32)
    h, w = grey.shape
    short = min(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1])))
    reach = config.reach * short + 2
    offsets = np.arange(-reach, reach + 1, 1.0, dtype=np.float32)
    along = np.linspace(0.15, 0.85, config.samples, dtype=np.float32)
    hits = total = 0
    for k in range(4):
        a, b = q[k], q[(k + 1) % 4]
        unit = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        normal = np.array([-unit[1], unit[0]], np.float32)
        base = a[None] + along[:, None] * (b - a)[None]
        inside = ((base[:, 0] > reach) & (base[:, 0] < w - reach)
                  & (base[:, 1] > reach) & (base[:, 1] < h - reach))
        if inside.sum() < 3:
            continue
        values = side_profiles(grey, base[inside], normal, offsets)
        steps = np.abs(values[:, 3:] - values[:, :-3]).max(axis=1)
        hits += int((steps >= config.step).sum())
        total += len(steps)
    return hits / total if total else 0.0
