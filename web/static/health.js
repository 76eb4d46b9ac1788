// The status panel (templates/status.html): every device from GET /health, real or fake,
// OK or faulty with the reason. Polls every 3 s; a failed poll says the companion is unreachable.

import { lang, t, tn, tp } from "./i18n.js";

const POLL_MS = 3000;
const list = document.getElementById("health-devices");
const summary = document.getElementById("health-summary");

const NAMES = { camera: t("Camera"), "dice tower": t("Dice tower"), GPIO: t("Buttons and lights"), storage: t("Storage") };
/** What stands in for each device (the report's ``label``), in the page's language. */
const LABELS = {
  real: tp("device", "real"), fake: tp("device", "fake"), off: tp("device", "off"), demo: tp("device", "demo"),
  absent: tp("device", "absent"), virtual: tp("device", "virtual"),
};

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function bytes(n) {
  if (n === null || n === undefined) return "?";
  const gib = n / 2 ** 30;
  return gib >= 1 ? `${gib.toFixed(1)} GiB` : `${Math.round(n / 2 ** 20)} MiB`;
}

function since(iso) {
  if (!iso) return t("nothing written yet");
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const s = Math.max(0, Math.round((Date.now() - when.getTime()) / 1000));
  const ago = s < 60 ? t("{n} s ago", { n: s }) : s < 3600 ? t("{n} min ago", { n: Math.round(s / 60) })
    : t("{n} h ago", { n: Math.round(s / 3600) });
  return `${when.toLocaleString(lang)} (${ago})`;
}

function storageFacts(facts) {
  const box = el("div", "health-facts");
  if (facts.total_bytes) {
    const used = 1 - facts.free_bytes / facts.total_bytes;
    const bar = el("div", "health-bar");
    const fill = el("span");
    fill.style.width = `${Math.round(used * 100)}%`;
    bar.append(fill);
    bar.setAttribute("aria-label", t("{percent} used", { percent: percentText(used) }));
    box.append(bar);
    box.append(el("div", "small", t("{free} free of {total}", { free: bytes(facts.free_bytes), total: bytes(facts.total_bytes) })));
  }
  box.append(el("div", "small", t("Last durable write: {when}", { when: since(facts.last_write) })));
  if (facts.path) box.append(el("div", "small muted", facts.path));
  return box;
}

function card(device) {
  const item = el("li", `health-device ${device.ok ? "ok" : "fault"}`);
  item.dataset.device = device.name;
  const head = el("div", "health-head");
  head.append(el("h2", null, NAMES[device.name] || device.name));
  head.append(el("span", `pill kind ${device.real ? "real" : "fake"}`, LABELS[device.label] ?? device.label));
  head.append(el("span", `pill state ${device.ok ? "ok" : "fault"}`, device.ok ? t("OK") : t("Fault")));
  item.append(head);
  if (!device.ok) item.append(el("p", "health-reason", device.reason));
  // storage: the figures say it better than the one-line detail
  if (device.name === "storage") item.append(storageFacts(device.facts || {}));
  else item.append(el("p", "health-detail", device.detail));
  return item;
}

function render(report) {
  list.replaceChildren(...report.devices.map(card));
  const faults = report.devices.filter((d) => !d.ok);
  const fakes = report.devices.filter((d) => !d.real).map((d) => NAMES[d.name] || d.name);
  summary.className = `health-summary ${faults.length ? "fault" : "ok"}`;
  summary.textContent = faults.length
    ? tn("{n} fault: {devices}", "{n} faults: {devices}", faults.length, { devices: faults.map((d) => NAMES[d.name] || d.name).join(", ") })
    : fakes.length ? t("All well (running on fakes for: {devices})", { devices: fakes.join(", ") }) : t("All well");
  document.body.dataset.healthOk = report.ok ? "1" : "0";
}

/** The host code of each game in progress: shown only on the Pi's own screen (the companion
 * refuses other devices, and then this part stays hidden). */
function renderHostCodes(games) {
  const box = document.getElementById("host-codes");
  const list = document.getElementById("host-code-list");
  box.hidden = games === null;
  if (games === null) return;
  list.replaceChildren(...games.map((g) => {
    const item = el("li", "host-code-item");
    item.dataset.game = g.id;
    item.append(el("span", "host-code-game", t("Game {id}: {players}", { id: g.id, players: g.players.join(", ") })));
    const code = g.host_code.length === 8 ? `${g.host_code.slice(0, 4)}-${g.host_code.slice(4)}` : g.host_code;
    item.append(el("span", "host-code-value", code));
    return item;
  }));
  if (!games.length) list.append(el("li", "muted small", t("No game in progress.")));
}

async function pollHostCodes() {
  try {
    const answer = await fetch("/status/host-codes", { cache: "no-store" });
    renderHostCodes(answer.ok ? (await answer.json()).games : null);
  } catch {
    renderHostCodes(null);
  }
}

async function poll() {
  try {
    const answer = await fetch("/health", { cache: "no-store" });
    render(await answer.json());
    await pollHostCodes();
  } catch (err) {
    summary.className = "health-summary fault";
    summary.textContent = t("The companion does not answer: is it running, and is this phone on its network?");
  }
  setTimeout(poll, POLL_MS);
}

poll();

/** ``share`` (0-1) written as the page's language writes a percentage ("42 %" in French). */
function percentText(share) {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(share);
}
