// The dice enrollment walk-through (/games/ID/icon-dice/enroll): the companion asks for each face
// of the dice table in turn ("Show me the Maki die's 3 Maki face"); the player lays that face up,
// alone, and either takes it with the table camera or uploads a phone photo (shrunk on the phone to
// at most 1600 px on its long side by photo.js, then a multipart POST to
// /api/games/ID/icon-dice/faces). Every face is listed with whether it is shown; tapping one shows
// it again. Once all are shown the host saves the set (…/faces/save), which the reader then uses.
import { ApiError, api, banner, fill, h, newKey, store } from "./common.js";
import { shrinkPhoto } from "./photo.js";
import { dieTile, facePrompt } from "./sr-common.js";
import { needOwner, ownerPost } from "./owner.js";
import { t } from "./i18n.js";

const id = Number(document.body.dataset.gameId);
const state = { data: null, chosen: null, busy: false };
const token = () => store.get(id)?.token ?? null;
const isHost = () => store.get(id)?.role === "host";

function current() {
  const faces = state.data?.faces ?? [];
  return faces.find((f) => f.reading === state.chosen)
    ?? faces.find((f) => !f.enrolled) ?? null;
}

function tile(f, props = {}) {
  return dieTile({ die: f.reading, kind: f.kind, face: f.face, name: f.name, symbol: f.symbol, count: f.count }, props);
}

async function upload(face, file) {
  const photo = await shrinkPhoto(file);
  const form = new FormData();
  form.append("reading", face.reading);
  form.append("photo", photo, photo.name ?? "face.jpg");
  const headers = { Accept: "application/json", "Idempotency-Key": newKey() };
  if (token()) headers["X-Companion-Token"] = token();
  const response = await fetch(`/api/games/${id}/icon-dice/faces`, {
    method: "POST", body: form, headers, credentials: "omit", cache: "no-store" });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error, data?.reason ?? t("The companion answered {status}.", { status: response.status }), data?.code ?? null);
  return data;
}

async function send(face, file) {
  state.busy = true;
  render();
  try {
    const answer = file ? await upload(face, file)
      : await api("POST", `/api/games/${id}/icon-dice/faces`, { reading: face.reading, from: "camera" }, token());
    banner.hide();
    state.data = answer.status;
    state.chosen = null;
  } catch (err) {
    banner.show(err.message);
  } finally {
    state.busy = false;
    render();
  }
}

async function save() {
  // the face set serves every table: saving it asks for the owner PIN (owner.js; issue 28)
  if (!(await needOwner(t("the dice face set")))) return;
  try {
    const answer = await ownerPost(`/api/games/${id}/icon-dice/faces/save`, {}, token());
    state.data = answer.status;
    banner.show(t("Saved: the camera reads your dice with these faces now."), "info");
  } catch (err) {
    banner.show(err.message);
  }
  render();
}

function stepCard() {
  const face = current();
  if (!face) {
    return [h("h2", null, t("Every face shown")),
      h("p", { class: "hint" }, state.data.unsaved.length ? t("Save the set so the camera uses it.") : t("The set is saved.")),
      isHost() ? h("button", { type: "button", class: "btn primary big", "data-do": "save-faces",
        disabled: !state.data.unsaved.length, why: t("The set is saved already."), onclick: save }, t("Save the face set"))
        : h("p", { class: "muted small" }, t("The host saves the set."))];
  }
  const input = h("input", { type: "file", accept: "image/*", capture: "environment", class: "sr-file",
    "aria-label": t("Upload a photo"), onchange: (e) => { if (e.target.files[0]) send(face, e.target.files[0]); } });
  return [
    h("h2", { "data-enroll-face": face.reading }, t("Show me {die}", { die: facePrompt(face) })),
    h("div", { class: "sr-belt big" }, tile(face)),
    h("p", { class: "hint" }, t("Lay that die alone on a plain surface, this face up, then take it with the table camera or photograph it from straight above with this device.")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn primary big", "data-do": "enroll-camera", disabled: state.busy, why: t("Wait a moment: the last photo is still being read."),
        onclick: () => send(face) }, state.busy ? t("Reading…") : t("Take it with the camera")),
      h("label", { class: "btn big sr-upload" }, t("Upload a photo"), input)),
  ];
}

function allCard() {
  const d = state.data;
  const shown = d.faces.filter((f) => f.enrolled).length;
  return [
    h("h2", null, t("All faces"), h("span", { class: "aside" }, t("{n} of {total} shown", { n: shown, total: d.faces.length }))),
    h("div", { class: "sr-faces" }, d.faces.map((f) => tile(f, {
      class: f.enrolled ? "sr-shown" : "sr-todo", "aria-pressed": String(current()?.reading === f.reading),
      "data-face-state": f.enrolled ? "shown" : "todo", "aria-label": f.enrolled ? t("Show again: {die}", { die: facePrompt(f) }) : t("Show: {die}", { die: facePrompt(f) }),
      onclick: () => { state.chosen = f.reading; render(); },
    }))),
    isHost() && shown === d.faces.length && d.unsaved.length && current()
      ? h("button", { type: "button", class: "btn primary", "data-do": "save-faces", onclick: save }, t("Save the face set")) : null,
  ];
}

function render() {
  if (!state.data) return;
  document.getElementById("sr-enroll-sub").textContent = t("face set “{name}”", { name: state.data.set });
  fill(document.getElementById("sr-enroll-step"), stepCard());
  fill(document.getElementById("sr-enroll-all"), allCard());
}

async function start() {
  banner.init();
  try {
    state.data = await api("GET", `/api/games/${id}/icon-dice/faces`, undefined, token());
    render();
  } catch (err) {
    banner.show(err.message);
  }
}

start();
