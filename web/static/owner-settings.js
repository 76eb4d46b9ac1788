// The status panel's owner part (/status; issue 28 item 4): which game holds the dice tower and
// the camera (GET /api/devices, every few seconds), and what only the Pi's owner changes: who may
// start games (open or owner only) and freeing a device a game holds. Changes ask for the owner
// PIN (owner.js). "Back up now" (issue 27 item A.4) downloads a backup of every game
// (POST /api/owner/backup) to this device.
import { api, banner, fill, h, newKey } from "./common.js";
import { needOwner, ownerHeaders, ownerPost } from "./owner.js";
import { t, tn } from "./i18n.js";

const POLL_MS = 3000;
const NAMES = { tower: t("Dice tower"), camera: t("Camera") };
/** What an owner's change is about, in the PIN dialog's sentence ("This changes {what}..."). */
const HOLDER_WORDS = { tower: t("which game holds the dice tower"), camera: t("which game holds the camera") };
const S = { devices: null, owner: null, backup: { busy: false, note: "" } };

/** Ask the companion for a backup and save it in this device's downloads. */
async function backUp() {
  if (S.backup.busy) return;
  if (!(await needOwner("", t("A backup holds every game played on this Pi, so only the Pi's owner can take one.")))) return;
  S.backup = { busy: true, note: t("Backing up… keep this page open.") };
  render();
  try {
    const response = await fetch("/api/owner/backup", { method: "POST", credentials: "omit", cache: "no-store",
      headers: { ...ownerHeaders(), "Content-Type": "application/json", "Idempotency-Key": newKey() }, body: "{}" });
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw new Error(data?.reason ?? t("The companion answered {status}.", { status: response.status }));
    }
    const name = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") || "")?.[1] || "companion-backup.tar.gz";
    const games = response.headers.get("X-Backup-Games");
    const url = URL.createObjectURL(await response.blob());
    const link = h("a", { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    S.backup = { busy: false, note: games
      ? tn("Saved {name} ({n} game) to this device's downloads. Keep it somewhere safe.",
        "Saved {name} ({n} games) to this device's downloads. Keep it somewhere safe.", Number(games), { name })
      : t("Saved {name} to this device's downloads. Keep it somewhere safe.", { name }) };
    banner.hide();
  } catch (err) {
    S.backup = { busy: false, note: "" };
    banner.show(err.message === "Failed to fetch" ? t("Cannot reach the companion. Is the Wi-Fi on?") : err.message);
  }
  render();
}

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
  const who = !held ? t("free") : held.players?.length
    ? t("held by game {id} ({players})", { id: held.id, players: held.players.join(", ") })
    : t("held by game {id}", { id: held.id });
  return h("li", { class: "owner-device", "data-device": device, "data-held-by": held ? String(held.id) : "" },
    h("span", { class: "grow" }, h("strong", null, NAMES[device]), ` ${who}`),
    held ? h("button", { type: "button", class: "btn", "data-do": `free-${device}`,
      onclick: () => change(HOLDER_WORDS[device],
        `/api/games/${held.id}/devices/${device}/release`, {}) }, t("Free it")) : null);
}

function render() {
  const box = document.getElementById("owner-settings");
  if (!box || !S.devices || !S.owner) return;
  const mode = S.owner.create_games;
  const choice = (value, label) => h("button", { type: "button", class: "btn", "aria-pressed": String(mode === value),
    "data-create-games": value,
    onclick: () => mode !== value && change(t("who may start games"), "/api/owner/settings", { create_games: value }) }, label);
  fill(box, [
    h("h2", null, t("Tower, camera and games")),
    h("ul", { class: "owner-devices" }, Object.keys(NAMES).map((d) => deviceRow(d, S.devices[d]))),
    h("div", { class: "field-label" }, t("Who may start games")),
    h("div", { class: "choice-row" }, choice("open", t("Anyone on the Wi-Fi")), choice("owner", t("Only with the owner PIN"))),
    h("p", { class: "muted small" }, t("Changing these asks for the owner PIN.")),
    h("div", { class: "field-label" }, t("Backup")),
    h("div", { class: "choice-row" },
      h("button", { type: "button", class: "btn primary", "data-do": "backup", disabled: S.backup.busy || undefined, why: t("A backup is being taken."),
        onclick: backUp }, S.backup.busy ? t("Backing up…") : t("Back up now"))),
    h("p", { class: "muted small", "data-backup-note": "", "aria-live": "polite" },
      S.backup.note || t("Every game on this Pi, in one file for this device's downloads. Put it back on the Pi with: companion restore FILE.")),
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
