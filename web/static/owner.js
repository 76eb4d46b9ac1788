// The Pi's owner PIN (issue 28 item 4; docs/API.md "The owner"). Card sets, calibration and the
// dice face set serve every table, so only the owner changes them: the first time a device
// does, it asks for the PIN in a big, plain dialog, exchanges it for an owner token
// (POST /api/owner/session) and keeps that token in localStorage; owner-only requests then send
// it as X-Companion-Owner. A restart of the companion or a new PIN ends the token: the dialog
// comes back. Also which game holds the dice tower or the camera (holdLine).
import { ApiError, h, newKey } from "./common.js";
import { acceptLanguage, t } from "./i18n.js";

const KEY = "companion.owner";
const HEADER = "X-Companion-Owner";

function addStyles() {
  if (document.getElementById("owner-css")) return;
  document.head.append(h("link", { id: "owner-css", rel: "stylesheet", href: "/static/owner.css" }));
}
addStyles();

export function ownerToken() {
  try { return localStorage.getItem(KEY) || null; } catch { return null; }
}

/** The owner header, when this device holds an owner token. */
export function ownerHeaders() {
  const token = ownerToken();
  return token ? { [HEADER]: token } : {};
}

async function call(method, path, body, headers = {}) {
  const all = { Accept: "application/json", "Accept-Language": acceptLanguage(), ...headers };
  if (body !== undefined) all["Content-Type"] = "application/json";
  if (method !== "GET") all["Idempotency-Key"] = newKey();
  let response;
  try {
    response = await fetch(path, { method, headers: all, credentials: "omit", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "offline", t("Cannot reach the companion. Is the Wi-Fi on?"));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error ?? "error", data?.reason ?? t("The companion answered {status}.", { status: response.status }), data?.code ?? null);
  return data;
}

/** POST JSON as the owner (after needOwner). */
export function ownerPost(path, body, token = null) {
  const headers = { ...ownerHeaders() };
  if (token) headers["X-Companion-Token"] = token;
  return call("POST", path, body ?? {}, headers);
}

/** Whether this device is the owner now (its stored token still works). */
export async function isOwner() {
  if (!ownerToken()) return false;
  try { return Boolean((await call("GET", "/api/owner", undefined, ownerHeaders())).owner); } catch { return false; }
}

/** Resolve true once this device is the owner: at once when its token works, else after the
 * PIN dialog (false when the person cancels). ``what`` finishes "This changes ..."; ``why``,
 * when given, is the dialog's whole sentence instead. */
export async function needOwner(what, why = null) {
  if (await isOwner()) return true;
  return askPin(what, why);
}

/** The PIN dialog; resolves true when the PIN was right, false on Cancel. */
export function askPin(what, why = null) {
  return new Promise((resolve) => {
    const input = h("input", { class: "owner-pin-input", type: "password", inputmode: "numeric",
      pattern: "[0-9]*", autocomplete: "off", maxlength: "12", "aria-label": t("Owner PIN"),
      "data-owner-pin": "" });
    const error = h("p", { class: "owner-pin-error", role: "alert", hidden: true });
    const unlock = h("button", { type: "submit", class: "btn big primary", "data-do": "owner-unlock" }, "Unlock");
    const close = (ok) => {
      veil.remove();
      document.documentElement.classList.remove("owner-open");
      resolve(ok);
    };
    const form = h("form", { class: "owner-pin card", "aria-labelledby": "owner-pin-title",
      onsubmit: async (e) => {
        e.preventDefault();
        const pin = input.value.trim();
        if (!/^[0-9]{6,12}$/.test(pin)) {
          error.textContent = t("The PIN is 6 to 12 digits.");
          error.hidden = false;
          input.focus();
          return;
        }
        unlock.disabled = true;
        try {
          const answer = await call("POST", "/api/owner/session", { pin });
          localStorage.setItem(KEY, answer.owner_token);
          close(true);
        } catch (err) {
          error.textContent = err.status === 403 ? t("That is not the owner PIN. Try again.") : err.message;
          error.hidden = false;
          input.value = "";
          input.focus();
        } finally {
          unlock.disabled = false;
        }
      } },
    h("h2", { id: "owner-pin-title" }, t("Owner PIN")),
    h("p", { class: "owner-pin-why" }, why ?? t("This changes {what} for every table, so only the Pi's owner can do it.", { what })),
    input,
    error,
    h("div", { class: "owner-pin-actions" },
      unlock,
      h("button", { type: "button", class: "btn big ghost", "data-do": "owner-cancel", onclick: () => close(false) }, t("Cancel"))),
    h("p", { class: "muted small" }, t("The PIN was shown when the companion first started. Forgot it? Set a new one on the Pi: "),
      h("code", null, "companion owner-pin set")));
    const veil = h("div", { class: "owner-veil", role: "dialog", "aria-modal": "true", "data-owner-dialog": "" }, form);
    veil.addEventListener("keydown", (e) => { if (e.key === "Escape") close(false); });
    document.documentElement.classList.add("owner-open");
    document.body.append(veil);
    input.focus();
  });
}

/** What is said of each device (its name inside a sentence differs by language). */
const DEVICE_WORDS = {
  tower: {
    held: (who) => t("The dice tower is held by {who}.", { who }), free: () => t("The dice tower is free: no game gets its rolls."),
    use: () => t("Use the dice tower for this game"), release: () => t("Let go of the dice tower"),
  },
  camera: {
    held: (who) => t("The camera is held by {who}.", { who }), free: () => t("The camera is free: no game gets its rolls."),
    use: () => t("Use the camera for this game"), release: () => t("Let go of the camera"),
  },
};

/** Which game holds ``device`` (``held``: GET /api/tower's or /api/camera's held_by), with the
 * host's Claim / Release button. ``post(path, body)`` posts to this game's API as its host. */
export function holdLine(device, held, game, post) {
  const words = DEVICE_WORDS[device];
  const isHost = game.viewer?.role === "host";
  const ours = held?.id === game.id;
  const other = held?.players?.length ? t("game {id} ({players})", { id: held.id, players: held.players.join(", ") })
    : t("game {id}", { id: held?.id });
  const text = held ? words.held(ours ? t("this game") : other) : words.free();
  let button = null;
  if (isHost && !ours && !held) {
    button = h("button", { type: "button", class: "btn primary", "data-do": `claim-${device}`,
      onclick: () => post(`/devices/${device}/claim`, {}) }, words.use());
  } else if (isHost && ours) {
    button = h("button", { type: "button", class: "btn ghost", "data-do": `release-${device}`,
      onclick: () => post(`/devices/${device}/release`, {}) }, words.release());
  }
  return h("div", { class: `device-hold${ours ? " ours" : held ? " other" : ""}`, "data-held-by": held ? String(held.id) : "" },
    h("p", { class: "device-hold-text" }, text), button);
}
