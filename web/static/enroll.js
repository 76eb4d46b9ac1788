// The enrollment walk-through (/games/<id>/enroll): the companion learns the players' own cards.
//
// It asks for one card at a time ("Show me a Salmon Nigiri"), first the menu's cards that have no
// photo yet, with the progress so far; a photo comes from the camera over the table (the card
// alone in view) or from this device's camera (an <input capture> upload, shrunk on the phone
// first: photo.js). Any card can be given more photos by tapping its tile. The set is the game's (named
// after the title unless the host chose another); it is exported and imported as one file.
import { ApiError, api, banner, fill, h, newKey, store } from "./common.js";
import { cardOf, tile } from "./sgp-common.js";
import { shrinkPhoto } from "./photo.js";
import { lang, t, tn } from "./i18n.js";
import { isOwner, needOwner, ownerHeaders, ownerPost } from "./owner.js";
import { loadTitles } from "./titles.js";

const id = Number(document.body.dataset.gameId);
const CAMERA_MS = 1000;

const S = { menu: null, status: null, current: null, busy: "", camera: null, role: "watcher", frame: 0, timer: null, owner: false,
  titleNames: new Map() };
const token = () => store.get(id)?.token ?? null;
// The card set serves every table: teaching or importing it asks for the owner PIN (owner.js).
const canWrite = () => S.role === "host" || S.role === "seat" || S.owner;

async function load() {
  const [snap, status] = await Promise.all([
    api("GET", `/api/games/${id}`, undefined, token()),
    api("GET", `/api/games/${id}/cards`, undefined, token()),
  ]);
  S.menu = snap.view.menu;
  S.role = snap.viewer.role;
  S.owner = await isOwner();
  S.status = status;
  if (!S.current || !status.cards.some((c) => c.id === S.current)) S.current = status.needed[0] ?? null;
  render();
}

/** The card after the current one: the next card in the menu's order that still needs a photo,
 * wrapping around; with no other card needing one, simply the next card of the menu. So "Skip
 * this card" walks forward through every card instead of bouncing between two. */
function next() {
  const order = S.status.cards.map((c) => c.id);
  const needed = new Set(S.status.needed);
  const at = order.indexOf(S.current);
  const after = [...order.slice(at + 1), ...order.slice(0, Math.max(at, 0))];
  S.current = after.find((x) => needed.has(x)) ?? (needed.has(S.current) ? after[0] ?? null : null);
  render();
}

async function postForm(path, form) {
  // One upload is one intent: its own Idempotency-Key (docs/API.md).
  const headers = { Accept: "application/json", "Idempotency-Key": newKey() };
  if (token()) headers["X-Companion-Token"] = token();
  Object.assign(headers, ownerHeaders());
  let response;
  try {
    response = await fetch(path, { method: "POST", body: form, headers, credentials: "omit" });
  } catch {
    throw new ApiError(0, "offline", t("Cannot reach the companion. Is the Wi-Fi on?"));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error, data?.reason ?? t("The companion answered {status}.", { status: response.status }), data?.code ?? null);
  return data;
}

async function capture(label, file) {
  if (!(await needOwner(t("the card set")))) return;
  S.owner = true;
  S.busy = file ? "photo" : "camera";
  render();
  try {
    let answer;
    if (file) {
      const form = new FormData();
      form.append("label", label);
      form.append("photo", await shrinkPhoto(file), `${label}.jpg`);
      answer = await postForm(`/api/games/${id}/cards/enroll`, form);
    } else {
      answer = await ownerPost(`/api/games/${id}/cards/enroll`, { label, from: "camera" }, token());
    }
    banner.show(tn("Learned {card} ({n} photo).", "Learned {card} ({n} photos).", answer.photos, { card: cardOf(S.menu, label).name }), "info");
    S.status = await api("GET", `/api/games/${id}/cards`, undefined, token());
    if (label === S.current) next();
  } catch (err) {
    banner.show(err.message);
  } finally {
    S.busy = "";
    render();
  }
}

let photoInput = null;
function fileInput() {
  photoInput ??= h("input", { type: "file", accept: "image/*", capture: "environment", hidden: true,
    "data-enroll-photo": "",
    onchange: (e) => { const f = e.target.files?.[0]; e.target.value = ""; if (f && S.current) capture(S.current, f); } });
  return photoInput;
}

let picture = null;
function cameraView() {
  if (!S.camera?.enabled) return null;
  picture ??= h("img", { alt: t("What the camera over the table sees"), width: 640, height: 360 });
  picture.src = `/api/camera/view.jpg?f=${S.frame}`;
  return h("figure", { class: "enroll-camera" }, picture);
}

function stepCard() {
  const st = S.status;
  const total = st.cards.length;
  const done = total - st.needed.length;
  const pct = total ? Math.round((100 * done) / total) : 100;
  const progress = [
    h("h2", null, t("Show me your cards"), h("span", { class: "aside", "data-enroll-progress": `${done}/${total}` },
      tn("{done} of {n} card learned", "{done} of {n} cards learned", total, { done }))),
    h("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": total, "aria-valuenow": done },
      h("span", { style: `width: ${pct}%` })),
  ];
  if (!canWrite()) {
    return [...progress, h("p", { class: "muted" }, t("Claim a seat (or open this on the host's tablet) to teach cards."))];
  }
  if (!S.current) {
    return [...progress, h("p", { class: "enroll-prompt", "data-enroll-done": "" }, t("Every card of this menu is learned. 🎉")),
      h("p", { class: "muted" }, t("Tap a card below to give it another photo (a second photo helps with cards that look alike).")),
      h("a", { class: "btn big primary", href: `/games/${id}` }, t("Back to the game"))];
  }
  const card = cardOf(S.menu, S.current);
  const busy = Boolean(S.busy);
  return [...progress,
    // English puts an article before the card; the other languages say "Show me this card:"
    h("p", { class: "enroll-prompt", "data-enroll-current": card.id }, lang !== "en" ? t("Show me this card: ")
      : /^[aeiou]/i.test(card.name) ? "Show me an " : "Show me a ",
      h("span", { class: `sgp-chip t-${card.background}` }, card.name)),
    h("p", { class: "muted" }, S.camera?.enabled
      ? t("Lay this one card alone, face up, in the camera's view, then capture. Or photograph it close up: the card should fill most of the photo.")
      : t("Photograph this one card from above, close up: the card should fill most of the photo.")),
    cameraView(),
    fileInput(),
    h("div", { class: "scan-actions" },
      S.camera?.enabled ? h("button", { type: "button", class: "btn big primary", "data-do": "enroll-camera", disabled: busy, why: t("Wait a moment: the last photo is still being read."),
        onclick: () => capture(S.current, null) }, S.busy === "camera" ? t("Learning…") : t("Capture from the camera")) : null,
      h("button", { type: "button", class: `btn big${S.camera?.enabled ? "" : " primary"}`, "data-do": "enroll-upload", disabled: busy, why: t("Wait a moment: the last photo is still being read."),
        onclick: () => photoInput.click() }, S.busy === "photo" ? t("Learning…") : t("Photograph it")),
      h("button", { type: "button", class: "btn ghost", "data-do": "enroll-skip", disabled: busy, why: t("Wait a moment: the last photo is still being read."), onclick: next }, t("Skip this card")))];
}

/** The set in words: the title's own set by the title's name, another (the owner's) by its name
 * (``status``: {title, set}; never the bare id "sushi-go-party"). */
function setName(status) {
  const title = S.titleNames.get(status.title); // a title's name as printed (/api/titles)
  return status.set === status.title && title ? t("the {title} cards", { title }) : t("card set “{name}”", { name: status.set });
}

function allCard() {
  const st = S.status;
  return [
    h("h2", null, t("Every card of the menu"), h("span", { class: "aside" }, setName(st))),
    h("div", { class: "enroll-cards" }, st.cards.map((c) => tile(S.menu, cardOf(S.menu, c.id), {
      class: `${c.photos ? "done" : ""}${c.id === S.current ? " current" : ""}`, count: c.photos || undefined,
      data: { "data-enroll-card": c.id },
      onclick: () => { S.current = c.id; render(); window.scrollTo({ top: 0, behavior: "smooth" }); },
    }))),
    st.others.length ? h("p", { class: "muted small" }, t("Also in this set: {cards}.", { cards: st.others.join(", ") })) : null,
  ];
}

async function exportSet() {
  try {
    const response = await fetch(`/api/games/${id}/cards/export`, {
      headers: token() ? { "X-Companion-Token": token() } : {}, credentials: "omit" });
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw new Error(data?.reason ?? t("The companion answered {status}.", { status: response.status }));
    }
    const url = URL.createObjectURL(await response.blob());
    const link = h("a", { href: url, download: `${S.status.set}.zip` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    banner.show(err.message);
  }
}

let importInput = null;
function fileCard() {
  if (!canWrite()) return null;
  importInput ??= h("input", { type: "file", accept: ".zip,application/zip", hidden: true, "data-enroll-import": "",
    onchange: async (e) => {
      const f = e.target.files?.[0];
      e.target.value = "";
      if (!f || !(await needOwner(t("the card set")))) return;
      const form = new FormData();
      form.append("file", f, f.name);
      try {
        const answer = await postForm(`/api/games/${id}/cards/import`, form);
        banner.show(tn("Card set {set} imported: {n} card.", "Card set {set} imported: {n} cards.", answer.labels.length, { set: answer.set }), "info");
        S.current = null;
        await load();
      } catch (err) { banner.show(err.message); }
    } });
  return [
    h("h2", null, t("Enroll once, use everywhere")),
    h("p", { class: "muted small" }, t("Save the learned set as one file, or load a set another table made.")),
    importInput,
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-do": "enroll-export", disabled: !S.status.stored, why: t("No card is stored yet: photograph one first."), onclick: exportSet }, t("Export the set")),
      h("button", { type: "button", class: "btn", "data-do": "enroll-import-button",
        onclick: () => importInput.click() }, t("Import a set…"))),
    h("p", { class: "muted small", "data-owner-note": "" }, S.owner
      ? t("This device holds the owner PIN: what it teaches or imports serves every table.")
      : t("Teaching or importing cards changes the set every table uses: the companion asks for the owner PIN.")),
  ];
}

function render() {
  if (!S.status) return;
  document.getElementById("enroll-sub").textContent = setName(S.status);
  fill(document.getElementById("enroll-step"), stepCard());
  fill(document.getElementById("enroll-all"), allCard());
  const file = fileCard();
  document.getElementById("enroll-file").hidden = !file;
  if (file) fill(document.getElementById("enroll-file"), file);
}

async function watchCamera() {
  try {
    S.camera = await api("GET", "/api/camera");
  } catch {
    S.camera = { enabled: false };
  }
  if (S.camera?.enabled && !S.timer) {
    S.timer = setInterval(() => { S.frame += 1; if (picture) picture.src = `/api/camera/view.jpg?f=${S.frame}`; }, CAMERA_MS);
  }
  render();
}

async function init() {
  banner.init();
  try {
    S.titleNames = new Map((await loadTitles().catch(() => [])).map((x) => [x.id, x.name]));
    await load();
  } catch (err) {
    banner.show(err.message);
    return;
  }
  watchCamera();
}

init();
