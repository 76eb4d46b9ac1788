"""The card reader: a photo and an enrolled set in, every card's label, quad and confidence out.

:class:`CardReader` = :class:`~companion.vision.cards.finder.CardFinder` (where the cards are)
+ :class:`~companion.vision.cards.embedding.Embedder` (what each looks like) + a
:class:`~companion.vision.cards.enrollment.CardSet` (what the player's cards look like).

* A whole card is rectified to a portrait crop and compared with the set's whole-card views.
* A *band* (a card lying under another one: a column, a nigiri on its wasabi) is rectified with
  its free edge up, cut to the largest prepared band share it shows, and compared with the
  set's top-band views; :attr:`Card.covered_by` is the index of the card lying on it, so a
  nigiri on a wasabi comes out as the wasabi (``visible == "band"``) covered by the nigiri.
* A card cut by the photo's edge is read but always marked uncertain.

:func:`~companion.vision.cards.photo_check.check_photo` (re-exported here) turns away what
cannot be read (not a colour image, tiny, too dark, too blurry) with :class:`PoorPhoto` and a
message a player can act on; nothing found is not an error, :attr:`Scan.notes` says so (and that
the photo looks blurry, if it does: a bare table has no edges either, so blur is only judged
where cards are found). ``cv2.setNumThreads`` is left to the caller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.cards.columns import (
    BAND_SHARE,
    MOST_BANDS,
    Column,
    cut_columns,
    edge_columns,
    find_columns,
    lone_edges,
)
from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enroll_photo import enrollment_crop
from companion.vision.cards.enrollment import (
    CROP_H,
    CROP_W,
    FULL_VIEW,
    CardSet,
    Match,
    band_view,
    fit_crop,
    rectify,
)
from companion.vision.cards.evidence import EVIDENCE, EvidenceConfig, with_evidence
from companion.vision.cards.finder import (
    DUPLICATE_OVERLAP,
    CardFinder,
    Found,
    Piece,
    clockwise,
    expected_area,
    overlap,
    portrait,
)
from companion.vision.cards.outline import OUTLINE, OutlineConfig, outline_cards, soft_grey
from companion.vision.cards.photo_check import (
    MIN_SHARPNESS,
    PoorPhoto,
    checked_grey,
    sharpness,
)
from companion.vision.cards.photo_check import check_photo as check_photo  # re-exported
from companion.vision.cards.results import Card, Scan

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

#: A whole card can also be read with its quad shrunk by these factors (about its centre);
#: 0.9 read 44 rather than 35 of 118 synthetic cards right for 70% more time, so it is off.
SHRINK: tuple[float, ...] = ()


def band_crop(image: Image, quad: FloatArray, aspect: float) -> tuple[Image, int]:
    """A band (quad free edge first) as a crop the set can compare, and the view to use."""
    q = clockwise(quad)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    share = height * aspect / max(width, 1e-6)
    view, cut = band_view(share)
    f = min(1.0, cut / max(share, 1e-6))
    sub = np.stack([q[0], q[1], q[1] + (q[2] - q[1]) * f, q[0] + (q[3] - q[0]) * f])
    return rectify(image, sub, (CROP_W, max(4, round(CROP_H * cut)))), view


class CardReader:
    """Finds and recognises the cards of ``card_set`` in photos; thread-confined."""

    def __init__(self, card_set: CardSet, embedder: Embedder | None = None,
                 finder: CardFinder | None = None,
                 outline: OutlineConfig | None = OUTLINE,
                 evidence: EvidenceConfig | None = EVIDENCE) -> None:
        """``outline``: the outline stage's config (:mod:`~companion.vision.cards.outline`),
        ``None`` to find cards with the finder network alone; ``evidence``: the evidence
        stage's (:mod:`~companion.vision.cards.evidence`), ``None`` to keep every card read."""
        self.card_set = card_set
        self.embedder = embedder or Embedder()
        self.finder = finder or CardFinder()
        self.outline = outline
        self.evidence = evidence

    def read(self, image: Image) -> Scan:
        """Every card in ``image`` (BGR uint8); :class:`PoorPhoto` if it cannot be read."""
        grey = checked_grey(image)
        found = self.finder.locate(image)
        soft = soft_grey(image) if self.outline or self.evidence else None  # made once
        if self.outline is not None:
            found = replace(found, pieces=with_outlines(
                outline_cards(image, self.outline, soft), found.pieces))
        pieces = found.pieces
        sharp = sharpness(image, grey)
        if not pieces:
            note = "no cards found: put the cards on the table, face up, in view"
            if sharp < MIN_SHARPNESS:
                note += " (the photo also looks blurry: hold the camera still and let it focus)"
            return Scan((), (note,))
        if sharp < MIN_SHARPNESS:
            raise PoorPhoto(f"the photo is too blurry (sharpness {sharp:.2f}, at least "
                            f"{MIN_SHARPNESS} needed); hold the camera still and let it focus")
        cards = self.recognise_pieces(image, pieces, found)
        if self.evidence is not None:
            cards = with_evidence(image, cards, self.evidence, soft)
            if not cards:
                return Scan((), ("no cards found: put the cards on the table, face up, "
                                 "in view",))
        return Scan(tuple(cards))

    def recognise_pieces(self, image: Image, pieces: list[Piece],
                         found: Found | None = None) -> list[Card]:
        """Labels for found pieces. A whole card is also tried with its quad shrunk by
        :data:`SHRINK` (a quad that runs into a touching neighbour), a band both ways round
        (either long edge as its free edge); the better match decides, and for a band which
        neighbour covers it. A column with an uncertain band is then read again from its whole
        card's outline (:meth:`_rebuild_columns`), so the cards come one per piece only when
        no column was rebuilt. With the finder's card map (``found``), a column's walk may go
        on past its band pieces' reach."""
        groups = [self._ways(image, piece) for piece in pieces]
        cards = []
        for piece, group, (k, embedding) in zip(pieces, groups, self._best_ways(groups),
                                                strict=True):
            way, crop, view = group[k]
            # only the chosen way goes through the fine check (which does not change the
            # similarity the choice is made on), and only when the answer can be sure: under
            # the similarity threshold the descriptor's own best label is the guess shown
            match = self._try(embedding, view, crop)
            covered_by = way.covered_by
            if way.kind == "band" and covered_by is None:
                covered_by = way.neighbours[0]
            cards.append(Card(match.label, way.quad, match.confidence,
                              match.uncertain or piece.kind == "partial", piece.kind,
                              covered_by, match.runner_up, match.similarity, match.margin,
                              _chosen_difference(match)))
        cards = self._nudge(image, self._settle(image, self._fix_lengths(image, cards, found)))
        pieces = [replace(p, quad=portrait(clockwise(c.quad))) if c.visible == "full" else p
                  for p, c in zip(pieces, cards, strict=True)]  # columns leave the new edges
        cards = self._rebuild_columns(image, pieces, cards, found)
        walked = cards
        cards = self._unexplained(image, self._wholes_from_bands(image, cards, found), found)
        cards = self._walk_new_wholes(image, walked, cards, found)
        return _doubt_poor_fits(_drop_doubles(self._climb(image, cards)))

    def _ways(self, image: Image, piece: Piece) -> list[tuple[Piece, Image, int]]:
        """The ways to read a piece: (the piece as read, its crop, the set's view to use)."""
        if piece.kind == "band":
            return [(way, *band_crop(image, way.quad, self.card_set.aspect))
                    for way in (piece, piece.flipped())]
        quad = clockwise(piece.quad)
        centre = quad.mean(axis=0)
        return [(piece, rectify(image, centre + (quad - centre) * f), FULL_VIEW)
                for f in (1.0, *SHRINK)]

    def _best_ways(self, groups: list[list[tuple[Piece, Image, int]]]
                   ) -> list[tuple[int, FloatArray]]:
        """For each group of ways, the index of the one whose descriptor matches the set best,
        and that descriptor; all crops are embedded in one batch."""
        flat = [crop for group in groups for _, crop, _ in group]
        if not flat:
            return []
        embeddings = self.embedder.embed(flat)
        out, row = [], 0
        for group in groups:
            sims = [self.card_set.classify(embeddings[row + k], view).similarity
                    for k, (_, _, view) in enumerate(group)] if len(group) > 1 else [0.0]
            k = int(np.argmax(sims))
            out.append((k, embeddings[row + k]))
            row += len(group)
        return out

    def _fix_lengths(self, image: Image, cards: list[Card],
                     found: Found | None = None) -> list[Card]:
        """An uncertain whole card may have a short edge out of place (a neighbour's band
        taken in, its own end left out, or both ends shifted the same way): it is read again
        at the frame's card shape (:func:`frame_aspect`) with each short edge in turn kept,
        or, when its shape is right, shifted along its long side by :data:`SHIFTS` of its
        length. The tries are ranked by colour layout alone (no network: a fifth of the cost;
        on 60 tuning scenes 31 of 75 uncertain whole cards read right against 32 when ranked
        by the full descriptor); those within :data:`AGREE` of the best are fully described
        and read, and the most similar replaces the card if read surely (fine check) and they
        all name the same card (with session 6's first refiner: 45 of 107 read right, none
        wrong; without the agreement 53 and 1). Until session 8 the agreement was on the
        layout's labels, which cannot tell number variants apart (spoon 4, 5, 6 have one
        layout): on 40 tuning scenes the readings' agreement read 2 more whole cards. A whole
        card read surely but longer than the frame's cards (a band of the card under it taken
        in) is tried the same way when a try's colour layout matches the set better than its
        own outline's, and takes the new outline only if the same card reads better with it.
        An uncertain card that none of its tries read surely has them refined and read again
        (:data:`REFINE_TRIES`; ``found`` gives the frame's blurred copies)."""
        aspect = frame_aspect([c.quad for c in cards if c.visible == "full" and not c.uncertain],
                              self.card_set.aspect)
        odd = [k for k, c in enumerate(cards) if c.visible == "full" and (
            c.uncertain or np.log(quad_aspect(c.quad) / aspect) < -LENGTH_SLACK)]
        if not odd:
            return cards
        # not refined at first: the refiner mostly moves the edge back where it had put it
        tries = [_other_lengths(cards[k].quad, aspect) for k in odd]
        out = self._read_tries(image, cards, odd, tries)
        left = [n for n, k in enumerate(odd) if out[k].uncertain and tries[n]]
        if REFINE_TRIES and left and self.finder.refiner is not None:
            flat = [q for n in left for q in tries[n]]
            moved = iter(self.finder.refiner.refine(
                image, [portrait(clockwise(q)) for q in flat], found.blurs if found else None))
            again = [[portrait(clockwise(next(moved))) for _ in tries[n]] for n in left]
            out = self._read_tries(image, out, [odd[n] for n in left], again)
        return out

    def _read_tries(self, image: Image, cards: list[Card], odd: list[int],
                    tries: list[list[FloatArray]]) -> list[Card]:
        """``cards`` with each card ``odd[n]`` replaced by its best reading among the outlines
        ``tries[n]`` when that is sure (see :meth:`_fix_lengths`)."""
        quads = [q for group in tries for q in group]
        crops = [rectify(image, clockwise(q)) for q in quads]
        sure = [k for k in odd if not cards[k].uncertain]
        own = [rectify(image, clockwise(cards[k].quad)) for k in sure]
        cheap = self.embedder.layout_only(crops + own)  # ranks the tries; the best are embedded
        similarity = self.card_set.best_similarities(cheap, FULL_VIEW)
        as_found = dict(zip(sure, similarity[len(crops):], strict=True))
        chosen, row = [], 0
        for k, group in zip(odd, tries, strict=True):
            sims = similarity[row:row + len(group)]
            ranked = sorted(range(len(sims)), key=lambda i: -sims[i])[:AGREE_READS]
            if k in as_found:  # a sure card: only a try whose layout matches better is read
                ranked = ranked[:1] if ranked and sims[ranked[0]] > as_found[k] else []
            chosen.append([row + i for i in ranked if sims[i] >= sims[ranked[0]] - AGREE])
            row += len(group)
        flat = [j for js in chosen for j in js]
        embeddings = dict(zip(flat, self.embedder.embed([crops[j] for j in flat]), strict=True))
        out = list(cards)
        for k, js in zip(odd, chosen, strict=True):
            if not js:
                continue
            read = []
            for j in js:  # the best try first; the others only to check that they agree
                read.append((j, self._try(embeddings[j], FULL_VIEW, crops[j])))
                if read[-1][1].uncertain:
                    break
            # a try too far from every card (no fine check) has no say in the agreement
            least = self.card_set.thresholds.similarity
            labels = {m.label for _, m in read if m.similarity >= least}
            j, match = max(read, key=lambda r: r[1].similarity)
            was = cards[k]
            if not match.uncertain and labels == {match.label} and (was.uncertain or (
                    match.label == was.label and match.similarity > was.similarity)):
                out[k] = replace(cards[k], label=match.label, quad=quads[j],
                                 confidence=match.confidence, uncertain=False,
                                 runner_up=match.runner_up, similarity=match.similarity,
                                 margin=match.margin, distance=_chosen_difference(match))
        return out

    def _settle(self, image: Image, cards: list[Card]) -> list[Card]:
        """A sure whole card whose label the fine check chose among close ones with a high
        difference (over :data:`SETTLE_DISTANCE`: its outline may be off, and a corner number
        then compared out of place) is read again with its outline moved by
        :data:`SETTLE_STEP` of the card each way along and across, and shifted along it by
        :data:`SETTLE_SHIFTS`; a sure reading under :data:`SETTLE_GAIN` of its difference
        replaces it (the lowest). On 100 tuning scenes 102 sure whole cards were over 150: one
        misread (a uramaki 4 read as 3) was mended, none of the others changed. Session 10
        lowered the limit from 150 to 100 and added the shifts: on 132 tuning scenes 2 more
        whole cards and 3 more covered ones right (a salmon nigiri read surely as a menu 7
        among them); on 30 fresh scenes (3,500,000 on) a chopsticks 2 read surely as a 1
        mended; on 170 other scenes one more card read wrong and certain mended, and nothing
        else changed (the bench neither). A sure card matched decisively but faintly (under
        :data:`SETTLE_FAINT`) is read the same ways, and replaced by a sure reading at least
        :data:`SETTLE_LIFT` more similar."""
        chosen = [k for k, c in enumerate(cards) if c.visible == "full" and not c.uncertain
                  and c.distance > SETTLE_DISTANCE]
        faint = [k for k, c in enumerate(cards) if c.visible == "full" and not c.uncertain
                 and c.distance == 0 and c.similarity < SETTLE_FAINT]
        if not chosen and not faint:
            return cards
        tries = []
        for k in chosen + faint:
            q = portrait(clockwise(np.asarray(cards[k].quad, np.float32)))
            if cards[k].distance > SETTLE_MOVED:
                tries += [(k, m) for m in _moved(q, SETTLE_STEP)]
            along = _along_across(q)[0]
            shifted = [q + along * sign * step for sign in (1, -1) for step in SETTLE_SHIFTS]
            if len(shifted) > SETTLE_SHIFT_READS:
                cheap = self.embedder.layout_only([rectify(image, m) for m in shifted])
                rank = np.argsort(-self.card_set.best_similarities(cheap, FULL_VIEW))
                shifted = [shifted[int(i)] for i in rank[:SETTLE_SHIFT_READS]]
            tries += [(k, m) for m in shifted]
        crops = [rectify(image, q) for _, q in tries]
        out = list(cards)
        best = {k: SETTLE_GAIN * cards[k].distance for k in chosen}
        lift = {k: cards[k].similarity + SETTLE_LIFT for k in faint}
        for (k, quad), crop, embedding in zip(tries, crops, self.embedder.embed(crops),
                                              strict=True):
            if k in lift and self.card_set.classify(embedding).similarity <= lift[k]:
                continue  # cannot be similar enough (the fine check keeps the similarity)
            m = self._try(embedding, FULL_VIEW, crop)
            if m.uncertain:
                continue
            if k in best and m.distance < best[k]:
                best[k] = m.distance
            elif k in lift and m.similarity > lift[k]:
                lift[k] = m.similarity
            else:
                continue
            out[k] = replace(out[k], label=m.label, quad=quad, confidence=m.confidence,
                             runner_up=m.runner_up, similarity=m.similarity,
                             margin=m.margin, distance=_chosen_difference(m))
        return out

    def _nudge(self, image: Image, cards: list[Card]) -> list[Card]:
        """An uncertain whole card that matches its label well (similarity at least
        :data:`NUDGE_SIMILARITY`) but whose fine check chose it among close labels by a lead a
        little short of sure (at least :data:`NUDGE_LEAD` of the needed lead) is read again
        with its outline moved by :data:`NUDGE_STEP` of the card each way along and across:
        a corner number compared a pixel or two out of place. When the sure readings all name
        the card's own label, the one with the lowest difference replaces it. On 132 tuning
        scenes one more whole card read right; on 240 other scenes nothing changed. Widened
        to every uncertain card over 0.5 similar, with moves of 4% too, it mended one more
        tuning card but read one card wrong and certain elsewhere, so it stays this narrow."""
        need = self.card_set.thresholds.fine_margin
        chosen = [k for k, c in enumerate(cards) if NUDGE and c.visible == "full"
                  and c.uncertain and c.similarity >= NUDGE_SIMILARITY and c.distance > 0
                  and NUDGE_LEAD * need <= c.margin < need]
        if not chosen:
            return cards
        tries = []
        for k in chosen:
            q = portrait(clockwise(np.asarray(cards[k].quad, np.float32)))
            tries += [(k, m) for m in _moved(q, NUDGE_STEP)]
        crops = [rectify(image, q) for _, q in tries]
        read: dict[int, list[tuple[Match, FloatArray]]] = {}
        for (k, quad), crop, embedding in zip(tries, crops, self.embedder.embed(crops),
                                              strict=True):
            m = self._try(embedding, FULL_VIEW, crop)
            if not m.uncertain:
                read.setdefault(k, []).append((m, quad))
        out = list(cards)
        for k, sure in read.items():
            if {m.label for m, _ in sure} != {cards[k].label}:
                continue
            m, quad = min(sure, key=lambda one: one[0].distance)
            out[k] = replace(out[k], quad=quad, confidence=m.confidence, uncertain=False,
                             runner_up=m.runner_up, similarity=m.similarity, margin=m.margin,
                             distance=_chosen_difference(m))
        return out

    def _climb(self, image: Image, cards: list[Card]) -> list[Card]:
        """An uncertain whole card is outlined again by climbing its descriptor's similarity:
        from the most similar of its outline and its length tries (:func:`_other_lengths`;
        at least :data:`CLIMB_FROM` similar to its best label), each side is moved in and out
        by :data:`CLIMB_MOVE` of the card's width, the most similar move to that label kept,
        up to :data:`CLIMB_STEPS` times. The card is replaced when the outline climbed to
        reads surely as the same label. It runs last, after the columns were walked (run
        before them, a climbed outline took in bands: 3 covered cards lost on the bench). On
        132 tuning scenes one more whole card right; on the bench 2 (604 → 606 of 611); on
        170 other scenes one more; none read wrong."""
        if not CLIMB:
            return cards
        sure = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
        aspect = frame_aspect(sure, self.card_set.aspect)
        out = list(cards)
        for k, card in enumerate(cards):
            if card.visible != "full" or not card.uncertain:
                continue
            q = portrait(clockwise(np.asarray(card.quad, np.float32)))
            starts = [q, *_other_lengths(q, aspect)]
            crops = [rectify(image, s) for s in starts]
            embeddings = self.embedder.embed(crops)
            plain = [self.card_set.classify(e, FULL_VIEW) for e in embeddings]
            i = max(range(len(starts)), key=lambda n: plain[n].similarity)
            if plain[i].similarity < CLIMB_FROM:
                continue
            label, quad, best = plain[i].label, starts[i], plain[i].similarity
            crop, embedding = crops[i], embeddings[i]
            for _ in range(CLIMB_STEPS):
                moves = _side_moves(quad, CLIMB_MOVE)
                move_crops = [rectify(image, m) for m in moves]
                move_embeddings = self.embedder.embed(move_crops)
                sims = self.card_set.label_similarities(move_embeddings, label)
                j = int(np.argmax(sims))
                if sims[j] <= best + CLIMB_GAIN:
                    break
                quad, best = moves[j], float(sims[j])
                crop, embedding = move_crops[j], move_embeddings[j]
            m = self._try(embedding, FULL_VIEW, crop)
            if not m.uncertain and m.label == label:
                out[k] = replace(card, label=m.label, quad=quad, confidence=m.confidence,
                                 uncertain=False, runner_up=m.runner_up,
                                 similarity=m.similarity, margin=m.margin,
                                 distance=_chosen_difference(m))
        return out

    def _wholes_from_bands(self, image: Image, cards: list[Card],
                           found: Found | None) -> list[Card]:
        """An uncertain band may be a part of a whole card the finder did not see whole (its
        art taken for a band): a card is laid from each end of the band across it
        (:func:`_cards_across`). An uncertain whole card that matches no card well (similarity
        under :data:`LOST`) may be outlined across two cards or turned: a card of the frame's
        typical size is laid on its middle, both ways round (:func:`_cards_on`). Each try is
        kept where the finder's map shows card and no other whole card lies
        (:data:`ACROSS_ROUGH`, then refined as a whole card :data:`ACROSS_FINAL`), and read.
        If the sure readings agree, the most similar replaces the card, and the loose cards
        lying on it go. With :data:`AT_ENDS` a lost card the cards laid on its middle did not
        read is tried as two cards, one at each end of its outline (:func:`_cards_at_ends`):
        each end whose sure readings agree is a card (the first replaces the lost one, the
        other is added)."""
        if found is None or self.finder.refiner is None:
            return cards
        sure_wholes = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
        aspect = frame_aspect(sure_wholes, self.card_set.aspect)
        size = _typical_width(sure_wholes)
        tries: list[tuple[tuple[int, int], FloatArray]] = []
        lost = []
        for k, card in enumerate(cards):
            if card.visible == "band" and card.uncertain:
                tries += [((k, 0), q) for q in _cards_across(card.quad, aspect)]
            elif card.visible == "full" and card.uncertain and card.similarity < LOST \
                    and size is not None:
                tries += [((k, 0), q) for q in _cards_on(card.quad, size, aspect)]
                lost.append(k)
        wholes = [c.quad for c in cards if c.visible == "full"]
        out, gone, placed = list(cards), set[int](), list[FloatArray]()
        read = self._read_laid(image, found, cards, wholes, tries, aspect)
        if AT_ENDS and lost:  # lost cards the middle did not read: each end of the outline
            local = expected_area([Piece(q, "full", 0.0) for q in sure_wholes])
            unread = [k for k in lost if not any(
                len({c.label for c in laid if not c.uncertain}) == 1
                for key, laid in read.items() if key[0] == k)]
            ends = [((k, part), q) for k in unread for part, q in _cards_at_ends(
                cards[k].quad, math.sqrt(local(cards[k].quad) * aspect), aspect)]
            read |= self._read_laid(image, found, cards, wholes, ends, aspect)
        for (k, _), found_cards in sorted(read.items(), key=lambda item: item[0]):
            sure = [c for c in found_cards if not c.uncertain]
            if len({c.label for c in sure}) != 1 or k in gone:
                continue
            best = max(sure, key=lambda c: c.similarity)
            if out[k] is cards[k]:
                out[k] = best  # the first part read replaces the card ...
            elif any(overlap(best.quad, q) > SAME_BAND for q in placed):
                continue
            else:
                out.append(best)  # ... the other end of two cards outlined as one is added
            placed.append(best.quad)
            wholes.append(best.quad)
            gone |= {j for j, c in enumerate(out) if j != k and c.visible != "full"
                     and overlap(c.quad, best.quad) > SAME_BAND}
        return _without(out, gone)

    def _read_laid(self, image: Image, found: Found, cards: list[Card],
                   wholes: list[FloatArray], tries: list[tuple[tuple[int, int], FloatArray]],
                   aspect: float) -> dict[tuple[int, int], list[Card]]:
        """:meth:`_wholes_from_bands`' cards laid (``tries``: (card index, part), quad), kept
        where the map shows card and no other of ``wholes`` lies (:data:`ACROSS_ROUGH`),
        refined, kept again (:data:`ACROSS_FINAL`), also made the frame's card shape when
        short of it (:data:`ACROSS_LENGTHS`), and read: the readings of each key."""
        assert self.finder.refiner is not None

        def free(key: tuple[int, int], quad: FloatArray, shown: float, lying: float) -> bool:
            own = cards[key[0]].quad
            return found.shown(quad) >= shown and all(
                w is own or overlap(quad, w) <= lying for w in wholes)

        tries = [(k, q) for k, q in tries if free(k, q, *ACROSS_ROUGH)]
        if not tries:
            return {}
        refined = self.finder.refiner.refine(image, [q for _, q in tries], found.blurs)
        tries = [(k, portrait(clockwise(q))) for (k, _), q in zip(tries, refined, strict=True)
                 if free(k, q, *ACROSS_FINAL)]
        if ACROSS_LENGTHS:  # a refined try short of the frame's card shape: its end left out
            tries += [(k, portrait(clockwise(q))) for k, quad in tries
                      if abs(np.log(quad_aspect(quad) / aspect)) > LENGTH_SLACK
                      for q in _other_lengths(quad, aspect) if free(k, q, *ACROSS_FINAL)]
        crops = [rectify(image, q) for _, q in tries]
        read: dict[tuple[int, int], list[Card]] = {}
        for (key, quad), crop, embedding in zip(tries, crops, self.embedder.embed(crops),
                                                strict=True):
            m = self._try(embedding, FULL_VIEW, crop)
            read.setdefault(key, []).append(Card(m.label, quad, m.confidence, m.uncertain,
                                                 "full", None, m.runner_up, m.similarity,
                                                 m.margin))
        return read

    def _walk_new_wholes(self, image: Image, before: list[Card], cards: list[Card],
                         found: Found | None) -> list[Card]:
        """The whole cards read surely after the columns were walked (:meth:`_wholes_from_bands`,
        :meth:`_unexplained`: cards ``before`` did not hold) have their short edges walked
        like lone edges (:meth:`_walk`, on the finder's map): a band beyond such a card was
        read as part of it or as a loose uncertain band. Each sure band found that no sure
        card already covers (:data:`SAME_BAND`) is added, and the uncertain bands it lies on
        go."""
        if not WALK_NEW_WHOLES or found is None:
            return cards
        old = {id(c) for c in before}
        new = [k for k, c in enumerate(cards)
               if id(c) not in old and c.visible == "full" and not c.uncertain]
        if not new:
            return cards
        room = _Room.of(found, [c.quad for c in cards if c.visible == "full"])
        out, gone = list(cards), set[int]()
        for k in new:
            quad = portrait(clockwise(cards[k].quad))
            for column in edge_columns(k, quad):
                previous = k
                for band in self._walk(image, column, quad, room):
                    if band.uncertain or any(not c.uncertain and overlap(c.quad, band.quad)
                                             > SAME_BAND for c in out):
                        break
                    gone |= {j for j, c in enumerate(out) if c.uncertain
                             and c.visible != "full" and overlap(c.quad, band.quad) > SAME_BAND}
                    out.append(replace(band, covered_by=previous))
                    previous = len(out) - 1
        return _without(out, gone)

    def _unexplained(self, image: Image, cards: list[Card], found: Found | None) -> list[Card]:
        """Whole cards no piece was read as: where the finder's card map shows, outside every
        card read, a patch of at least :data:`UNEXPLAINED_AREA` of a card (after an opening
        of :data:`UNEXPLAINED_OPEN` of a card's width, which leaves out the slivers along read
        cards' edges), a card of the frame's typical size is laid on the patch's middle both
        ways round (:func:`_cards_on`), refined as a whole card, kept if it lies on no card
        read by more than :data:`ACROSS_FINAL` allows (and the map shows card over that share
        of it) and added when read surely; of two such tries the more similar. (A card the
        finder merged with a neighbour's band, read as an uncertain band and taken by a
        column's walk, leaves its body unexplained.)"""
        sure_wholes = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
        width = _typical_width(sure_wholes)
        if not UNEXPLAINED or found is None or self.finder.refiner is None or width is None:
            return cards
        aspect = frame_aspect(sure_wholes, self.card_set.aspect)
        tries = [(n, portrait(clockwise(q)))
                 for n, patch in enumerate(_patches(found, [c.quad for c in cards], width,
                                                    aspect))
                 for q in _cards_on(patch, width, aspect)]
        shown, lying = ACROSS_FINAL

        def free(quad: FloatArray) -> bool:
            return found.shown(quad) >= shown and all(
                overlap(quad, c.quad) <= lying for c in cards)

        tries = [(n, q) for n, q in tries if found.shown(q) >= ACROSS_ROUGH[0]]
        if not tries:
            return cards
        moved = self.finder.refiner.refine(image, [q for _, q in tries], found.blurs)
        refined = [(n, portrait(clockwise(q))) for (n, _), q in zip(tries, moved, strict=True)]
        # the refiner may leave a dark banner out: the laid card and the refined one made
        # the frame's card shape are read too
        refined += tries + [(n, portrait(clockwise(q))) for n, quad in refined
                            if abs(np.log(quad_aspect(quad) / aspect)) > LENGTH_SLACK
                            for q in _other_lengths(quad, aspect)]
        refined = [(n, q) for n, q in refined if free(q)]
        crops = [rectify(image, q) for _, q in refined]
        read: dict[int, list[Card]] = {}
        for (n, quad), crop, embedding in zip(refined, crops, self.embedder.embed(crops),
                                              strict=True):
            m = self._try(embedding, FULL_VIEW, crop)
            if not m.uncertain:
                read.setdefault(n, []).append(Card(m.label, quad, m.confidence, False, "full",
                                                   None, m.runner_up, m.similarity, m.margin))
        new: list[Card] = []
        for sure in read.values():
            best = max(sure, key=lambda c: c.similarity)
            if len({c.label for c in sure}) == 1 and not any(
                    overlap(best.quad, c.quad) > SAME_BAND for c in new):
                new.append(best)
        return cards + new

    def _rebuild_columns(self, image: Image, pieces: list[Piece], cards: list[Card],
                         found: Found | None = None) -> list[Card]:
        """Each column (:mod:`~companion.vision.cards.columns`) is read again from its whole
        card outwards (:meth:`_walk`). The bands read surely replace the band pieces they lie
        on (their cards go, the new ones are appended, each covered by the one before, the
        first by the whole card) when the column held an uncertain band, or when the walk reads
        more cards surely than its pieces did (two bands found as one piece read surely as
        one of them: on 40 tuning scenes 5 more covered cards right); of two columns claiming
        a band, the better read one takes it. A band may lie on another whole card by
        :data:`SAME_BAND` of it, on one read uncertain by :data:`UNSURE_ROOM`."""
        wholes = [k for k, p in enumerate(pieces) if p.kind == "full"]
        room = _Room.of(found, [pieces[k].quad for k in wholes],
                        tuple(UNSURE_ROOM if cards[k].uncertain else SAME_BAND for k in wholes))
        walked = []
        columns = find_columns(pieces)
        if found is not None:
            columns += lone_edges(pieces, columns)
            sure = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
            width = _typical_width(sure)
            if width is not None and CUT_COLUMNS:
                aspect = frame_aspect(sure, self.card_set.aspect)
                columns += cut_columns(pieces, width, aspect, (image.shape[1], image.shape[0]))
        for column in columns:
            bands = self._walk(image, column, pieces[column.whole].quad, room)
            if _better(bands, [cards[k] for k in column.bands]):
                walked.append((column, bands))
        best = sorted(((min(b.similarity for b in bands), c, bands) for c, bands in walked
                       if bands), key=lambda b: -b[0])
        out, gone, taken = list(cards), set[int](), list[FloatArray]()
        for _, column, bands in best:
            quads = [b.quad for b in bands]
            if not _apart(taken + quads):
                continue
            taken += quads
            gone |= _covered_by_bands(pieces, quads)
            first = len(out)
            out += [replace(card, covered_by=column.whole if j == 0 else first + j - 1)
                    for j, card in enumerate(bands)]
        return _without(out, gone)

    def _walk(self, image: Image, column: Column, whole: FloatArray,
              room: _Room | None = None) -> list[Card]:
        """A column's bands read from its whole card outwards: at each step the stretch left
        is split into 1-4 equal bands (:meth:`Column.shares`), and the nearest band of each
        split is read as laid and as the band refiner outlines it (:meth:`_step`). The sure
        readings (apart from the bands before and the whole card, :data:`SAME_BAND`) within
        :data:`WALK_AGREE` of the best must agree on the label; the most similar is taken and
        the next step starts at its free edge. When no band of the stretch reads surely, and
        ``room`` has the finder's card map, bands like the last one (:data:`EXTEND`; the first:
        :data:`FIRST_SHARES`) are tried where the map shows card and no other whole card lies.
        The walk stops when no band reads surely or sure readings disagree (on 60 tuning scenes
        that rule took the walk from 2 wrong bands of 173 to none of 161); after a sure band,
        the most similar reading of the rest then comes as an uncertain band (the pieces it
        replaces would otherwise leave a card out)."""
        room = room or _Room.of(None, [])
        if not column.bands and not room.free(column.band(0, FIRST_SHARES[0]).quad, whole,
                                              on_map=True):
            return []  # a lone edge with no card beyond it on the map
        start, bands = 0.0, list[Card]()
        low = BAND_SHARE[0]
        step = 0.0  # the last band's share: the next card shows about as much
        while len(bands) < MOST_BANDS:
            sure, read = self._step(image, column, start, column.shares(start), whole, bands,
                                    room)
            if not sure and room.found is not None:
                # past the band pieces' reach: a band like the last one (or a typical first
                # band), on the card map
                more = [step * f for f in EXTEND] if bands else list(FIRST_SHARES)
                sure, extra = self._step(image, column, start, more, whole, bands, room,
                                         on_map=True)
                read += extra
            if not sure:
                if bands and read:  # the rest of the column stays, as the best guess
                    guess = max(read, key=lambda card: card.similarity)
                    if _apart([whole, *(b.quad for b in bands), guess.quad]):
                        bands.append(replace(guess, uncertain=True))
                break
            bands.append(max(sure, key=lambda card: card.similarity))
            reach = max(column.reach_of(bands[-1].quad), start + low / 2)
            step, start = reach - start, reach
        return bands

    def _step(self, image: Image, column: Column, start: float, shares: list[float],
              whole: FloatArray, bands: list[Card], room: _Room, on_map: bool = False
              ) -> tuple[list[Card], list[Card]]:
        """One step of :meth:`_walk`: the bands of ``shares`` beyond ``start`` read as laid
        and as the band refiner outlines them, those lying on no other whole card of the frame
        (with ``on_map``, also only those whose area is card on the finder's map,
        :data:`SHOWN`). Returns the sure readings (apart from the bands before and the whole
        card), or none when two of them disagree, and every reading (for a guess)."""
        def kept(quads: list[FloatArray]) -> list[FloatArray]:
            return [q for q in quads if room.free(q, whole, on_map)]

        quads = kept([column.band(start, share).quad for share in shares])
        if not quads:
            return [], []
        if self.finder.band_refiner is not None:
            blurs = room.found.blurs if room.found is not None else None
            quads = kept(self.finder.band_refiner.refine(image, quads, blurs)) + quads
        crops = [band_crop(image, quad, self.card_set.aspect) for quad in quads]
        embeddings = self.embedder.embed([crop for crop, _ in crops])
        read = [self._band_card(*one) for one in zip(quads, crops, embeddings, strict=True)]
        sure = [card for card in read if not card.uncertain
                and _apart([whole, *(b.quad for b in bands), card.quad])]
        if sure:  # the readings near the best must agree
            top = max(card.similarity for card in sure)
            sure = [card for card in sure if card.similarity >= top - WALK_AGREE]
        if len({card.label for card in sure}) != 1:  # none, or two readings disagree
            return [], read
        return sure, read

    def _try(self, embedding: FloatArray, view: int, crop: Image) -> Match:
        """A try's reading where only a sure one counts: a descriptor too far from every card
        (under :attr:`Thresholds.similarity`) is uncertain whatever the fine check says, so it
        is answered from the descriptor alone (the fine check is most of a reading's cost)."""
        return self.card_set.classify(embedding, view, crop, sure_only=True)

    def _band_card(self, quad: FloatArray, crop: tuple[Image, int],
                   embedding: FloatArray) -> Card:
        """A band read from its quad (free edge first), crop and view, and descriptor."""
        match = self._try(embedding, crop[1], crop[0])
        return Card(match.label, quad, match.confidence, match.uncertain, "band", None,
                    match.runner_up, match.similarity, match.margin)

    def recognise_crops(self, crops: list[Image]) -> list[Match]:
        """Labels of photos that each *are* one card (rectified crops)."""
        fitted = [fit_crop(c) for c in crops]
        embeddings = self.embedder.embed(fitted)
        return [self.card_set.classify(e, FULL_VIEW, c) for e, c in zip(embeddings, fitted,
                                                                          strict=True)]

    def enrollment_crop(self, image: Image, name: str = "the photo") -> Image:
        """The card to enroll from a photo of one card (or a crop of it), rectified;
        :class:`PoorPhoto` with the reason otherwise
        (:func:`~companion.vision.cards.enroll_photo.enrollment_crop`)."""
        return enrollment_crop(image, name)


def with_outlines(outlines: list[FloatArray], pieces: list[Piece]) -> list[Piece]:
    """The outline stage's whole cards, then the finder's pieces that none of them holds (a
    piece whose centre lies inside an outline is the same card, or a part of it); references
    to pieces left out become ``None``."""
    if not outlines:
        return pieces
    def inside(piece: Piece) -> bool:
        centre = tuple(float(x) for x in piece.quad.mean(axis=0))
        return any(cv2.pointPolygonTest(q.reshape(-1, 1, 2), centre, False) >= 0
                   for q in outlines)
    index = {k: len(outlines) + n for n, k in enumerate(
        k for k, p in enumerate(pieces) if not inside(p))}

    def renamed(k: int | None) -> int | None:
        return None if k is None else index.get(k)

    kept = [replace(p, covered_by=renamed(p.covered_by),
                    neighbours=(renamed(p.neighbours[0]), renamed(p.neighbours[1])))
            for k, p in enumerate(pieces) if k in index]
    return [Piece(q, "full", 1.0) for q in outlines] + kept


def _chosen_difference(match: Match) -> float:
    """A reading's fine difference when the fine check chose it among several labels, else 0
    (see :attr:`Card.distance`)."""
    return match.distance if match.compared > 1 else 0.0


def _without(cards: list[Card], gone: set[int]) -> list[Card]:
    """``cards`` without the indices in ``gone``; ``covered_by`` renumbered (a reference to a
    card that went becomes None)."""
    if not gone:
        return cards
    index = {k: n for n, k in enumerate(k for k in range(len(cards)) if k not in gone)}
    return [replace(c, covered_by=None if c.covered_by is None else index.get(c.covered_by))
            for k, c in enumerate(cards) if k not in gone]


#: A whole card laid across an uncertain band (:meth:`CardReader._wholes_from_bands`) is
#: refined when the card map shows card over this share of it and it lies on no whole card by
#: more than that; refined, it must show card over ..._FINAL's share and lie on none by more.
ACROSS_ROUGH = (0.5, 0.6)
ACROSS_FINAL = (0.6, 0.3)
#: An uncertain whole card read with a similarity under this matches no card well: its
#: outline may be far off (:meth:`CardReader._wholes_from_bands`).
LOST = 0.7
#: Whether such a card is also laid flush with each end of the lost outline, at the size the
#: frame's perspective expects there (:func:`~companion.vision.cards.finder.expected_area`), and
#: each end read on its own: the finder outlined two small cards (far from the camera) as one
#: of the frame's typical size, across their middle. Session 12: +2 whole cards on the bench
#: (606 → 608 of 611) and +1 covered, +2 whole and +1 covered on 3,800,000-059, +3 whole on
#: 4,300,000-059, nothing else changed on the tuning scenes and four other fresh ranges.
AT_ENDS = True
#: The sure readings of a walk's step within this similarity of the best must agree (all of
#: them at first: 0.1 read 217 rather than 213 of 232 covered cards on 40 tuning scenes, and
#: 204 rather than 196 of 210 on 32 more, with 1 more wrong and certain there; 0.05: 219
#: and 204, 1 more wrong on each).
WALK_AGREE = 0.1
#: A walk past the band pieces' reach tries bands of these multiples of the last band's share.
EXTEND = (0.9, 1.0, 1.15)
#: ... or, for a column's first band, these shares of a card.
FIRST_SHARES = (0.2, 0.26, 0.32)
#: ... each on card pixels of the finder's map for at least this share of its area.
SHOWN = 0.8
#: Bands of a rebuilt column that overlap each other (or the whole card) by more than this
#: share of the smaller are one band found twice (the refiner moved two parts onto one band:
#: the column holds fewer bands than that count).
SAME_BAND = 0.3
#: ... and of an uncertain whole card, whose outline may have taken in the band (a card
#: read uncertain because its outline runs over the band of the card under the next one; the
#: climb mends such outlines only after the walks). 0.3 (as sure cards) until session 12; 0.7
#: read 1 more covered card on 92 tuning scenes, 2 on the bench, 2-4 on each of five fresh
#: ranges of 60 (3.7M, 3.8M, 4.0M, 4.1M, 4.2M), with no card read wrong or extra; no limit
#: (1.0) read a few more but put sure bands on uncertain whole cards (7 extras on 5 ranges).
UNSURE_ROOM = 0.7


def _apart(quads: list[FloatArray]) -> bool:
    """No two of ``quads`` overlap by more than :data:`SAME_BAND`."""
    return all(overlap(a, b) <= SAME_BAND
               for n, a in enumerate(quads) for b in quads[n + 1:])


def _covered_by_bands(pieces: list[Piece], bands: list[FloatArray]) -> set[int]:
    """The band and partial pieces that overlap one of ``bands`` by more than
    :data:`SAME_BAND` (found again there)."""
    return {k for k, p in enumerate(pieces) if p.kind != "full"
            and any(overlap(p.quad, band) > SAME_BAND for band in bands)}


#: A sure band lying more than this share on a whole card read as the same card is that
#: card's own top (:func:`_drop_doubles`; 0.3, like two bands, dropped a real one of 241
#: covered cards on 40 tuning scenes; 0.7 and 0.85 none, and 2 certain extras fewer).
OWN_BAND = 0.7
#: Whether columns are also walked from cut cards (:func:`columns.cut_columns`): on 60
#: tuning scenes (2,450,000-059) covered cards 338 → 347, sure wrong ones 2 → 1.
CUT_COLUMNS = True


#: A card laid across a band whose refined outline is not the frame's card shape is also read
#: made that shape (:func:`_other_lengths`; the refiner may leave a dark banner out).
ACROSS_LENGTHS = True


#: An uncertain whole card whose best start is at least this similar is climbed
#: (:meth:`CardReader._climb`): each side moved by this share of the card's width, up to this
#: many times, while a move gains more than this similarity.
CLIMB = True
CLIMB_FROM = 0.55
CLIMB_MOVE = 0.03
CLIMB_STEPS = 3
CLIMB_GAIN = 0.005

#: An uncertain whole card at least this similar to its label, whose fine check's lead is at
#: least this share of the needed one, is read again with its outline moved by this share of
#: the card (:meth:`CardReader._nudge`).
NUDGE = True
NUDGE_SIMILARITY = 0.85
NUDGE_LEAD = 0.5
NUDGE_STEP = 0.015

#: A sure whole card's reading whose fine difference is over this is checked with its
#: outline moved (:meth:`CardReader._settle`) by this share of the card each way ...
SETTLE_DISTANCE = 100.0
SETTLE_STEP = 0.05
#: (the small moves only for a difference over this)
SETTLE_MOVED = 150.0
#: ... and shifted along the card by these shares of its length (most of a band: an outline
#: that took in a neighbour's band and left its own out) ...
SETTLE_SHIFTS: tuple[float, ...] = (0.14, 0.21)
#: ... of which only this many, the best by colour layout alone, are read (the same readings
#: as reading all four on 232 tuning, bench and other scenes; a quarter of the reads).
SETTLE_SHIFT_READS = 1
#: A sure whole card matched decisively (no fine check) but less similar than this is read
#: the same ways, and replaced by a sure reading at least this much more similar. Added in
#: session 10 for a menu 9 whose outline took in a band above it and read surely, faintly, as
#: a salmon nigiri (seed 3,200,026); nothing else changed on 240 tuning, bench and other
#: scenes.
SETTLE_FAINT = 0.8
SETTLE_LIFT = 0.1
#: ... and replaced by a sure reading whose difference is under this share of its own.
SETTLE_GAIN = 0.7


#: A whole card's outline whose shape differs from the frame's cards by more than this (log
#: ratio of short / long side) has a short edge out of place.
LENGTH_SLACK = 0.06
#: ... and any uncertain whole card is also read shifted along its long side by these shares
#: of its length: up to about a band, the one a card's outline may take in from the card
#: under it while leaving its own end out. Session 10 added 0.14 and 0.21 to 0.07: on 132
#: tuning scenes one more whole card and two more covered ones right; on 60 other scenes one
#: more whole card; nothing read wrong.
SHIFTS: tuple[float, ...] = (0.07, 0.14, 0.21)
#: ... and a quad about square (short / long side at least this) may be a card cut across,
#: its long sides either pair of sides: both are lengthened.
SQUARE = 0.75
#: ... and the readings within this similarity of the best must name the same card.
AGREE = 0.02
#: ... of which at most this many, the best first, are fully read (one for a sure card).
AGREE_READS = 2
#: An uncertain card none of whose tries read surely has its tries refined by the outline
#: refiner and read again the same way (the first tries are not refined: the refiner mostly
#: moves the edge back). On 60 tuning scenes: 5 more whole cards right, none wrong.
REFINE_TRIES = True


def quad_aspect(quad: FloatArray) -> float:
    """Short side / long side of a quad (each the mean of two opposite sides)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = np.asarray(quad, np.float32).tolist()
    a = (math.hypot(x1 - x0, y1 - y0) + math.hypot(x3 - x2, y3 - y2)) / 2
    b = (math.hypot(x2 - x1, y2 - y1) + math.hypot(x0 - x3, y0 - y3)) / 2
    return min(a, b) / max(a, b, 1e-6)


def frame_aspect(quads: list[FloatArray], default: float) -> float:
    """The shape (short / long side) of the frame's cards: the median of ``quads`` (cards read
    surely), or ``default`` when there are fewer than three."""
    return float(np.median([quad_aspect(q) for q in quads])) if len(quads) >= 3 else default


def _along_across(quad: FloatArray) -> tuple[FloatArray, FloatArray]:
    """A portrait quad's long side and short side as vectors (each the mean of two)."""
    q = quad
    return (q[3] + q[2] - q[0] - q[1]) / 2, (q[1] + q[2] - q[0] - q[3]) / 2


def _moved(quad: FloatArray, share: float) -> list[FloatArray]:
    """A portrait ``quad`` moved by ``share`` of the card along it, back, across, and back."""
    return [quad + d * sign * share for d in _along_across(quad) for sign in (1, -1)]


def _side_moves(quad: FloatArray, share: float) -> list[FloatArray]:
    """``quad`` with each side in turn moved out and in along its normal by ``share`` of the
    quad's short side."""
    q = np.asarray(quad, np.float32)
    centre = q.mean(axis=0)
    width = min(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1])))
    out = []
    for i in range(4):
        a, b = q[i], q[(i + 1) % 4]
        normal = np.array([b[1] - a[1], a[0] - b[0]], np.float32)
        normal /= max(float(np.linalg.norm(normal)), 1e-6)
        if float(np.dot((a + b) / 2 - centre, normal)) < 0:
            normal = -normal
        for sign in (1, -1):
            moved = q.copy()
            moved[[i, (i + 1) % 4]] += normal * (sign * share * width)
            out.append(moved)
    return out


def _other_lengths(quad: FloatArray, aspect: float) -> list[FloatArray]:
    """A whole card's quad (first edge short) made ``aspect`` by moving one short edge along
    the long sides (the first edge kept, then the opposite one) when its shape is off by more
    than :data:`LENGTH_SLACK`, and, for a quad about square (:data:`SQUARE`: a card cut across
    its middle, whose width may be either pair of sides), by moving either of the other two
    edges as well; when its shape is right, shifted both ways along the long sides by each of
    :data:`SHIFTS`."""
    q = np.asarray(quad, np.float32)
    out = []
    factor = quad_aspect(q) / aspect
    if abs(np.log(factor)) > LENGTH_SLACK:
        turns = (q, np.roll(q, -1, axis=0)) if quad_aspect(q) >= SQUARE else (q,)
        for t in turns:
            width = float(np.linalg.norm(t[1] - t[0]) + np.linalg.norm(t[3] - t[2]))
            length = float(np.linalg.norm(t[2] - t[1]) + np.linalg.norm(t[3] - t[0]))
            factor = width / aspect / max(length, 1e-6)
            out += [np.stack([t[0], t[1], t[1] + (t[2] - t[1]) * factor,
                              t[0] + (t[3] - t[0]) * factor]),
                    np.stack([t[3] + (t[0] - t[3]) * factor, t[2] + (t[1] - t[2]) * factor,
                              t[2], t[3]])]
    else:
        along = np.stack([q[3] - q[0], q[2] - q[1], q[2] - q[1], q[3] - q[0]])
        out += [q + along * (sign * shift) for shift in SHIFTS for sign in (1, -1)]
    return [np.asarray(x, np.float32) for x in out]


@dataclass(frozen=True)
class _Room:
    """Where a column's walk may lay a band: on the finder's card map (``found``; None: no
    map) and on none of the frame's ``wholes`` but its own (``boxes``: their bounding boxes,
    for a quick test first)."""

    found: Found | None
    wholes: list[FloatArray]
    boxes: npt.NDArray[np.float64]
    #: How much of a band each whole card may hold (:data:`SAME_BAND` unless given).
    limits: tuple[float, ...] = ()

    @staticmethod
    def of(found: Found | None, wholes: list[FloatArray],
           limits: tuple[float, ...] = ()) -> _Room:
        boxes = np.array([(q.min(axis=0), q.max(axis=0)) for q in wholes], np.float64)
        return _Room(found, wholes, boxes.reshape(-1, 2, 2), limits)

    def free(self, quad: FloatArray, own: FloatArray, on_map: bool) -> bool:
        """Whether a band ``quad`` of the column of whole card ``own`` lies on no other whole
        card (by more than its limit, :data:`SAME_BAND` unless :attr:`limits` says) and, with
        ``on_map``, on card pixels (:data:`SHOWN`)."""
        if on_map and (self.found is None or self.found.shown(quad) < SHOWN):
            return False
        return all(self.wholes[k] is own or overlap(quad, self.wholes[k])
                   <= (self.limits[k] if self.limits else SAME_BAND)
                   for k in _near(quad, self.boxes))


def _better(walked: list[Card], found: list[Card]) -> bool:
    """Whether a column's walk replaces the cards read from its band pieces: when one of
    those is uncertain, or the walk reads more bands surely, or as many, more similar."""
    def score(cards: list[Card]) -> tuple[int, float]:
        sure = [c for c in cards if not c.uncertain]
        return len(sure), sum(c.similarity for c in sure)

    return any(c.uncertain for c in found) or score(walked) > score(found)


def _near(quad: FloatArray, boxes: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """The indices of the bounding ``boxes`` ((N, 2, 2): low and high corners) that meet the
    quad's."""
    low, high = quad.min(axis=0), quad.max(axis=0)
    apart = (high < boxes[:, 0]).any(axis=1) | (boxes[:, 1] < low).any(axis=1)
    return np.flatnonzero(~apart)


def _cards_across(band: FloatArray, aspect: float) -> list[FloatArray]:
    """Whole cards (portrait quads) that a band (free edge first) could be a part of: one
    card's height (its width, the band's long side, over ``aspect``) laid from the free edge
    across the band, and from the other edge back across it."""
    q = np.asarray(band, np.float32)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    across = (q[3] + q[2] - q[0] - q[1]) / 2
    length = float(np.linalg.norm(across))
    if length < 1e-6:
        return []
    step = across / length * (width / aspect)
    mid = (q[0] + q[1] + q[2] + q[3]) / 4 - (q[0] + q[1]) / 2 - step / 2
    return [np.stack([q[0], q[1], q[1] + step, q[0] + step]).astype(np.float32),
            np.stack([q[3] - step, q[2] - step, q[2], q[3]]).astype(np.float32),
            np.stack([q[0] + mid, q[1] + mid, q[1] + step + mid, q[0] + step + mid]
                     ).astype(np.float32)]


def _typical_width(quads: list[FloatArray]) -> float | None:
    """The median short side of ``quads`` (whole cards read surely), None with fewer than 3."""
    if len(quads) < 3:
        return None
    sides = [min(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1])))
             for q in quads]
    return float(np.median(sides))


#: Whether the short edges of whole cards read after the columns' walks are walked too
#: (:meth:`CardReader._walk_new_wholes`).
WALK_NEW_WHOLES = True

#: Whether card pixels no read card explains are tried as whole cards
#: (:meth:`CardReader._unexplained`), when they cover at least this share of a card ...
UNEXPLAINED = True
#: A share of the frame's *typical* card (the median width of the sure whole cards): cards
#: far from the camera are smaller (a card 80 px wide in a frame whose median is 116 px has
#: 0.48 of a typical card's area, 0.43 after the opening). 0.5 until session 12; 0.35 read 1
#: more whole card on 92 tuning scenes, 1 on the bench, 2 on each of 3,800,000-059 and
#: 4,200,000-059, none wrong or extra there or on three other fresh ranges (0.25: the same).
UNEXPLAINED_AREA = 0.35
#: ... after an opening this share of a card's width across.
UNEXPLAINED_OPEN = 0.25


def _patches(found: Found, quads: list[FloatArray], width: float,
             aspect: float) -> list[FloatArray]:
    """The patches of ``found``'s card map outside ``quads`` (frame pixels) that are large
    enough to be a card (see :meth:`CardReader._unexplained`), each as its minimum-area
    rectangle in frame pixels."""
    scale = found.scale
    free = found.visible.astype(np.uint8)
    for quad in quads:
        cv2.fillConvexPoly(free, np.round((quad + 0.5) * scale - 0.5).astype(np.int32), 0)
    k = max(3, round(UNEXPLAINED_OPEN * width * scale) | 1)
    free = np.asarray(cv2.morphologyEx(free, cv2.MORPH_OPEN, np.ones((k, k), np.uint8)),
                      np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    least = UNEXPLAINED_AREA * width * width / aspect * scale * scale
    out = []
    for i in range(1, count):
        if stats[i, cv2.CC_STAT_AREA] < least:
            continue
        x, y = int(stats[i, cv2.CC_STAT_LEFT]), int(stats[i, cv2.CC_STAT_TOP])
        w, h = int(stats[i, cv2.CC_STAT_WIDTH]), int(stats[i, cv2.CC_STAT_HEIGHT])
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == i)
        points = np.column_stack([xs + x, ys + y]).astype(np.float32)
        box = cv2.boxPoints(cv2.minAreaRect(points)).astype(np.float32)
        out.append(np.asarray((box + 0.5) / scale - 0.5, np.float32))
    return out


def _long_axis(quad: FloatArray) -> tuple[FloatArray, FloatArray, float] | None:
    """A quad's middle, the unit vector along its long side and that side's length (the mean
    of two); None for a degenerate quad."""
    q = np.asarray(quad, np.float32)
    along = (q[3] + q[2] - q[0] - q[1]) / 2
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(along):
        along = (q[1] + q[2] - q[0] - q[3]) / 2
    length = float(np.linalg.norm(along))
    return None if length < 1e-6 else (q.mean(axis=0), along / length, length)


def _card_at(middle: FloatArray, u: FloatArray, width: float, aspect: float) -> FloatArray:
    """A card ``width`` wide and ``width / aspect`` long centred on ``middle``, its long side
    along the unit vector ``u`` (a portrait quad)."""
    v = np.array([-u[1], u[0]], np.float32)
    h, w = width / aspect / 2, width / 2
    return np.stack([middle - u * h - v * w, middle - u * h + v * w, middle + u * h + v * w,
                     middle + u * h - v * w]).astype(np.float32)


def _turns(unit: FloatArray) -> tuple[FloatArray, FloatArray]:
    return unit, np.array([-unit[1], unit[0]], np.float32)


def _cards_on(quad: FloatArray, width: float, aspect: float) -> list[FloatArray]:
    """Cards ``width`` wide and ``width / aspect`` long centred on a quad's middle: the long
    side along the quad's long side, then across it (portrait quads)."""
    axis = _long_axis(quad)
    if axis is None:
        return []
    middle, unit, _ = axis
    return [_card_at(middle, u, width, aspect) for u in _turns(unit)]


def _cards_at_ends(quad: FloatArray, width: float, aspect: float
                   ) -> list[tuple[int, FloatArray]]:
    """Cards ``width`` wide and ``width / aspect`` long laid flush with each end of a quad's
    long side (1: its far end, 2: its near one), the card's long side along the quad's long
    side, then across it; only where the quad is longer than the card that way (two cards
    outlined as one)."""
    axis = _long_axis(quad)
    if axis is None:
        return []
    middle, unit, length = axis
    out = []
    for turned, u in enumerate(_turns(unit)):
        reach = length / 2 - (width / 2 if turned else width / aspect / 2)
        if reach > 0.05 * width:
            out += [(part, _card_at(middle + unit * reach * sign, u, width, aspect))
                    for part, sign in ((1, 1), (2, -1))]
    return out


#: A sure whole card that the fine check chose among close labels while fitting its best one
#: this badly (fine difference over it) ...
POOR_FIT = 130.0
#: ... is left uncertain unless its lead over the runner-up is at least this.
POOR_FIT_LEAD = 0.25


def _doubt_poor_fits(cards: list[Card]) -> list[Card]:
    """Sure whole cards whose fine check chose between close labels (a number variant, a
    sibling) by a lead under :data:`POOR_FIT_LEAD` while fitting even the chosen one badly
    (difference over :data:`POOR_FIT`) come out uncertain: the outline was off (the mending
    steps found no better one) and a corner number or icon was compared out of place, so the
    choice is a guess. Measured in session 11 on 4,390 sure whole cards of 8 seed ranges: 4
    of the 5 read wrong were such cards, and 7 read right (0.16%)."""
    return [replace(c, uncertain=True) if c.visible == "full" and not c.uncertain
            and c.distance > POOR_FIT and c.margin < POOR_FIT_LEAD else c for c in cards]


def _drop_doubles(cards: list[Card]) -> list[Card]:
    """One card found twice: of two bands (or cut cards) overlapping by more than
    :data:`SAME_BAND`, the one read less surely goes (uncertain before certain, then by
    similarity); so does an uncertain band lying that much on a whole card (a part of the
    card's art taken for the band of a card under it), a band read as the whole card it lies
    on by more than :data:`OWN_BAND` (the card's own top), and an uncertain whole card lying
    more than :data:`SAME_BAND` on a sure one (a part of it whose outline was not mended); of
    two sure whole cards of one label sharing more than
    :data:`~companion.vision.cards.finder.DUPLICATE_OVERLAP`, the less similar (two pieces of
    one card whose outlines were both mended onto it)."""
    loose = [k for k, c in enumerate(cards) if c.visible != "full"]
    whole = [k for k, c in enumerate(cards) if c.visible == "full"]
    rank = {k: (not cards[k].uncertain, cards[k].similarity) for k in loose}
    gone = {k for k in loose if any(
        overlap(cards[k].quad, cards[j].quad) > (
            SAME_BAND if cards[k].uncertain else OWN_BAND if cards[k].label == cards[j].label
            else 1.0) for j in whole)}
    gone |= {k for k in whole if cards[k].uncertain and any(
        not cards[j].uncertain and overlap(cards[k].quad, cards[j].quad) > SAME_BAND
        for j in whole if j != k)}
    for n, i in enumerate(whole):  # two outlines mended onto one card: the less similar goes
        for j in whole[n + 1:]:
            a, b = cards[i], cards[j]
            if i in gone or j in gone or a.uncertain or b.uncertain or a.label != b.label:
                continue
            if overlap(a.quad, b.quad) > DUPLICATE_OVERLAP:
                gone.add(i if a.similarity < b.similarity else j)
    for n, i in enumerate(loose):
        for j in loose[n + 1:]:
            if i in gone or j in gone or overlap(cards[i].quad, cards[j].quad) <= SAME_BAND:
                continue
            gone.add(i if rank[i] < rank[j] else j)
    return _without(cards, gone)
