// Dice from the table: the dice tower's badge and the dice card on the game screen (tower or
// camera), and the roll source choice of the new-game form.
//
// On a game page (body.game) this module starts itself. Everything it shows comes from the
// ``devices`` events of the game's live stream (game.js; issue 24 item 10, issue 25), nothing is
// polled: the stream sends the event as it opens (again after every reconnect: game.js
// reconnects on its own, and meanwhile the card keeps the last state) and whenever the tower,
// the camera or the game's pending rolls change. It shows the badge "Dice tower connected" /
// "Tower disconnected" in the top bar while the game's dice come from the tower, and the card
// with the pending roll (the one pending card of pending.js: confirm, correct, dismiss), the
// host's roll source switch and, with the virtual tower, buttons that throw dice into it. While
// the game's dice come from the camera it shows the camera's state and its view with the dice
// outlined (camera.js): only that picture refreshes itself, as an <img> asking for the next
// one after each loads. The game itself arrives through game.js's live stream once a roll is
// applied; a confirm, correction or dismissal comes back on the stream too.
import { api, banner, h, store } from "./common.js";
import { dieFace } from "./game-dice.js";
import { calibrationRow, cameraLine, cameraView, demoThrow } from "./camera.js";
import { holdLine } from "./owner.js";
import { pendingCard } from "./pending.js";
import { t, tn } from "./i18n.js";

const SOURCES = { tap: t("Tap on a screen"), tower: t("Dice tower"), camera: t("Camera") };
const QUALITY = {
  cocked: t("a die is cocked (leaning on an edge or another die)"),
  uncertain: t("it is not sure of a face, or sees more or fewer dice than expected"),
};
/** Who read a pending roll ("The tower read 3 + 4"). */
const readBy = (source, values) => (source === "camera" ? t("The camera read {faces}", { faces: faces(values) })
  : t("The tower read {faces}", { faces: faces(values) }));

/** This module's own styles (so the shared stylesheet stays as it is). */
function addStyles() {
  if (document.getElementById("tower-css")) return;
  document.head.append(h("link", { id: "tower-css", rel: "stylesheet",
    href: new URL("./tower.css", import.meta.url).href }));
}

// ---------- the new-game form ----------

const form = { chosen: "tap", tower: null, camera: null, icons: null, title: null };

/** The roll source for a new game of ``title`` (always "tap" for titles without dice). */
export function rollSource(title) {
  if (title?.icon_dice && !title?.dice) return form.chosen === "camera" && form.icons?.enabled ? "camera" : "tap";
  return title?.dice ? form.chosen : "tap";
}

/** Show the roll source choice in #roll-source-field for ``title`` (only titles with dice). */
export function renderRollSource(title) {
  const field = document.getElementById("roll-source-field");
  if (!field) return;
  form.title = title; // the answers below redraw for the title shown then, not this one
  addStyles();
  // icon dice (Sushi Roll): the camera reads them, the dice tower cannot
  const icons = Boolean(title?.icon_dice) && !title?.dice;
  field.hidden = !title?.dice && !icons;
  if (field.hidden) return;
  if (form.tower === null) {
    form.tower = {};
    form.camera = {};
    form.icons = {};
    api("GET", "/api/tower").then((s) => { form.tower = s; renderRollSource(form.title); }, () => {});
    api("GET", "/api/camera").then((s) => { form.camera = s; renderRollSource(form.title); }, () => {});
    api("GET", "/api/icon-dice").then((s) => { form.icons = s; renderRollSource(form.title); }, () => {});
  }
  const offered = icons ? ["tap", "camera"] : ["tap", "tower", ...(form.camera?.enabled ? ["camera"] : [])];
  const choices = offered.map((source) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(rollSource(title) === source),
    "data-roll-source": source,
    disabled: icons && source === "camera" && !form.icons?.enabled,
    why: t("No camera runs on this Pi now: tap the dice on a screen."),
    onclick: () => { form.chosen = source; renderRollSource(title); },
  }, SOURCES[source], source === "tap" ? h("span", { class: "muted small" }, t(" (default)")) : null));
  document.getElementById("roll-source").replaceChildren(...choices);
  const tower = form.tower;
  let note = t("Tap the dice on a screen after every roll.");
  if (form.chosen === "tower") {
    note = tower?.connected ? t("A dice tower is connected: its rolls go straight into this game.")
      : t("No dice tower answers now; its rolls go to this game once it is plugged in.");
  }
  if (icons) {
    note = rollSource(title) === "camera"
      ? t("The camera over the table reads each belt, and each tray at round end, as soon as the dice stop. This game takes the camera if no other game holds it.")
      : t("Tap the dice on a screen.");
  } else if (form.chosen === "camera") {
    note = form.camera?.kind === "demo"
      ? t("The demo camera: throw dice into its rendered tray from the game screen.")
      : t("The camera over the table reads the dice as soon as they stop.");
  }
  document.getElementById("roll-source-note").textContent = note;
}

// ---------- the game screen ----------

const screen = { id: null, data: null, camera: null, shown: "", picks: {} };

function token() {
  return store.get(screen.id)?.token ?? null;
}

function faces(values) {
  return values.join(" + ");
}

/** The badge in the top bar: only while this game's dice come from the tower. */
function renderBadge(status, game) {
  const badge = document.getElementById("tower-badge");
  if (!badge) return;
  badge.hidden = game?.roll_source !== "tower";
  const on = Boolean(status.connected);
  badge.classList.toggle("on", on);
  badge.dataset.state = on ? "connected" : "disconnected";
  badge.textContent = on ? t("Dice tower connected") : t("Tower disconnected");
  badge.title = on ? t("Firmware {firmware} on {port}", { firmware: status.firmware ?? "?", port: status.port ?? "?" })
    : (status.reason || t("The dice tower is not connected"));
}

function post(path, body) {
  return api("POST", `/api/games/${screen.id}${path}`, body, token()).then((answer) => {
    banner.hide();
    return answer;
  }, (err) => {
    banner.show(err.message);
    return null;
  });
}

/** A pending roll (the tower's or the camera's) as the one pending card (pending.js). */
function rollCard(p, canAct) {
  const what = p.reason ? t("Not entered: {reason}", { reason: p.reason }) : p.quality !== "ok"
    ? t("Check it: {problem}.", { problem: QUALITY[p.quality] ?? p.quality }) : "";
  const picks = screen.picks[p.roll];
  return pendingCard({
    kind: "roll", ref: p.roll, canAct, note: what, refused: Boolean(p.reason),
    heading: [readBy(p.source, p.values), h("span", { class: "muted small" }, ` · ${p.prompt}`)],
    read: h("div", { class: "dice-now" }, p.values.map((v) => (v >= 1 && v <= 6
      ? dieFace(v, { class: "static" }) : h("span", null, String(v))))),
    actions: [
      p.reason ? null : { style: "primary", do: "confirm-roll", label: t("Confirm {faces}", { faces: faces(p.values) }),
        onclick: () => post("/pending-roll", { roll: p.roll }) },
      { do: "correct-roll", label: t("Correct"),
        onclick: () => { screen.picks[p.roll] = Array(p.dice).fill(null); render(true); } },
      { style: "ghost", do: "dismiss-roll", label: t("Dismiss"),
        onclick: () => post("/pending-roll/dismiss", { roll: p.roll }) },
    ],
    fixing: picks ? fixDice(p, picks) : null,
  });
}

/** Correcting a pending roll: a face to tap for every die, then Enter. */
function fixDice(p, picks) {
  const parts = [];
  for (let die = 0; die < p.dice; die += 1) {
    parts.push(h("div", { class: "muted small" }, p.dice > 1 ? t("Die {n}", { n: die + 1 }) : t("The die")),
      h("div", { class: "die-row" }, [1, 2, 3, 4, 5, 6].map((v) => dieFace(v, {
        class: picks[die] === v ? "selected" : "", "aria-pressed": String(picks[die] === v),
        "aria-label": t("Die {n}: {face}", { n: die + 1, face: v }), "data-fix-die": die, "data-face": v,
        onclick: () => { picks[die] = v; render(true); },
      }))));
  }
  const ready = picks.every((v) => v !== null);
  parts.push(h("div", { class: "row tower-actions" },
    h("button", { type: "button", class: "btn primary", disabled: !ready, why: t("Tap the face of every die first."), "data-do": "enter-fixed",
      onclick: () => { delete screen.picks[p.roll]; post("/pending-roll", { roll: p.roll, values: picks }); },
    }, ready ? t("Enter {faces}", { faces: faces(picks) }) : t("Tap the faces")),
    h("button", { type: "button", class: "btn ghost",
      onclick: () => { delete screen.picks[p.roll]; render(true); } }, t("Back"))));
  return parts;
}

function sourceSwitch(game) {
  return h("div", { class: "tower-source" },
    h("div", { class: "field-label" }, t("Dice come from")),
    h("div", { class: "choice-row" }, [...new Set([...(game.sources ?? ["tap", "tower"]),
      game.roll_source])].map((source) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(game.roll_source === source),
      "data-roll-source": source,
      onclick: () => post("/roll-source", { roll_source: source }),
    }, SOURCES[source]))));
}

function virtualThrow() {
  const die = () => 1 + Math.floor(Math.random() * 6);
  const dice = (screen.data.game.waiting?.dice ?? 2);
  const values = () => Array.from({ length: dice }, die);
  return h("div", { class: "tower-virtual" },
    h("div", { class: "field-label" }, t("Virtual tower")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-do": "throw",
        onclick: () => post("/tower/throw", { values: values() }) }, tn("Throw a die", "Throw {n} dice", dice)),
      h("button", { type: "button", class: "btn", "data-do": "throw-cocked",
        onclick: () => post("/tower/throw", { values: values(), quality: "cocked" }) }, t("Throw, one cocked"))));
}

function linkLine(status, game) {
  if (!status.connected) {
    return [h("p", { class: "tower-refused" }, game.waiting
      ? t("Tower disconnected: check its USB cable. Tap the dice meanwhile.")
      : t("Tower disconnected: check its USB cable.")),
    status.reason ? h("p", { class: "muted small" }, status.reason) : null];
  }
  if (game.pending.length) return null;
  return h("p", { class: "hint" }, game.waiting
    ? t("Waiting for {prompt}: drop the dice in the tower.", { prompt: game.waiting.prompt })
    : t("Rolls from the tower go to this game."));
}

function cameraParts(game, canAct) {
  const cam = screen.camera;
  const parts = [cameraLine(cam, game), holdLine("camera", cam?.held_by ?? null, game, post), cameraView(cam)];
  for (const p of game.pending) parts.push(rollCard(p, canAct));
  if (cam?.kind === "demo" && canAct && game.waiting && !game.pending.length) {
    parts.push(demoThrow(game.waiting.dice ?? 2, post));
  }
  parts.push(calibrationRow(cam, game.viewer.role === "host", post));
  return parts;
}

function cardParts(status, game) {
  // pip dice only: titles without them (Sushi Roll's icon dice have their own card) show none
  if (!game.dice) return null;
  const role = game.viewer.role;
  const canAct = role === "host" || role === "seat";
  const live = game.status !== "over";
  const fromTower = game.roll_source === "tower" && live;
  const fromCamera = game.roll_source === "camera" && live;
  const showSwitch = role === "host" && game.dice && live
    && ((game.sources ?? []).length > 1 || status.enabled || game.roll_source !== "tap");
  const busy = game.waiting || game.pending.length;
  if (fromCamera) {
    const parts = [h("h2", null, t("Camera"), h("span", { class: "aside" }, screen.camera?.kind === "demo"
      ? t("demo") : screen.camera?.fps ? t("{fps} frames/s", { fps: screen.camera.fps }) : "")), cameraParts(game, canAct)];
    if (showSwitch) parts.push(sourceSwitch(game));
    return parts;
  }
  if (!showSwitch && !(fromTower && busy)) return null;
  const parts = [h("h2", null, t("Dice tower"), h("span", { class: "aside" },
    fromTower ? (status.connected ? t("firmware {version}", { version: status.firmware }) : t("not connected")) : t("not used")))];
  if (fromTower) {
    parts.push(linkLine(status, game));
    parts.push(holdLine("tower", status.held_by ?? null, game, post));
    for (const p of game.pending) parts.push(rollCard(p, canAct));
    if (status.kind === "virtual" && status.connected && canAct && game.waiting
      && !game.pending.length) parts.push(virtualThrow());
  }
  if (showSwitch) parts.push(sourceSwitch(game));
  return parts;
}

function render(force = false) {
  const data = screen.data;
  if (!data?.game) return;
  renderBadge(data, data.game);
  const cam = screen.camera;
  const key = JSON.stringify([data.connected, data.reason, data.kind, data.firmware, data.game,
    data.held_by, screen.picks, cam && data.game.roll_source === "camera"
      ? [cam.kind, cam.state, cam.frame === null || cam.frame === undefined, cam.message, cam.dice,
        cam.fps, cam.zones, cam.held_by] : null]);
  if (!force && key === screen.shown) return;
  screen.shown = key;
  const card = document.getElementById("tower");
  const parts = cardParts(data, data.game);
  card.hidden = !parts;
  card.dataset.pending = String(data.game.pending.length);
  card.dataset.source = data.game.roll_source;
  if (parts) card.replaceChildren(...parts.flat(Infinity).filter(Boolean));
}

/** A ``devices`` event of the game's live stream (game.js): the tower's and the camera's state
 * for this game, as GET /api/tower?game=ID and GET /api/camera?game=ID answer (issue 24 item 10). */
function pushed(event) {
  const { tower, camera } = event.detail ?? {};
  if (!tower?.game || tower.game.id !== screen.id) return;
  screen.data = tower;
  screen.camera = camera ?? screen.camera;
  render();
}

function startGameScreen() {
  addStyles();
  screen.id = Number(document.body.dataset.gameId);
  // while the stream is down the card keeps the last state: game.js's reconnect opens the
  // stream again, which sends the devices event at once
  document.addEventListener("companion:devices", pushed);
}

if (document.body.classList.contains("game") && document.body.dataset.gameId) startGameScreen();
