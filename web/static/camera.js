// The camera over the table, inside the dice card of tower.js: the live view with the dice the
// reader sees outlined (GET /api/camera/view.jpg: the picture alone refreshes itself, asking for
// the next one PICTURE_MS after each loads; the camera's state comes from the live stream's
// devices event), what the tray looks like now, and with the demo camera buttons that throw
// dice into the rendered tray. The picture carries no words, only die values and the calibrated
// zones in colours with each seat's number: the legend under it names them in the page's language.
import { banner, h } from "./common.js";
import { needOwner, ownerPost } from "./owner.js";
import { t, tn } from "./i18n.js";

const STATES = {
  none: t("Starting the camera…"),
  starting: t("Starting the camera…"),
  moving: t("Dice moving…"),
  hand: t("A hand is in the tray"),
  settling: t("Dice at rest: reading them…"),
  settled: t("Dice read"),
  empty: t("The tray is empty"),
  off: t("Camera off"),
};

/** One line saying what the camera sees now (and why it is not working, when it is not). */
export function cameraLine(cam, game) {
  if (!cam?.enabled) return h("p", { class: "tower-refused" }, t("This companion runs no camera: tap the dice."));
  if (cam.kind === "lost") {
    return h("p", { class: "tower-refused", "data-camera-state": "lost" }, game.waiting
      ? t("Camera lost: {message}. Tap the dice meanwhile.", { message: cam.message })
      : t("Camera lost: {message}.", { message: cam.message }));
  }
  const state = STATES[cam.state] ?? cam.state;
  const waiting = game.waiting && !game.pending.length ? ` · ${t("waiting for {prompt}", { prompt: game.waiting.prompt })}` : "";
  return h("p", { class: "hint", "data-camera-state": cam.state }, `${state}${waiting}`);
}

/** How long the picture waits after one frame before it asks for the next. */
const PICTURE_MS = 1000;
const DICE_TRAY = () => t("Dice tray");
const view = { picture: null, timer: null, loading: false };

/** Ask for the next picture (the <img> alone: the card's state comes from the stream). Not
 * while the page is hidden or the picture is off the page: the page becoming visible, or the
 * next render that shows the picture, asks again. */
function nextPicture() {
  clearTimeout(view.timer);
  view.timer = null;
  const img = view.picture;
  if (!img || document.hidden || !img.isConnected) return;
  view.loading = true;
  img.setAttribute("src", `/api/camera/view.jpg?f=${Date.now()}`);
}

function pictureLoaded() {
  view.loading = false;
  clearTimeout(view.timer);
  view.timer = setTimeout(nextPicture, PICTURE_MS);
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && !view.timer && !view.loading) nextPicture();
});

/** The camera's picture with the dice outlined, while the camera has one. */
export function cameraView(cam) {
  if (!cam?.enabled || cam.frame === null || cam.frame === undefined) return null;
  // one <img> kept across renders: the last picture stays up while the next one loads; each
  // picture asks for the next once it is in (or failed)
  if (!view.picture) {
    view.picture = h("img", { alt: t("What the camera sees, dice outlined"), width: 640, height: 360,
      "data-camera-view": "" });
    view.picture.addEventListener("load", pictureLoaded);
    view.picture.addEventListener("error", pictureLoaded);
  }
  // the first picture, or the loop stopped while the picture was off the page: once it is in
  if (!view.loading && !view.timer) queueMicrotask(() => { if (!view.loading && !view.timer) nextPicture(); });
  const picture = view.picture;
  return h("figure", { class: "camera-view" }, picture,
    zonesKey(cam.zones),
    cam.dice.length ? h("figcaption", { class: "muted small" },
      t("Seen: {faces}", { faces: cam.dice.map((d) => d.value).join(" + ") })) : null);
}

/** What the zones drawn on the picture are, in the page's language: the table grey, the dice
 * tray yellow, each seat's mat blue with its number (companion/vision/calibration.py). */
function zonesKey(z) {
  if (!z) return null;
  return h("p", { class: "muted small zones-key", "data-zones-key": "" },
    z.table_mm ? h("span", { class: "zone-key table" }, t("Table")) : null,
    h("span", { class: "zone-key tray" }, DICE_TRAY()),
    z.seats?.length ? h("span", { class: "zone-key seat" }, t("Seats"),
      z.seats.map((n) => h("span", { class: "zone-n", "data-zone-seat": n }, String(n)))) : null);
}

/** Demo camera: throw dice into the rendered tray (ok, or with one die cocked). */
export function demoThrow(dice, post) {
  const die = () => 1 + Math.floor(Math.random() * 6);
  const values = () => Array.from({ length: dice }, die);
  return h("div", { class: "tower-virtual" },
    h("div", { class: "field-label" }, t("Demo camera")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-do": "camera-throw",
        onclick: () => post("/camera/throw", { values: values() }) }, tn("Throw a die", "Throw {n} dice", dice)),
      h("button", { type: "button", class: "btn", "data-do": "camera-throw-cocked",
        onclick: () => post("/camera/throw", { values: values(), quality: "cocked" }) }, t("Throw, one cocked"))));
}

/** The host's calibration line: what the zones file says, and a button to calibrate now (the
 * zones serve every table, so it asks for the owner PIN: owner.js; issue 28 item 4). */
export function calibrationRow(cam, isHost, post) {
  if (!cam?.enabled) return null;
  const z = cam.zones;
  const said = z
    ? t("Calibrated {when}: a die is about {px} px", { when: z.created.replace("T", " "), px: z.die_px })
      + (z.seats.length ? t("; seats {seats}", { seats: z.seats.join(", ") }) : "")
    : cam.kind === "demo" ? t("The demo camera needs no calibration.")
      : t("Not calibrated: lay the marker sheets (hardware/printables) on the table, then calibrate.");
  return h("div", { class: "tower-virtual camera-calibration" },
    h("div", { class: "field-label" }, t("Calibration")),
    h("p", { class: "hint", "data-calibration": z ? "done" : "none" }, said),
    isHost && cam.kind !== "demo" ? h("button", { type: "button", class: "btn", "data-do": "calibrate",
      onclick: calibrate }, z ? t("Calibrate again") : t("Calibrate now")) : null);
}

async function calibrate() {
  if (!(await needOwner(t("the camera's calibration")))) return;
  try {
    await ownerPost(`/api/games/${document.body.dataset.gameId}/camera/calibrate`, {});
    banner.show(t("The camera is calibrated."), "info");
  } catch (err) {
    banner.show(err.message);
  }
}
