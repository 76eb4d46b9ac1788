// Shared by every page: DOM building, the JSON API client, stored credentials, the banner.

export const PLAYER_COLOURS = ["red", "yellow", "green", "blue", "black", "white"];

export const CUSTOMERS = {
  light_blue: "Light blue", dark_blue: "Dark blue", rose: "Rose", violet: "Violet",
  green: "Green", yellow: "Yellow", orange: "Orange", red: "Red", tip: "Tip",
};
const DARK_CUSTOMERS = new Set(["dark_blue", "violet", "red"]);

export const ACTION_CARDS = {
  same_guess: "Same guess", one_tile_further: "1 tile further",
  place_exchange: "Place exchange", re_roll: "Re-roll", tip: "Tip",
};

/** Build an element: h("button", {class: "btn", onclick: f}, "Label", child, [more]). */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
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
  constructor(status, code, reason) {
    super(reason);
    this.status = status;
    this.code = code;
  }
}

/** Call the JSON API; the credential goes in the X-Companion-Token header, never a cookie. */
export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Companion-Token"] = token;
  let response;
  try {
    response = await fetch(path, {
      method, headers, credentials: "omit", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "offline", "Cannot reach the companion. Is the Wi-Fi on?");
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(response.status, data?.error ?? "error",
      data?.reason ?? `The companion answered ${response.status}.`);
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
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 60 * 24) return `${Math.round(minutes / 60)} h ago`;
  return date.toLocaleDateString();
}
