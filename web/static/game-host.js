// Host controls (join code + QR, undo, redo, export, handing the host role on) and the
// history with corrections.
import { ACTION_CARDS, CUSTOMERS, api, banner, fill, h, store } from "./common.js";
import { showCode } from "./host-claim.js";

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
      onclick: () => { handOff = true; g.rerender(); } }, "Hand the host role to another device");
  }
  return h("div", { class: "hand-off", "data-hand-off": "" },
    h("div", { class: "join-box" },
      h("div", null, h("div", { class: "muted small" }, "Host code"),
        h("div", { class: "join-code host-code", "data-host-code": "" }, showCode(s.host_code)),
        h("div", { class: "muted small" }, "On the other device, scan the code, or open the home page, "
          + "tap Join, pick this game and type the host code under “Take over as host”. "
          + "This device then stops being the host.")),
      qrBox(g, `/api/games/${g.id}/host/qr.svg`, s.host_code, "QR code of the take-over link")),
    h("button", { type: "button", class: "btn ghost", "data-hand-off-close": "",
      onclick: () => { handOff = false; g.rerender(); } }, "Hide the host code"));
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
  return [h("h3", { class: "conflicts" }, "Set aside after the correction"),
    h("ul", { class: "conflicts", "data-conflicts": "" }, conflicts.map((c) => h("li", null,
      `#${c.index + 1} ${c.action.kind.replaceAll("_", " ")}: ${c.reason}`)))];
}

/** Release a seat (the host any, a phone its own): its phone stops seeing the hand, and any
 * phone may then claim the seat with the join code. */
async function releaseSeat(g, seat) {
  const name = g.name(seat);
  const mine = g.mySeat === seat;
  const question = mine
    ? `Release ${name}'s seat? This phone stops showing ${name}'s hand, and another phone can claim it.`
    : `Release ${name}'s seat? The phone holding it stops showing ${name}'s hand, and the next `
      + "phone to join with the code can take it.";
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
    return [h("h2", null, "Your seat"),
      h("div", { class: "row spread" },
        h("span", null, `This phone is ${g.name(g.mySeat)}'s seat.`),
        h("button", { type: "button", class: "btn ghost", "data-release": g.mySeat,
          onclick: () => releaseSeat(g, g.mySeat) }, "Release my seat"))];
  }
  return [h("h3", null, "Seats"),
    h("ul", { class: "seats-held", "data-seats": "" }, g.view.players.map((p, seat) =>
      h("li", { class: "row spread", "data-seat": seat, "data-claimed": claimed.has(seat) },
        h("span", null, h("b", null, g.name(seat)), " ",
          h("span", { class: "muted" }, claimed.has(seat) ? "on a phone" : "free: join with the code")),
        claimed.has(seat) ? h("button", { type: "button", class: "btn ghost", "data-release": seat,
          onclick: () => releaseSeat(g, seat) }, "Release") : null)))];
}

export function hostCard(g) {
  if (!g.isHost) return seatsPart(g);
  const s = g.snap;
  return [
    h("h2", null, "Host"),
    s.join_code ? h("div", { class: "join-box" },
      h("div", null, h("div", { class: "muted small" }, "Join code"),
        h("div", { class: "join-code", "data-join-code": "" }, s.join_code),
        h("div", { class: "muted small" }, "Players scan the code or open the home page, tap Join and type it.")),
      qrBox(g, `/api/games/${g.id}/qr.svg`, s.join_code, "QR code of the join link")) : null,
    h("div", { class: "row", style: "margin-top: 12px" },
      h("button", { type: "button", class: "btn act", disabled: !s.can_undo, why: "Nothing to undo yet.", "data-do": "undo",
        onclick: () => g.post(`/api/games/${g.id}/undo`, {}) }, "↶ Undo"),
      h("button", { type: "button", class: "btn act", disabled: !s.can_redo, why: "Nothing to redo: Redo brings back what Undo just took away.", "data-do": "redo",
        onclick: () => g.post(`/api/games/${g.id}/redo`, {}) }, "↷ Redo"),
      h("button", { type: "button", class: "btn ghost", onclick: () => exportRecord(g) }, "Export record")),
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
      onclick: () => openCorrection(g, e, n) }, "Correct") : null));
  return [h("h2", null, "History", h("span", { class: "aside" }, `${entries.length} entries`)),
    items.length ? h("ol", { class: "history" }, items) : h("p", { class: "muted" }, "Nothing yet.")];
}

// ---------- the correction sheet (outside the render loop, so live updates never eat typing) ----------

function choicesFor(g, action, key) {
  const names = g.view.players.map((p) => p.name);
  if (key === "player") return g.view.dummy ? [...names, g.view.dummy.name] : names; // Sushi Go!'s Dummy
  if (g.view.game !== "sushi-express") {
    const cards = (g.view.menu?.cards ?? []).map((c) => c.id);
    if (key === "giver") return ["", ...names];
    if (["card", "second", "dummy_card"].includes(key)) return [...(key === "card" ? [] : [""]), ...cards];
    return null;
  }
  if (key === "card" && action.kind === "record_draw") return Object.keys(ACTION_CARDS);
  if (key === "card") return Object.keys(CUSTOMERS);
  return null;
}

function fieldFor(g, action, key, update) {
  const value = action[key];
  const choices = choicesFor(g, action, key);
  let input;
  if (typeof value === "boolean") {
    input = h("select", { onchange: (e) => update(key, e.target.value === "true") },
      h("option", { value: "true", selected: value }, "yes"), h("option", { value: "false", selected: !value }, "no"));
  } else if (choices) {
    input = h("select", { onchange: (e) => update(key, e.target.value) },
      choices.map((c) => h("option", { value: c, selected: c === value }, c)));
  } else if (typeof value === "number") {
    input = h("input", { type: "number", value, inputmode: "numeric",
      onchange: (e) => update(key, Number.parseInt(e.target.value, 10)) });
  } else if (Array.isArray(value)) {
    const numeric = value.every((v) => typeof v === "number");
    input = h("input", { value: value.join(", "), onchange: (e) => update(key, e.target.value
      .split(",").map((s) => s.trim()).filter(Boolean).map((s) => (numeric ? Number(s) : s))) });
  } else {
    input = h("input", { value: value ?? "", onchange: (e) => update(key, e.target.value) });
  }
  return h("label", { class: "field" }, h("span", { class: "field-label" }, key.replaceAll("_", " ")), input);
}

function openCorrection(g, entry, number = entry.index + 1) {
  const sheet = document.getElementById("sheet");
  const text = h("textarea", { "aria-label": "Action JSON", spellcheck: "false", "data-json": "" },
    JSON.stringify(entry.action, null, 2));
  const result = h("div", { "data-result": "" });
  const current = () => JSON.parse(text.value);
  const update = (key, value) => {
    try {
      text.value = JSON.stringify({ ...current(), [key]: value }, null, 2);
    } catch {
      banner.show("The JSON below is not valid; fix it or close and start again.");
    }
  };
  const fields = Object.keys(entry.action).filter((k) => k !== "kind")
    .map((key) => fieldFor(g, entry.action, key, update));
  const save = async () => {
    let action;
    try { action = current(); } catch (err) { banner.show(`The JSON is not valid: ${err.message}`); return; }
    const answer = await g.post(`/api/games/${g.id}/correct`, { index: entry.index, action });
    if (!answer) return;
    fill(result, answer.conflicts?.length
      ? conflictList(answer.conflicts)
      : h("p", { class: "verdict-ok" }, "Corrected; every later action still holds."));
  };
  sheet.replaceChildren(
    h("h2", null, `Correct entry ${number}: ${entry.action.kind}`),
    h("p", { class: "muted" }, entry.summary),
    h("div", { class: "stack" }, fields, h("label", { class: "field" },
      h("span", { class: "field-label" }, "Action JSON (edit freely)"), text)),
    result,
    h("div", { class: "row", style: "margin-top: 12px" },
      h("button", { type: "button", class: "btn primary grow act", "data-do": "save-correction", onclick: save },
        "Save correction"),
      h("button", { type: "button", class: "btn", onclick: () => { sheet.hidden = true; } }, "Close")));
  sheet.hidden = false;
}
