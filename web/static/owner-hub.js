// The status panel's café hub part (issue 27 item B.5; docs/HUB.md): the Pi's owner pairs this
// table with the café's hub (its address and the pairing code it shows), sees the link and the
// outbox's backlog (actions waiting to be pushed, the last push, the last error in words), and
// unpairs. Everything here asks for the owner PIN (owner.js): GET, POST and DELETE
// /api/owner/hub are owner only.
import { ApiError, banner, fill, h, newKey } from "./common.js";
import { acceptLanguage, t, tn } from "./i18n.js";
import { needOwner, ownerHeaders, ownerToken } from "./owner.js";

const POLL_MS = 3000;
const PATH = "/api/owner/hub";
const S = { status: null, locked: true, busy: false, error: "", form: { url: "", code: "", name: "" } };

async function call(method, body) {
  const headers = { Accept: "application/json", "Accept-Language": acceptLanguage(), ...ownerHeaders() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["Idempotency-Key"] = newKey();
  let response;
  try {
    response = await fetch(PATH, { method, headers, credentials: "omit", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "offline", t("Cannot reach the companion. Is the Wi-Fi on?"));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error ?? "error", data?.reason ?? t("The companion answered {status}.", { status: response.status }));
  return data;
}

/** What went wrong with the last push, in words (the hub's own detail is shown under it). */
function errorWords(kind) {
  if (kind === "unreachable") return t("The hub does not answer: is it switched on and on this Wi-Fi? Nothing is lost: this table keeps every action and sends it once the hub answers.");
  if (kind === "forgotten") return t("The hub no longer knows this table. Unpair it and pair it again with a new code from the hub.");
  if (kind === "refused") return t("The hub refused the last push. This table keeps every action and tries again.");
  return "";
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(acceptLanguage(), { dateStyle: "medium", timeStyle: "short" });
}

async function unlock() {
  if (!(await needOwner("", t("The café hub link is the Pi's owner's: enter the owner PIN to see or change it.")))) return;
  await poll();
}

async function pair(event) {
  event.preventDefault();
  const form = event.currentTarget;
  S.form = { url: form.url.value.trim(), code: form.code.value.trim().toUpperCase(), name: form.name.value.trim() };
  if (!/^https?:\/\/./.test(S.form.url)) {
    S.error = t("Type the hub's address as the hub prints it, e.g. http://hub.local:8090");
    render();
    return;
  }
  if (!(await needOwner(t("which café hub this table reports to")))) return;
  S.busy = true;
  S.error = "";
  render();
  try {
    S.status = await call("POST", { url: S.form.url, code: S.form.code, name: S.form.name || t("Table") });
    S.form.code = "";
    banner.hide();
  } catch (err) {
    S.error = err.error === "hub_refused" ? t("The hub refused that code: it is single use and lasts 15 minutes. Ask the hub for a new one.")
      : err.error === "hub_unreachable" ? t("No hub answers at that address. Check it and that the hub runs.")
        : err.message;
  }
  S.busy = false;
  render();
}

async function unpair() {
  if (!confirm(t("Unpair this table? The hub keeps the games it has; actions not yet sent stay only on this table."))) return;
  if (!(await needOwner(t("which café hub this table reports to")))) return;
  try {
    S.status = await call("DELETE");
    banner.hide();
  } catch (err) {
    banner.show(err.message);
  }
  render();
}

function pairForm() {
  const field = (name, label, props) => h("label", { class: "hub-field" }, h("span", { class: "field-label" }, label),
    h("input", { name, value: S.form[name], autocomplete: "off", "data-hub-field": name, ...props }));
  return h("form", { class: "hub-pair", "data-hub-form": "", onsubmit: pair },
    h("p", { class: "muted small" }, t("Not paired: this table keeps its games to itself. To show them on a café's hub, type the hub's address and the pairing code it shows (on its screen when it starts, or at /pairing on the hub machine).")),
    field("url", t("Hub address"), { type: "url", inputmode: "url", placeholder: "http://hub.local:8090", required: true }),
    field("code", t("Pairing code"), { class: "code-input", placeholder: "ABCD-EFGH", maxlength: "9", required: true, autocapitalize: "characters" }),
    field("name", t("This table's name on the hub"), { placeholder: t("e.g. Window table"), maxlength: "80" }),
    S.error ? h("p", { class: "hub-error", role: "alert", "data-hub-error": "" }, S.error) : null,
    h("div", { class: "choice-row" }, h("button", { type: "submit", class: "btn primary", "data-do": "hub-pair",
      disabled: S.busy || undefined }, S.busy ? t("Pairing…") : t("Pair with the hub"))));
}

function pairedView(status) {
  const link = status.hub;
  const backlog = status.pending
    ? tn("{n} action waits to be sent to the hub.", "{n} actions wait to be sent to the hub.", status.pending)
    : t("Everything this table logged is on the hub.");
  const last = status.last_ack ? t("Last sent to the hub: {when}.", { when: when(status.last_ack) })
    : t("Nothing sent since the companion started.");
  const problem = errorWords(status.error_kind);
  return h("div", { class: "hub-paired", "data-hub-paired": "" },
    h("p", null, t("Paired with the hub at {url} as “{name}” (table {table} there).", { url: link.url, name: link.name, table: link.table })),
    h("ul", { class: "hub-facts" },
      h("li", { "data-hub-pending": String(status.pending) }, backlog),
      h("li", null, last)),
    problem ? h("div", { class: "hub-error", role: "status", "data-hub-problem": status.error_kind },
      h("p", null, problem), h("p", { class: "muted small" }, status.last_error)) : null,
    h("div", { class: "choice-row" }, h("button", { type: "button", class: "btn ghost", "data-do": "hub-unpair", onclick: unpair },
      t("Unpair"))));
}

function render() {
  const box = document.getElementById("owner-hub");
  if (!box) return;
  const body = S.locked
    ? [h("p", { class: "muted small" }, t("Pairing this table with a café's hub shows its games on the café's wall screen. Only the Pi's owner can see or change it.")),
      h("div", { class: "choice-row" }, h("button", { type: "button", class: "btn", "data-do": "hub-unlock", onclick: unlock }, t("Show the hub link")))]
    : S.status?.paired ? [pairedView(S.status)] : [pairForm()];
  fill(box, [h("h2", null, t("Café hub")), ...body]);
  box.hidden = false;
}

async function poll() {
  if (!ownerToken()) {
    S.locked = true;
    render();
    return;
  }
  try {
    S.status = await call("GET");
    S.locked = false;
  } catch (err) {
    if (err.status === 403) S.locked = true;
  }
  render();
}

poll();
setInterval(() => { if (!document.hidden && !S.locked && !S.busy && S.status?.paired) poll(); }, POLL_MS);
