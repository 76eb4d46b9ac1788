// The game's pending inputs, pushed by the live stream (issue 25; docs/API.md, "Live: the
// `pending` event"): every roll, icon-dice reading and card scan that waits for a person sits on
// the Pi's one pending-input desk, and game.js hands each `pending` event to this module as a
// `companion:pending` DOM event. Each entry carries its `detail` (a roll's dice, an icon
// reading's faces, a scan's photo, cards and seats), so no card asks the Pi for it: the icon-dice
// and scan cards read their entries with pendingOf(kind) and subscribe with onPending(kind,
// callback), which runs when that kind's entries change (offered, corrected, confirmed,
// dismissed, lapsed), and when the stream goes down or comes back (pendingPushed()).
//
// pendingCard() is the one pending card: the same shell (what was read, why it waits, Confirm /
// Correct / Dismiss for whoever may act, a correction in place) on the dice tower's and the
// camera's card (tower.js), on Sushi Roll's icon-dice card (sr-camera.js) and on the card scan
// (scan.js); each kind fills in its own reading (die faces, icon tiles, the photo and each
// seat's cards, confirmed seat by seat) and its own correction.
import { h } from "./common.js";
import { t } from "./i18n.js";

const seen = { pushed: false, keys: new Map(), list: [] };
const listeners = new Map();

/** Whether the live stream pushes the game's pending inputs now (else: the last ones pushed
 * stay until it comes back and pushes them again). */
export function pendingPushed() {
  return seen.pushed;
}

/** The game's pending inputs of ``kind`` ("roll", "icon", "scan") as last pushed. */
export function pendingOf(kind) {
  return seen.list.filter((p) => p.kind === kind);
}

/** Call ``callback(entries, pushed)`` whenever ``kind``'s pending inputs change, or the stream
 * goes down or comes back. */
export function onPending(kind, callback) {
  if (!listeners.has(kind)) listeners.set(kind, new Set());
  listeners.get(kind).add(callback);
}

function tell(kind) {
  for (const callback of listeners.get(kind) ?? []) callback(pendingOf(kind), seen.pushed);
}

document.addEventListener("companion:pending", (event) => {
  const list = event.detail?.pending ?? [];
  const was = seen.pushed;
  seen.pushed = true;
  seen.list = list;
  for (const kind of new Set([...listeners.keys(), ...list.map((p) => p.kind)])) {
    const key = JSON.stringify(pendingOf(kind));
    if (was && seen.keys.get(kind) === key) continue;
    seen.keys.set(kind, key);
    tell(kind);
  }
});

document.addEventListener("companion:devices-lost", () => {
  if (!seen.pushed) return;
  seen.pushed = false;  // the stream is down: the cards keep the last state until it pushes again
  seen.keys.clear();
  for (const kind of listeners.keys()) tell(kind);
});

/** One pending input's card. ``kind`` and ``ref`` name it (``data-pending-kind``,
 * ``data-pending-ref``; ``attrs`` adds the kind's own, ``cls`` its classes); ``heading`` is its
 * h3's content, ``read`` what the device read, ``note`` why it waits (``refused``: the engine's
 * refusal, shown as one). Whoever may act (``canAct``) gets ``actions``: ``[{label, do,
 * onclick, style}]`` buttons (``style``: "primary", "ghost", with " big" when wanted), or, while
 * a correction is open, its parts (``fixing``); the others get the hint that a seated player
 * or the host confirms it (unless ``hint`` is false). No ``heading``: no h3. */
export function pendingCard({ kind, ref, heading = null, read = null, note = "", refused = false,
  canAct = false, actions = [], fixing = null, cls = "", attrs = {}, hint = true }) {
  const parts = [heading ? h("h3", null, ...heading) : null, read,
    note ? h("p", { class: refused ? "tower-refused" : "hint", "data-pending-note": "" }, note) : null];
  if (!canAct) parts.push(hint ? h("p", { class: "hint" }, t("A seated player or the host confirms it.")) : null);
  else if (fixing) parts.push(fixing);
  else {
    parts.push(h("div", { class: "row tower-actions" }, actions.filter(Boolean).map((a) => h("button", {
      type: "button", class: `btn${a.style ? ` ${a.style}` : ""}`, "data-do": a.do, onclick: a.onclick,
    }, a.label))));
  }
  return h("div", { class: `pending-card${cls ? ` ${cls}` : ""}`, "data-pending-kind": kind,
    "data-pending-ref": ref, ...attrs }, parts);
}
