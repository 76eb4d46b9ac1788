"""Look-alike cards on real SET crops (issue 22 item 4): the look-alike check on and off.

The SET deck is enrolled one-shot from ``../shared/data/cards/set_cards`` (the ``--enrolled``-th
crop of each of the 81 classes by name) and the other crops are read as whole cards.

* ``pairwise_right_on_diamonds``: every crop of the diamond classes (the look-alike check's
  share was chosen on the ovals and squiggles) decided between its class and each class one
  attribute apart (count, colour, shading, shape: SET's look-alikes), whatever the descriptor
  says, by the whole-card fine check and by the look-alike check (the pair's mask).
* ``lookalike_reads``: reads where the look-alike check decided (the descriptor's two best
  labels a stored pair, the class among them), and ``all_reads``; each with the check off and
  on, and again with the fine check allowed to overrule the descriptor (``*_overrule``: the
  first label is then the pixel checks', not the descriptor's): right (first label), right and
  sure, wrong and sure, uncertain.

The shipped embedder was trained on these crops (``models/README.md``), so its descriptor
rarely errs here; ``--embedder`` reads with another one, e.g. a twin trained with every third
class held out, and ``--held-out 3`` then reads only those classes. ``--deck`` reads the drawn
Sushi Go-like deck instead (synthetic: a report, not a result). Usage:
``OMP_NUM_THREADS=1 .venv/bin/python bench/bench_lookalikes.py [--enrolled 0] [--embedder F]
[--held-out K] [--deck]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.cards.embedding import EMBEDDER_FILE, Embedder
from companion.vision.cards.enrollment import FULL_VIEW, CardSet, Match, fit_crop
from companion.vision.cards.evaluate import labelled_folder, read_image
from companion.vision.cards.lookalike import difference_mask, mask_weights
from companion.vision.cards.store import model_digest
from companion.vision.cards.verify import FineImage, fine_distances, normalise

SET_CARDS = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards" / "set_cards" / \
    "images"


ATTRIBUTES = ("count", "colour", "shading", "shape")


def attributes(label: str) -> list[str]:
    """A SET class's count, colour, shading and shape (``2-red-empty-ovals``)."""
    count, colour, shading, shape = label.split("-")
    return [count, colour, shading, shape.rstrip("s")]


def one_apart(a: str, b: str) -> bool:
    return sum(x != y for x, y in zip(attributes(a), attributes(b), strict=True)) == 1


WAYS = ("off", "on", "off_overrule", "on_overrule")


def both_ways(card_set: CardSet, embedding: np.ndarray, crop: np.ndarray) -> dict[str, Match]:
    """The answer with the look-alike check off and on; and both again with the fine check
    allowed to overrule the descriptor (``*_overrule``: the first label is then the checks')."""
    shipped = card_set.thresholds
    out = {}
    try:
        for way in WAYS:
            card_set.thresholds = replace(shipped, lookalike=way.startswith("on"),
                                          overrule=way.endswith("overrule"))
            out[way] = card_set.classify(embedding, FULL_VIEW, crop)
    finally:
        card_set.thresholds = shipped
    return out


def score(reads: list[tuple[str, Match]]) -> dict[str, int]:
    out = Counter[str]()
    for truth, m in reads:
        out["reads"] += 1
        out["right_first"] += m.label == truth
        out["right_sure"] += m.label == truth and not m.uncertain
        out["wrong_sure"] += m.label != truth and not m.uncertain
        out["uncertain"] += m.uncertain
    return dict(out)


def pairwise(enrolled: dict[str, np.ndarray], query: np.ndarray, truth: str,
             masks: dict[tuple[str, str], np.ndarray], tally: dict[str, Counter[str]]) -> None:
    """``query`` (a :func:`normalise` output) decided between its class and each class one
    attribute apart, whatever the descriptor says: by the whole-card fine check (weights where
    the two differ, measured on the query) and by the look-alike check (the pair's mask from
    the enrolled crops); tallied by the attribute that differs."""
    mine = [FineImage(enrolled[truth])]
    for label in enrolled:
        if label == truth or not one_apart(truth, label):
            continue
        key = (min(truth, label), max(truth, label))
        if key not in masks:
            masks[key] = difference_mask([enrolled[key[0]]], [enrolled[key[1]]])
        theirs = [FineImage(enrolled[label])]
        what = ATTRIBUTES[next(i for i, (x, y) in enumerate(
            zip(attributes(truth), attributes(label), strict=True)) if x != y)]
        whole = fine_distances(query, [mine, theirs])
        masked = fine_distances(query, [mine, theirs], True,
                                mask_weights(masks[key], query.shape[:2], False))
        for name, d in (("whole_card", whole), ("masked", masked)):
            tally[name][what] += d[0] < d[1]
            tally[name]["all"] += d[0] < d[1]
        tally["pairs"][what] += 1
        tally["pairs"]["all"] += 1


def held_out_pairwise(enrolled: int = 0, every: int = 3) -> dict[str, Counter[str]]:
    """:func:`pairwise` over the crops of the classes whose sorted index is 0 mod ``every``
    (the diamonds for 3: the look-alike check was tuned on the other classes), the
    ``enrolled``-th crop of each class enrolled."""
    classes = sorted(labelled_folder(SET_CARDS).items())
    crops = {label: normalise(fit_crop(read_image(sorted(files)[enrolled % len(files)])))
             for label, files in classes}
    masks: dict[tuple[str, str], np.ndarray] = {}
    tally: dict[str, Counter[str]] = {k: Counter() for k in ("pairs", "whole_card", "masked")}
    for k, (label, files) in enumerate(classes):
        if k % every:
            continue
        for i, file in enumerate(sorted(files)):
            if i != enrolled % len(files):
                pairwise(crops, normalise(fit_crop(read_image(file))), label, masks, tally)
    return tally


def set_crops(args: argparse.Namespace) -> dict[str, object]:
    embedder = Embedder(args.embedder) if args.embedder else Embedder()
    card_set = CardSet(name="set-one-shot", model=model_digest())
    classes = labelled_folder(SET_CARDS)
    queries: list[tuple[str, Path]] = []
    for k, (label, files) in enumerate(sorted(classes.items())):
        files = sorted(files)
        pick = args.enrolled % len(files)
        card_set.add(label, [fit_crop(read_image(files[pick]))], embedder)
        if args.held_out and k % args.held_out:
            continue
        queries += [(label, f) for i, f in enumerate(files) if i != pick]
    pairs = {(card_set.labels[a], card_set.labels[b]) for a, b in card_set.lookalikes}
    print(f"{len(card_set.lookalikes)} look-alike pairs, {sum(one_apart(*p) for p in pairs)} "
          "one attribute apart", flush=True)
    every: dict[str, list[tuple[str, Match]]] = {way: [] for way in WAYS}
    alike: dict[str, list[tuple[str, Match]]] = {way: [] for way in WAYS}
    for truth, file in queries:
        crop = fit_crop(read_image(file))
        embedding = embedder.embed([crop])[0]
        answers = both_ways(card_set, embedding, crop)
        for way, m in answers.items():
            every[way].append((truth, m))
        if answers["on"].alike and truth in {answers["on"].label, answers["on"].runner_up}:
            for way, m in answers.items():
                alike[way].append((truth, m))
    return {"embedder": str(args.embedder or EMBEDDER_FILE), "enrolled": args.enrolled,
            "held_out": args.held_out, "pairs": len(pairs),
            "pairwise_right_on_diamonds": {k: dict(v) for k, v in
                                           held_out_pairwise(args.enrolled).items()},
            "lookalike_reads": {k: score(v) for k, v in alike.items()},
            "all_reads": {k: score(v) for k, v in every.items()}}


def deck(args: argparse.Namespace) -> dict[str, object]:
    """The drawn deck's look-alikes (synthetic): each design rendered afresh, degraded."""
    from companion.vision.cards.evaluate import enroll_deck
    from companion.vision.cards.procedural import render_card, sushi_like_deck
    from companion.vision.cards.tableau import degrade

    embedder = Embedder()
    card_set = enroll_deck(embedder)
    rng = np.random.default_rng(args.seed)
    every: dict[str, list[tuple[str, Match]]] = {way: [] for way in WAYS}
    alike: dict[str, list[tuple[str, Match]]] = {way: [] for way in WAYS}
    pairs = {tuple(sorted((card_set.labels[a], card_set.labels[b])))
             for a, b in card_set.lookalikes}
    for _ in range(args.copies):
        for design in sushi_like_deck():
            crop = fit_crop(degrade(render_card(design, 140), rng, blur=1.0, noise=6.0))
            embedding = embedder.embed([crop])[0]
            answers = both_ways(card_set, embedding, crop)
            for way, m in answers.items():
                every[way].append((design.label, m))
            if answers["on"].alike and design.label in {answers["on"].label,
                                                        answers["on"].runner_up}:
                for way, m in answers.items():
                    alike[way].append((design.label, m))
    return {"deck": "synthetic (report only)", "pairs": len(pairs),
            "lookalike_reads": {k: score(v) for k, v in alike.items()},
            "all_reads": {k: score(v) for k, v in every.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--enrolled", type=int, default=0)
    parser.add_argument("--embedder", type=Path)
    parser.add_argument("--held-out", type=int, default=0)
    parser.add_argument("--deck", action="store_true")
    parser.add_argument("--copies", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(json.dumps(deck(args) if args.deck else set_crops(args)))


if __name__ == "__main__":
    main()
