// Shared by every page: DOM building, the JSON API client, stored credentials, the banner.
import { acceptLanguage, t, tn, tp } from "./i18n.js";

export const PLAYER_COLOURS = ["red", "yellow", "green", "blue", "black", "white"];

/** Sushi Express's customer cards and action cards, as the rulebooks name them. */
export const CUSTOMERS = {
  light_blue: tp("sushi-express", "Light blue"), dark_blue: tp("sushi-express", "Dark blue"),
  rose: tp("sushi-express", "Rose"), violet: tp("sushi-express", "Violet"), green: tp("sushi-express", "Green"),
  yellow: tp("sushi-express", "Yellow"), orange: tp("sushi-express", "Orange"), red: tp("sushi-express", "Red"),
  tip: tp("sushi-express", "Tip"),
};
const DARK_CUSTOMERS = new Set(["dark_blue", "violet", "red"]);

export const ACTION_CARDS = {
  same_guess: tp("sushi-express", "Same guess"), one_tile_further: tp("sushi-express", "1 tile further"),
  place_exchange: tp("sushi-express", "Place exchange"), re_roll: tp("sushi-express", "Re-roll"), tip: tp("sushi-express", "Tip"),
};

/** Said when a switched-off control without a reason of its own is tapped. */
export const NOT_NOW = t("Not possible right now.");

/** Build an element: h("button", {class: "btn", onclick: f}, "Label", child, [more]).
 * A button with ``disabled`` stays tappable: it is marked aria-disabled, its click does
 * nothing, and a tap shows why (``why``, else NOT_NOW) in a toast. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  const off = tag === "button" && Boolean(props?.disabled);
  if (off) {
    el.setAttribute("aria-disabled", "true");
    el.dataset.why = props.why || NOT_NOW;
  }
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "why" || (off && key === "disabled")) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replace ``el``'s children with ``parts`` (nested lists flattened, null/false left out). */
export function fill(el, parts) {
  el.replaceChildren(...[parts].flat(Infinity).filter((p) => p !== null && p !== undefined && p !== false));
}

/** A coloured chip for a customer card, with its name and an optional count. */
export function customerChip(card, count, props = {}) {
  const cls = `chip cc-${card}${DARK_CUSTOMERS.has(card) ? " dark" : ""} ${props.class ?? ""}`;
  const label = CUSTOMERS[card] ?? card;
  const tag = props.onclick ? "button" : "span";
  return h(tag, { ...props, class: cls, type: props.onclick ? "button" : undefined,
    "data-card": card, title: label },
  label, count !== undefined && count !== null ? h("span", { class: "n" }, `×${count}`) : null);
}

export function playerDot(colour) {
  return h("span", { class: `dot pc pc-${colour}`, "aria-hidden": "true" });
}

export class ApiError extends Error {
  /** ``code``: the answer's ``error`` ("forbidden", "illegal", ...); ``need``: its stable
   * machine ``code`` when it has one ("owner_required": the owner PIN would allow it). */
  constructor(status, code, reason, need = null) {
    super(reason);
    this.status = status;
    this.code = code;
    this.need = need;
  }
}

/** A fresh Idempotency-Key: a random UUID (crypto.randomUUID exists only on https and
 * localhost; the Pi is served over plain http on the LAN, so build one from getRandomValues). */
export function newKey() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) crypto.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One user intent = one key. The same write (method, path, credential, body, and the game
 * version the page shows) asked again while the first is on its way, within SAME_INTENT_MS of
 * its success while the page still shows the same version (a double tap on a screen not yet
 * redrawn), or after it failed (a retry: it may have been applied before the connection
 * broke) reuses the key, so the companion applies it once and answers the repeat with the
 * first answer. Once the page shows the new version, the same write is a new intent. */
const SAME_INTENT_MS = 1000;
const intents = new Map(); // signature -> {key, pending, okAt}

function intentFor(signature) {
  const now = Date.now();
  for (const [sig, it] of intents) {
    if (!it.pending && it.okAt !== null && now - it.okAt > SAME_INTENT_MS) intents.delete(sig);
  }
  let it = intents.get(signature);
  if (!it) {
    it = { key: newKey(), pending: 0, okAt: null };
    intents.set(signature, it);
  }
  return it;
}

/** Call the JSON API; the credential goes in the X-Companion-Token header, never a cookie.
 * Every write carries an Idempotency-Key (``key`` when given, else one per intent). */
export async function api(method, path, body, token, { key } = {}) {
  // The device's language: refusals come back in it (issue 26).
  const headers = { Accept: "application/json", "Accept-Language": acceptLanguage() };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Companion-Token"] = token;
  const write = !["GET", "HEAD"].includes(method.toUpperCase());
  const shown = globalThis.document?.body?.dataset?.version ?? "";
  const intent = write && !key ? intentFor(`${method} ${path} ${token ?? ""} v${shown} ${payload ?? ""}`) : null;
  if (write) headers["Idempotency-Key"] = key ?? intent.key;
  if (intent) { intent.pending += 1; intent.okAt = null; }
  let response;
  try {
    response = await fetch(path, {
      method, headers, credentials: "omit", cache: "no-store", body: payload,
    });
  } catch (err) {
    throw new ApiError(0, "offline", t("Cannot reach the companion. Is the Wi-Fi on?"));
  } finally {
    if (intent) intent.pending -= 1;
  }
  if (intent && response.ok) intent.okAt = Date.now();
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(response.status, data?.error ?? "error",
      data?.reason ?? t("The companion answered {status}.", { status: response.status }),
      data?.code ?? null);
  }
  return data;
}

/** Credentials per game in localStorage: {token, role: "host" | "seat", seat}. */
export const store = {
  key: (gameId) => `companion.game.${gameId}`,
  get(gameId) {
    try { return JSON.parse(localStorage.getItem(this.key(gameId))) ?? null; } catch { return null; }
  },
  set(gameId, cred) { localStorage.setItem(this.key(gameId), JSON.stringify(cred)); },
  clear(gameId) { localStorage.removeItem(this.key(gameId)); },
};

/** The banner under the top bar: a rejection's reason (or an info line), dismissible. */
export const banner = {
  show(text, kind = "error") {
    const el = document.getElementById("banner");
    document.getElementById("banner-text").textContent = text;
    el.classList.toggle("info", kind === "info");
    el.hidden = false;
  },
  hide() { document.getElementById("banner").hidden = true; },
  init() {
    document.querySelector("#banner .banner-close").addEventListener("click", () => banner.hide());
  },
};

export function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const minutes = Math.round((Date.now() - date.getTime()) / 60000);
  if (minutes < 1) return t("just now");
  if (minutes < 60) return tn("{n} min ago", "{n} min ago", minutes);
  if (minutes < 60 * 24) return tn("{n} h ago", "{n} h ago", Math.round(minutes / 60));
  return date.toLocaleDateString(document.documentElement.lang || undefined);
}

/** A short line that goes by itself (why a control is off): just above ``near`` (an element;
 * below it when there is no room above), else at the bottom of the screen. */
export const toast = {
  timer: null,
  show(text, near = null) {
    let el = document.getElementById("toast");
    if (!el) {
      el = h("div", { id: "toast", class: "toast", role: "status", "aria-live": "polite" });
      document.body.append(el);
    }
    el.textContent = text;
    el.hidden = false;
    el.removeAttribute("style");
    if (near) {
      const r = near.getBoundingClientRect();
      const w = el.offsetWidth;
      const ht = el.offsetHeight;
      let top = r.top - ht - 8;
      if (top < 8) top = r.bottom + 8;
      const left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
      Object.assign(el.style, { top: `${top}px`, left: `${left}px`, right: "auto", bottom: "auto", margin: "0" });
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { el.hidden = true; }, 4000);
  },
};

/** A tap on a switched-off control (aria-disabled) does nothing but say why. */
function sayWhyOff(event) {
  const off = event.target instanceof Element ? event.target.closest('[aria-disabled="true"]') : null;
  if (!off) {
    const el = document.getElementById("toast");
    if (el) el.hidden = true; // any other tap puts the last reason away
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  toast.show(off.dataset.why || NOT_NOW, off);
}

if (globalThis.document) document.addEventListener("click", sayWhyOff, true);

/** The game screen's title ("Sushi Go Party! · partie 12"), also the page's title. On a phone too
 * narrow for it beside the host badge it breaks after the brand and its separator only, never
 * inside the brand nor between the word for "game" and the number: the other spaces are
 * no-break spaces (one text node: the words stay one message, app.css: #game-title). */
export function showGameTitle(brand, id) {
  const text = t("{title} · game {id}", { title: brand, id });
  document.title = text;
  const el = document.getElementById("game-title");
  const at = text.indexOf(brand);
  const rest = at < 0 ? null : text.slice(at + brand.length).match(/^(\s*[^\p{L}\p{N}\s]*)\s+(.*)$/su);
  const glue = (part) => part.replace(/ /g, "\u00a0");
  el.textContent = rest
    ? text.slice(0, at) + glue(brand + rest[1]) + " " + glue(rest[2])
    : text;
}
