// Host controls (join code + QR, undo, redo, export, handing the host role on) and the
// history with corrections.
import { api, banner, h, store } from "./common.js";
import { kindWords, openCorrection } from "./correction.js";
import { showCode } from "./host-claim.js";
import { t, tn } from "./i18n.js";

/** QR codes fetched once per link: path + the code it holds -> SVG text (null: on its way). */
const qrs = new Map();
/** Whether the host code is shown (hidden by default: whoever reads it can take over). */
let handOff = false;

function qrBox(g, path, code, label) {
  const box = h("div", { class: "qr", "aria-label": label, role: "img" });
  const key = `${path} ${code}`;
  if (qrs.get(key)) {
    box.innerHTML = qrs.get(key);
  } else if (!qrs.has(key)) {
    qrs.set(key, null);
    fetch(path, { headers: { "X-Companion-Token": g.token }, credentials: "omit" })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`QR code: ${r.status}`))))
      .then((svg) => { qrs.set(key, svg); g.rerender(); })
      .catch(() => { qrs.delete(key); });
  }
  return box;
}

/** "Hand the host role to another device": the host code and a QR code of the take-over link.
 * The other device types or scans it and taps "Take over as host"; this one then stops being
 * the host (its live stream ends and it watches). Nothing moves until the other device acts. */
function handOffPart(g) {
  const s = g.snap;
  if (!s.host_code) return null;
  if (!handOff) {
    return h("button", { type: "button", class: "btn ghost hand-off-open", "data-hand-off-open": "",
      onclick: () => { handOff = true; g.rerender(); } }, t("Hand the host role to another device"));
  }
  return h("div", { class: "hand-off", "data-hand-off": "" },
    h("div", { class: "join-box" },
      h("div", null, h("div", { class: "muted small" }, t("Host code")),
        h("div", { class: "join-code host-code", "data-host-code": "" }, showCode(s.host_code)),
        h("div", { class: "muted small" }, t("On the other device, scan the code, or open the home page, tap Join, pick this game and type the host code under “Take over as host”. This device then stops being the host."))),
      qrBox(g, `/api/games/${g.id}/host/qr.svg`, s.host_code, t("QR code of the take-over link"))),
    h("button", { type: "button", class: "btn ghost", "data-hand-off-close": "",
      onclick: () => { handOff = false; g.rerender(); } }, t("Hide the host code")));
}

async function exportRecord(g) {
  try {
    const record = await api("GET", `/api/games/${g.id}/record`, undefined, g.token);
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `${g.view.game}-game-${g.id}.json` });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (err) {
    banner.show(err.message);
  }
}

function conflictList(conflicts) {
  if (!conflicts?.length) return null;
  return [h("h3", { class: "conflicts" }, t("Set aside after the correction")),
    h("ul", { class: "conflicts", "data-conflicts": "" }, conflicts.map((c) => h("li", null,
      `#${c.index + 1} ${kindWords(c.action.kind)}: ${c.reason}`)))];
}

/** Release a seat (the host any, a phone its own): its phone stops seeing the hand, and any
 * phone may then claim the seat with the join code. */
async function releaseSeat(g, seat) {
  const name = g.name(seat);
  const mine = g.mySeat === seat;
  const question = mine
    ? t("Release {name}'s seat? This phone stops showing {name}'s hand, and another phone can claim it.", { name })
    : t("Release {name}'s seat? The phone holding it stops showing {name}'s hand, and the next phone to join with the code can take it.", { name });
  if (!window.confirm(question)) return;
  const answer = await g.post(`/api/games/${g.id}/seats/${seat}/release`, {});
  if (answer && mine) {
    store.clear(g.id);
    location.href = `/games/${g.id}/join`;
  }
}

/** Which seats a phone holds, with "Release" for each (host), or the phone's own seat. */
function seatsPart(g) {
  const claimed = new Set(g.snap.claimed_seats ?? []);
  if (!g.isHost) {
    if (g.mySeat === null) return null;
    return [h("h2", null, t("Your seat")),
      h("div", { class: "row spread" },
        h("span", null, t("This phone is {name}'s seat.", { name: g.name(g.mySeat) })),
        h("button", { type: "button", class: "btn ghost", "data-release": g.mySeat,
          onclick: () => releaseSeat(g, g.mySeat) }, t("Release my seat")))];
  }
  return [h("h3", null, t("Seats")),
    h("ul", { class: "seats-held", "data-seats": "" }, g.view.players.map((p, seat) =>
      h("li", { class: "row spread", "data-seat": seat, "data-claimed": claimed.has(seat) },
        h("span", null, h("b", null, g.name(seat)), " ",
          h("span", { class: "muted" }, claimed.has(seat) ? t("on a phone") : t("free: join with the code"))),
        claimed.has(seat) ? h("button", { type: "button", class: "btn ghost", "data-release": seat,
          onclick: () => releaseSeat(g, seat) }, t("Release")) : null)))];
}

export function hostCard(g) {
  if (!g.isHost) return seatsPart(g);
  const s = g.snap;
  return [
    h("h2", null, t("Host")),
    s.join_code ? h("div", { class: "join-box" },
      h("div", null, h("div", { class: "muted small" }, t("Join code")),
        h("div", { class: "join-code", "data-join-code": "" }, s.join_code),
        h("div", { class: "muted small" }, t("Players scan the code or open the home page, tap Join and type it."))),
      qrBox(g, `/api/games/${g.id}/qr.svg`, s.join_code, t("QR code of the join link"))) : null,
    h("div", { class: "row", style: "margin-top: 12px" },
      h("button", { type: "button", class: "btn act", disabled: !s.can_undo, why: t("Nothing to undo yet."), "data-do": "undo",
        onclick: () => g.post(`/api/games/${g.id}/undo`, {}) }, t("↶ Undo")),
      h("button", { type: "button", class: "btn act", disabled: !s.can_redo, why: t("Nothing to redo: Redo brings back what Undo just took away."), "data-do": "redo",
        onclick: () => g.post(`/api/games/${g.id}/redo`, {}) }, t("↷ Redo")),
      h("button", { type: "button", class: "btn ghost", onclick: () => exportRecord(g) }, t("Export record"))),
    seatsPart(g),
    handOffPart(g),
    conflictList(s.conflicts),
  ];
}

/** The history, newest first; ``describe(g, entry)`` may word an entry better than its summary.
 * Entries are numbered 1, 2, 3... as this screen shows them: an entry private to a phone (a
 * drawn card recorded) is left out of the others' lists, and so is its number (``index``, the
 * place in the whole game, is what a correction names). */
export function historyCard(g, describe = null) {
  const shown = g.snap.history ?? [];
  const entries = shown.map((e, i) => ({ e, n: i + 1 })).reverse();
  const items = entries.map(({ e, n }) => h("li", { "data-index": e.index },
    h("span", { class: "idx" }, n),
    h("span", { class: "grow" }, describe ? describe(g, e) : e.summary),
    g.isHost ? h("button", { type: "button", class: "btn ghost slim", "data-correct": e.index,
      onclick: () => openCorrection(g, e, n) }, t("Correct")) : null));
  return [h("h2", null, t("History"), h("span", { class: "aside" }, tn("{n} entry", "{n} entries", entries.length))),
    items.length ? h("ol", { class: "history" }, items) : h("p", { class: "muted" }, t("Nothing yet."))];
}
