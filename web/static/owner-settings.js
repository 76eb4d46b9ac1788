// The status panel's owner part (/status; issue 28 item 4): which game holds the dice tower and
// the camera (GET /api/devices, every few seconds), and what only the Pi's owner changes: who may
// start games (open or owner only) and freeing a device a game holds. Changes ask for the owner
// PIN (owner.js).
import { api, banner, fill, h } from "./common.js";
import { needOwner, ownerPost } from "./owner.js";

const POLL_MS = 3000;
const NAMES = { tower: "Dice tower", camera: "Camera" };
const S = { devices: null, owner: null };

async function change(what, path, body) {
  if (!(await needOwner(what))) return;
  try {
    await ownerPost(path, body);
    banner.hide();
  } catch (err) {
    banner.show(err.message);
  }
  poll();
}

function deviceRow(device, held) {
  const who = held ? `held by game ${held.id}${held.players?.length ? ` (${held.players.join(", ")})` : ""}` : "free";
  return h("li", { class: "owner-device", "data-device": device, "data-held-by": held ? String(held.id) : "" },
    h("span", { class: "grow" }, h("strong", null, NAMES[device]), ` ${who}`),
    held ? h("button", { type: "button", class: "btn", "data-do": `free-${device}`,
      onclick: () => change(`which game holds the ${NAMES[device].toLowerCase()}`,
        `/api/games/${held.id}/devices/${device}/release`, {}) }, "Free it") : null);
}

function render() {
  const box = document.getElementById("owner-settings");
  if (!box || !S.devices || !S.owner) return;
  const mode = S.owner.create_games;
  const choice = (value, label) => h("button", { type: "button", class: "btn", "aria-pressed": String(mode === value),
    "data-create-games": value,
    onclick: () => mode !== value && change("who may start games", "/api/owner/settings", { create_games: value }) }, label);
  fill(box, [
    h("h2", null, "Tower, camera and games"),
    h("ul", { class: "owner-devices" }, Object.keys(NAMES).map((d) => deviceRow(d, S.devices[d]))),
    h("div", { class: "field-label" }, "Who may start games"),
    h("div", { class: "choice-row" }, choice("open", "Anyone on the Wi-Fi"), choice("owner", "Only with the owner PIN")),
    h("p", { class: "muted small" }, "Changing these asks for the owner PIN."),
  ]);
  box.hidden = false;
}

async function poll() {
  try {
    [S.devices, S.owner] = await Promise.all([api("GET", "/api/devices"), api("GET", "/api/owner")]);
    render();
  } catch {
    // offline: the health summary says so
  }
}

poll();
setInterval(() => { if (!document.hidden) poll(); }, POLL_MS);
