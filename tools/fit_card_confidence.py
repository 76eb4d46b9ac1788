"""Fit the card reader's confidence calibration on real photos (issue 22 item 5; dev-time).

``collect``: reads real photos with the SET deck enrolled one-shot, once for each choice of the
enrolled crop (``--enrolled 0 1 ...``: the k-th crop by name of every class of
``../shared/data/cards/set_cards/images``), and writes one row per answer (features, right or
not, the photo it came from) to ``--rows`` (JSON):

* ``crops``: every other crop of ``set_cards`` read as a whole card
  (:func:`~companion.vision.cards.evaluate.one_shot_reads`); photo = the source photo the crop
  was cut from.
* ``tables``: every whole card the reader reports on the 18 photos of ``set_tables``; a card is
  right when the photo holds its label (positions are not labelled: where a label is read more
  often than the photo holds it, the reads most similar to it count as the right ones).

``fit``: the logistic model of :mod:`~companion.vision.cards.doubt` on the rows, scored
out-of-photo (10 folds of photos: no row is scored by a model that saw its photo; the penalty
is the one of ``--l2`` with the best out-of-photo log loss), and with ``--write`` written to
``companion/vision/models/card_confidence.json``. ``--check`` rows are only scored.

```
OMP_NUM_THREADS=1 python tools/fit_card_confidence.py collect --what tables --enrolled 0 1 2 \
    --rows /tmp/tables.json
OMP_NUM_THREADS=1 python tools/fit_card_confidence.py collect --what crops --enrolled 0 \
    --rows /tmp/crops.json
python tools/fit_card_confidence.py fit --rows /tmp/tables.json --check /tmp/crops.json --write
```
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.cards.doubt import (
    CONFIDENCE_FILE,
    calibration_error,
    features,
    fit_logistic,
    out_of_photo,
)
from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet, Match
from companion.vision.cards.evaluate import labelled_folder, one_shot_reads, read_image
from companion.vision.cards.finder import CardFinder
from companion.vision.cards.reader import CardReader, PoorPhoto
from companion.vision.cards.store import model_digest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards"
SET_CARDS = SHARED / "set_cards" / "images"
SET_TABLES = SHARED / "set_tables"


def match_row(match: Match) -> dict[str, object]:
    return {"gap": match.gap, "similarity": match.similarity, "agrees": match.agrees,
            "compared": match.compared, "margin": match.margin, "label": match.label,
            "runner_up": match.runner_up, "alike": bool(match.alike),
            "old_uncertain": match.uncertain}


def crop_rows(enrolled: int, embedder: Embedder) -> list[dict[str, object]]:
    return [{"kind": "crop", "photo": r.photo, "enrolled": enrolled, "right": float(r.right),
             **match_row(r.match)} for r in one_shot_reads(SET_CARDS, enrolled, embedder)]


def table_rows(enrolled: int, embedder: Embedder, finder: CardFinder) -> list[dict[str, object]]:
    card_set = CardSet(name="set-one-shot", model=model_digest())
    reader = CardReader(card_set, embedder, finder)
    for label, paths in labelled_folder(SET_CARDS).items():
        pick = sorted(paths)[enrolled % len(paths)]
        card_set.add(label, [reader.enrollment_crop(read_image(pick), str(pick))], embedder)
    seen: dict[tuple[str, float, float], Match] = {}
    classify = card_set.classify

    def recording(*args: object, **kwargs: object) -> Match:
        m = classify(*args, **kwargs)  # type: ignore[arg-type]
        seen[(m.label, m.similarity, m.margin)] = m
        return m

    card_set.classify = recording  # type: ignore[method-assign]
    rows: list[dict[str, object]] = []
    for meta in sorted(SET_TABLES.glob("*.json")):
        info = json.loads(meta.read_text())
        seen.clear()
        try:
            cards = reader.read(read_image(SET_TABLES / info["image"])).cards
        except PoorPhoto:
            cards = ()
        left = Counter(info["cards"])
        for card in sorted(cards, key=lambda c: -c.similarity):
            right = left[card.label] > 0
            left[card.label] -= right
            m = seen.get((card.label, card.similarity, card.margin))
            if m is None or card.visible != "full":
                continue
            rows.append({"kind": info["kind"], "photo": info["image"], "enrolled": enrolled,
                         "right": float(right), **match_row(m),
                         "card_uncertain": card.uncertain, "confidence": card.confidence})
    return rows


def collect(args: argparse.Namespace) -> None:
    cv2.setNumThreads(1)
    embedder = Embedder()
    finder = CardFinder() if args.what == "tables" else None
    rows: list[dict[str, object]] = []
    for k in args.enrolled:
        new = crop_rows(k, embedder) if finder is None else table_rows(k, embedder, finder)
        rows += new
        wrong = sum(1 - float(r["right"]) for r in new)  # type: ignore[arg-type]
        print(f"enrolled crop {k}: {len(new)} answers, {wrong:.1f} wrong", flush=True)
        Path(args.rows).write_text(json.dumps(rows))


def arrays(rows: list[dict[str, object]]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    x = np.array([features(float(r["gap"]), float(r["similarity"]),  # type: ignore[arg-type]
                           bool(r["agrees"])) for r in rows], np.float64)
    y = np.array([float(r["right"]) for r in rows], np.float64)  # type: ignore[arg-type]
    return x, y, [str(r["photo"]) for r in rows]


def fit(args: argparse.Namespace) -> None:
    rows: list[dict[str, object]] = []
    for path in args.rows:
        rows += json.loads(Path(path).read_text())
    x, y, photos = arrays(rows)
    losses = {}
    for l2 in args.l2:  # the penalty: the best out-of-photo log loss, ties to the larger
        q = np.clip(out_of_photo(x, y, photos, args.folds, l2), 1e-12, 1 - 1e-12)
        losses[l2] = round(float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))), 4)
    l2 = max(k for k, v in losses.items() if v == min(losses.values()))
    print(f"out-of-photo log loss by penalty {losses}: {l2}")
    p = out_of_photo(x, y, photos, args.folds, l2)
    error, table = calibration_error(p, y, args.bins)
    print(f"{len(y)} answers from {len(set(photos))} photos, {len(y) - y.sum():.1f} wrong; "
          f"out-of-photo ECE ({args.bins} equal-mass bins) {100 * error:.2f}%")
    for b in table:
        print(f"  {b.count:5d} answers  mean p {b.mean_p:.4f}  right {b.right:.4f}")
    for kind in sorted({str(r["kind"]) for r in rows}):
        mine = np.array([r["kind"] == kind for r in rows])
        e, _ = calibration_error(p[mine], y[mine], args.bins)
        sure = mine & (p >= 0.995)
        print(f"  {kind}: {int(mine.sum())} answers, ECE {100 * e:.2f}%, sure "
              f"{int(sure.sum())}, wrong among sure {float((1 - y[sure]).sum()):.1f}")
    model = fit_logistic(x, y, l2)
    model = type(model)(model.weights, model.bias,
                        f"{len(y)} answers on {len(set(photos))} real photos "
                        f"({' '.join(args.rows_note or [])}); penalty {l2}; out-of-photo "
                        f"ECE {100 * error:.2f}% ({args.bins} equal-mass bins)")
    print(json.dumps(model.to_json()))
    for path in args.check or []:
        cx, cy, cphotos = arrays(json.loads(Path(path).read_text()))
        cp = np.array([model.probability(row) for row in cx])
        e, _ = calibration_error(cp, cy, args.bins)
        print(f"check {path}: {len(cy)} answers from {len(set(cphotos))} photos, "
              f"{len(cy) - cy.sum():.1f} wrong, ECE {100 * e:.2f}%, sure "
              f"{int((cp >= 0.995).sum())}, wrong among sure {float((1 - cy[cp >= 0.995]).sum())}")
    if args.write:
        CONFIDENCE_FILE.write_text(json.dumps(model.to_json(), indent=1) + "\n")
        print(f"wrote {CONFIDENCE_FILE}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--what", choices=("crops", "tables"), required=True)
    c.add_argument("--enrolled", type=int, nargs="+", default=[0])
    c.add_argument("--rows", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--rows", nargs="+", required=True)
    f.add_argument("--rows-note", nargs="*", help="what the rows are, for the JSON")
    f.add_argument("--folds", type=int, default=10)
    f.add_argument("--bins", type=int, default=10)
    f.add_argument("--l2", type=float, nargs="+", default=[0.01, 0.03, 0.1, 0.3, 1.0])
    f.add_argument("--check", nargs="*", help="rows scored with the final model only")
    f.add_argument("--write", action="store_true")
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()
