// Sushi Roll's icon dice from the camera, on the game screen (sr-game.js calls cameraCard(g) at
// every render). While the game's dice come from the camera (snapshot roll_source "camera") it
// shows a card after the panel: the camera's view with every icon die outlined and numbered and
// every belt and tray tagged with its seat's number (GET /api/icon-dice/view.jpg; uncertain dice
// orange, leaning ones magenta; the picture carries no words), its legend in the page's language
// beside it (each number's die face and each tag's seat, from the picture's X-Icon-Legend), the
// pending readings (one tap confirms; "Correct" opens a picker: tap a die read, then its right
// face in the dice table; dice can be removed or added), and a link to the enrollment
// walk-through (sr-enroll.js). Other games: the card stays hidden.
//
// Everything it shows comes from the game's live stream (game.js; issue 25), nothing is
// polled: the icon camera's state, the face set and who holds the camera from the `devices`
// event's `icon` part, the pending readings from the `pending` event's `icon` entries (their
// `detail`, pending.js). Only the picture refreshes itself, with its legend, every PICTURE_MS.
import { api, banner, fill, h } from "./common.js";
import { dieTile, faceOf, faceWords, kindName } from "./sr-common.js";
import { holdLine } from "./owner.js";
import { t, tn } from "./i18n.js";
import { onPending, pendingCard, pendingOf } from "./pending.js";

/** How long the picture waits after one frame before it asks for the next. */
const PICTURE_MS = 1000;
const STATES = {
  reading: t("Watching the belts and trays"),
  idle: t("Waiting for a roll"),
  off: t("Icon dice off"),
};
/** A surface's name in the legend (the camera's regions: each seat's belt and tray). */
const SURFACES = { belt: t("Belt"), tray: t("Tray") };
const LEANING = () => t("leaning");
const WHY = {
  cocked: t("a die leans on an edge or on another die"),
  uncertain: t("it is not sure of a face"),
};

const cam = {
  g: null, id: Number(document.body.dataset.gameId) || null, data: null, game: null, shown: "", fixing: {},
  picture: null, timer: null, legend: null, said: null, url: null,
};

function section() {
  let el = document.getElementById("sr-camera");
  if (!el) {
    el = h("section", { id: "sr-camera", class: "card sr-camera", "aria-live": "polite", hidden: true });
    document.getElementById("panel").after(el);
  }
  return el;
}

/** POST a reading's confirm, correction or dismissal; what changes comes back on the stream. */
function post(path, body) {
  return api("POST", `/api/games/${cam.id}/icon-dice${path}`, body, cam.g.token).then((answer) => {
    banner.hide();
    return answer;
  }, (err) => {
    banner.show(err.message);
    return null;
  });
}

/** POST to this game's own API (the camera's claim and release: /devices/camera/...). */
function postGame(path, body) {
  return api("POST", `/api/games/${cam.id}${path}`, body, cam.g.token).then(() => banner.hide(),
    (err) => banner.show(err.message));
}

/** Ask for the next picture and the legend that comes with it (its X-Icon-Legend header), both
 * shown together: the numbers on the picture are those of its own legend. */
function nextPicture() {
  clearTimeout(cam.timer);
  cam.timer = null;
  const img = cam.picture;
  if (!img || !cam.g || document.hidden || !img.isConnected) return;
  fetch(`/api/icon-dice/view.jpg?f=${Date.now()}`, { cache: "no-store", credentials: "omit" }).then(async (response) => {
    if (!response.ok) throw new Error(String(response.status));
    let said = null;
    try {
      said = JSON.parse(response.headers.get("X-Icon-Legend") ?? "null");
    } catch {
      said = null;
    }
    const blob = await response.blob();
    if (!img.isConnected) return pictureLoaded();
    if (cam.url) URL.revokeObjectURL(cam.url);
    cam.url = URL.createObjectURL(blob);
    img.setAttribute("src", cam.url);
    cam.said = said;
    showLegend();
    return null;
  }).catch(pictureLoaded);
}

function pictureLoaded() {
  clearTimeout(cam.timer);
  cam.timer = setTimeout(nextPicture, PICTURE_MS);
}

/** A seat's name in the legend: its player's, else "Seat 2". */
function seatName(seat) {
  return cam.g?.view?.players?.[seat]?.name ?? t("Seat {n}", { n: seat + 1 });
}

/** The legend of the picture shown: the tags' colours and seats, then each region's dice by
 * their numbers, named in the page's language ("1 3 Maki", "2 Saumon ?"). */
function legendParts() {
  const said = cam.said;
  const v = cam.g?.view;
  if (!said || !v) return [];
  const seats = [...new Set((said.regions ?? []).map((r) => r.seat))].sort((a, b) => a - b);
  const key = h("p", { class: "muted small sr-legend sr-region-key" },
    h("span", { class: "sr-key belt" }, SURFACES.belt), h("span", { class: "sr-key tray" }, SURFACES.tray),
    seats.map((n) => h("span", { "data-icon-seat": n }, h("span", { class: "sr-tag" }, String(n)), ` ${seatName(n - 1)}`)));
  const groups = new Map();
  for (const d of said.dice ?? []) {
    const k = `${d.seat}-${d.surface}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(d);
  }
  const rows = [...groups.values()].map((dice) => {
    const { seat, surface } = dice[0];
    return h("li", { "data-icon-region": `${seat}-${surface}` },
      h("span", { class: `sr-tag ${surface}` }, String(seat + 1)),
      h("span", { class: "sr-region-name" }, `${seatName(seat)} · ${SURFACES[surface] ?? surface}`),
      dice.map((d) => h("span", { class: `sr-die-key q-${d.quality}`, "data-icon-die": d.n, "data-icon-quality": d.quality },
        h("span", { class: "sr-num" }, String(d.n)),
        d.quality === "cocked" ? `${faceWords(v, d.reading)} · ${LEANING()}`
          : d.quality === "uncertain" ? `${faceWords(v, d.reading)} ?` : faceWords(v, d.reading))));
  });
  return [key, rows.length ? h("ul", { class: "sr-view-dice" }, rows)
    : h("p", { class: "muted small", "data-icon-no-dice": "" }, t("The camera sees no dice now."))];
}

function showLegend() {
  if (cam.legend) fill(cam.legend, legendParts());
}

function view(data) {
  if (data.frame === null || data.frame === undefined) {
    return h("p", { class: "muted small" }, t("No picture from the camera yet."));
  }
  // one <img> kept across renders: the last picture stays up while the next one loads; each
  // picture asks for the next once it is in (or failed)
  if (!cam.picture) {
    cam.picture = h("img", { alt: t("What the camera sees, icon dice outlined and numbered"),
      width: 640, height: 480, "data-icon-view": "" });
    cam.picture.addEventListener("load", pictureLoaded);
    cam.picture.addEventListener("error", pictureLoaded);
    cam.legend = h("div", { class: "sr-view-legend", "data-icon-legend": "" });
  }
  const first = !cam.picture.getAttribute("src");
  showLegend();
  const out = h("figure", { class: "camera-view sr-camera-view" }, cam.picture,
    h("figcaption", null,
      h("p", { class: "muted small sr-legend" },
        h("span", { class: "sr-key ok" }, t("sure")), h("span", { class: "sr-key unsure" }, t("unsure (?)")),
        h("span", { class: "sr-key cocked" }, LEANING())),
      cam.legend));
  if (first) queueMicrotask(nextPicture);  // once the picture is in the page
  return out;
}

/** The dice of a reading as tiles; ``marks[i]`` is "ok", "cocked" or "uncertain". */
function readDice(v, readings, marks, props = () => ({})) {
  return h("div", { class: "sr-belt big" }, readings.map((r, i) => {
    const mark = marks[i] ?? "ok";
    return dieTile(faceOf(v, r), { class: mark === "ok" ? "" : `sr-unsure q-${mark}`,
      "data-read-die": i, "data-quality": mark, ...props(i) });
  }));
}

function fixer(g, p) {
  const v = g.view;
  const fix = cam.fixing[p.roll];
  const marks = fix.values.map((r, i) => (r === p.readings[i] ? (p.qualities[i] ?? "ok") : "ok"));
  const table = v.dice.map((k) => h("div", { class: "sr-kind", "data-kind": k.kind },
    h("div", { class: "sgp-section-label" }, kindName(v, k.kind)),
    h("div", { class: "sr-faces" }, [...new Map(k.faces.map((f) => [f.die, faceOf(v, f.die)])).values()].map((f) => dieTile(f, {
      "data-fix-face": f.die, "aria-label": fix.at === null ? t("Add {die}", { die: f.name }) : t("Make it {die}", { die: f.name }),
      onclick: () => {
        if (fix.at === null) fix.values.push(f.die);
        else fix.values[fix.at] = f.die;
        fix.at = null;
        render(true);
      },
    })))));
  return [
    h("p", { class: "hint" }, fix.at === null
      ? t("Tap a die to change it, or tap a face below to add a die the camera missed.")
      : t("Die {n}: tap its face below.", { n: fix.at + 1 })),
    readDice(v, fix.values, marks, (i) => ({
      class: `${marks[i] === "ok" ? "" : `sr-unsure q-${marks[i]}`}${fix.at === i ? " selected" : ""}`,
      "aria-pressed": String(fix.at === i), "aria-label": t("Change die {n}: {die}", { n: i + 1, die: faceOf(v, fix.values[i]).name }),
      onclick: () => { fix.at = fix.at === i ? null : i; render(true); },
    })),
    h("div", { class: "sr-picker sr-fix-table" }, table),
    h("div", { class: "row tower-actions" },
      h("button", { type: "button", class: "btn primary", "data-do": "enter-icons", disabled: !fix.values.length, why: t("Tap the faces the dice show first."),
        onclick: () => { delete cam.fixing[p.roll]; post("/correct", { roll: p.roll, values: fix.values }); } },
      tn("Enter this {n} die", "Enter these {n} dice", fix.values.length)),
      fix.at !== null ? h("button", { type: "button", class: "btn", "data-do": "remove-die",
        onclick: () => { fix.values.splice(fix.at, 1); fix.at = null; render(true); } }, t("Remove die {n}", { n: fix.at + 1 })) : null,
      h("button", { type: "button", class: "btn ghost", onclick: () => { delete cam.fixing[p.roll]; render(true); } }, t("Back"))),
  ];
}

/** A pending icon-dice reading as the one pending card (pending.js). */
function readingCard(g, p) {
  const v = g.view;
  const unsure = p.qualities.filter((q) => q !== "ok").length;
  const note = p.reason ?? (unsure ? t("Check it: {problem}.", { problem: WHY[p.quality] ?? p.quality }) : "");
  const count = tn("{n} die", "{n} dice", p.readings.length);
  const fixing = Boolean(cam.fixing[p.roll]);
  return pendingCard({
    kind: "icon", ref: p.roll, cls: "sr-pending", attrs: { "data-pending-roll": p.roll },
    canAct: g.role === "host" || g.role === "seat",
    heading: [t("The camera read {faces}", { faces: p.prompt }), h("span", { class: "muted small" },
      ` · ${unsure ? tn("{dice}, {n} unsure", "{dice}, {n} unsure", unsure, { dice: count }) : count}`)],
    read: fixing ? null : readDice(v, p.readings, p.qualities),
    note: fixing ? "" : note, refused: Boolean(p.reason && !p.confirm),
    actions: [
      { style: "primary big", do: "confirm-icons", label: tn("Confirm {n} die", "Confirm {n} dice", p.readings.length),
        onclick: () => post("/confirm", { roll: p.roll }) },
      { style: "big", do: "correct-icons", label: t("Correct"),
        onclick: () => {
          const at = p.qualities.findIndex((q) => q !== "ok");
          cam.fixing[p.roll] = { values: [...p.readings], at: at < 0 ? null : at };
          render(true);
        } },
      { style: "ghost", do: "dismiss-icons", label: t("Dismiss"), onclick: () => post("/dismiss", { roll: p.roll }) },
    ],
    fixing: fixing ? fixer(g, p) : null,
  });
}

function setLine(data) {
  const s = data.set;
  const said = !s ? "" : s.saved && s.complete ? t("Face set: all {n} faces shown.", { n: s.faces })
    : s.saved ? t("Face set: {needed} of {n} faces still to show.", { needed: s.needed, n: s.faces })
      : t("No face set yet: show the companion each of the {n} faces once.", { n: s.faces });
  return h("div", { class: "row sr-enroll-link" },
    h("span", { class: "hint" }, said),
    h("a", { class: "btn button", href: `/games/${cam.id}/icon-dice/enroll`, "data-do": "enroll-dice" },
      s?.saved ? t("Show a face again") : t("Show me your dice")));
}

function parts(g, data) {
  const game = cam.game;
  const state = STATES[data.state] ?? data.state;
  const out = [
    h("h2", null, t("Dice camera"), h("span", { class: "aside", "data-icon-state": data.state }, state)),
    data.enabled ? null : h("p", { class: "tower-refused" }, t("This companion runs no camera: tap the dice.")),
    data.message && data.state !== "reading" ? h("p", { class: "muted small", "data-icon-message": "" }, data.message) : null,
    // readings go only to the game holding the camera (issue 28 item 4)
    data.enabled && game ? holdLine("camera", data.held_by ?? null, game, postGame) : null,
    data.enabled ? view(data) : null,
  ];
  for (const p of readings()) out.push(readingCard(g, p));
  if (data.enabled) out.push(setLine(data));
  return out;
}

/** The game's pending readings, as the stream pushed them last. */
function readings() {
  return pendingOf("icon").filter((p) => p.game === cam.id && p.detail).map((p) => p.detail);
}

function render(force = false) {
  const g = cam.g;
  const data = cam.data;
  const el = section();
  if (!g || !data) return;
  const list = readings();
  const key = JSON.stringify([data.enabled, data.state, data.message, data.frame === null || data.frame === undefined,
    data.set, data.held_by, cam.game?.viewer, list, cam.fixing, g.snap.version]);
  if (!force && key === cam.shown) return;
  cam.shown = key;
  for (const roll of Object.keys(cam.fixing)) {
    if (!list.some((p) => String(p.roll) === roll)) delete cam.fixing[roll];  // confirmed, dismissed or gone
  }
  el.dataset.pending = String(list.length);
  fill(el, parts(g, data));
  el.hidden = false;
}

/** A ``devices`` event of the game's live stream (game.js): the icon camera's state for this
 * game (its ``icon`` part: what GET /api/icon-dice answers but the readings), who holds the
 * camera and who is asking (the ``tower`` part's game). */
document.addEventListener("companion:devices", (event) => {
  const { tower, camera, icon } = event.detail ?? {};
  const game = tower?.game;
  if (!game || (cam.id !== null && game.id !== cam.id)) return;
  cam.game = game;
  // a service without an icon camera: the card says the dice are tapped
  cam.data = icon ?? { enabled: false, state: "off", frame: null, set: null, held_by: camera?.held_by ?? null };
  render();
});

// a reading offered, corrected, confirmed or dismissed on any screen (pending.js; issue 25)
onPending("icon", () => render());

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && cam.g && !cam.timer) nextPicture();
});

/** Show (or hide) the dice camera card for the game of ``g``. */
export function cameraCard(g) {
  const on = g.snap?.roll_source === "camera" && !g.view.over;
  document.body.classList.toggle("sr-camera-on", on);
  cam.id = g.id;
  if (!on) {
    cam.g = null;
    clearTimeout(cam.timer);
    cam.timer = null;
    const el = document.getElementById("sr-camera");
    if (el) el.hidden = true;
    return;
  }
  const first = !cam.g;
  cam.g = g;
  render(first);
  if (first && cam.picture?.isConnected) nextPicture();
}
