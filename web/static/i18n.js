// The pages' side of the one message catalogue (issue 26, docs/I18N.md).
//
//   t("Games")                                   the text in the page's language
//   t("Game {id}", { id: 7 })                    {name} placeholders, as in the Python
//   tn("{n} card", "{n} cards", n, { ... })      the plural form of the language (pl: 3 forms)
//   tp("sushi-go", "Chopsticks")                 a message with a context
//
// `bin/i18n extract` finds these calls (keep the ids literal strings: no concatenation, no
// template literals). The page embeds its language's strings (base.html, from the same .po
// files as /i18n/<lang>.json); the source language (English) needs none.
//
// The device's choice of language lives in localStorage ("companion.lang"); a cookie mirrors it
// so that the server renders the page in it, and api() (common.js) sends it as Accept-Language.

const STORE_KEY = "companion.lang";
const COOKIE = "companion_lang";

function readCatalogue() {
  try {
    const el = globalThis.document?.getElementById("i18n-catalogue");
    if (el) return JSON.parse(el.textContent);
  } catch { /* fall through: English */ }
  return { lang: "en", plural: { one: 0, other: 1 }, messages: {} };
}

const catalogue = readCatalogue();

/** The language the page is shown in ("en", "fr", "pl"). */
export const lang = catalogue.lang;

function format(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

function pluralIndex(n) {
  let category = "other";
  try { category = new Intl.PluralRules(lang).select(n); } catch { category = n === 1 ? "one" : "other"; }
  return catalogue.plural?.[category] ?? (n === 1 ? 0 : 1);
}

/** ``msgid`` in the page's language, its {placeholders} filled from ``params``. */
export function t(msgid, params) {
  const text = catalogue.messages[msgid];
  return format(typeof text === "string" ? text : msgid, params);
}

/** The plural form for ``n`` ({n} is filled too). */
export function tn(singular, plural, n, params) {
  const forms = catalogue.messages[singular];
  const text = Array.isArray(forms) ? forms[pluralIndex(n)] ?? forms.at(-1) : (n === 1 ? singular : plural);
  return format(text, { n, ...params });
}

/** ``msgid`` in ``context`` (names another edition prints differently). */
export function tp(context, msgid, params) {
  const text = catalogue.messages[`${context}\u0004${msgid}`];
  return format(typeof text === "string" ? text : msgid, params);
}

/** The device's own choice ("" when it follows the browser). */
export function chosenLanguage() {
  try { return localStorage.getItem(STORE_KEY) ?? ""; } catch { return ""; }
}

/** What api() sends as Accept-Language: the device's choice, else the page's language. */
export function acceptLanguage() {
  return chosenLanguage() || lang;
}

function cookieLanguage() {
  const m = document.cookie.match(/(?:^|;\s*)companion_lang=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : "";
}

function writeCookie(value) {
  document.cookie = value
    ? `${COOKIE}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`
    : `${COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/** Choose ``value`` for this device ("" to follow the browser) and show the page in it. */
export function chooseLanguage(value) {
  try {
    if (value) localStorage.setItem(STORE_KEY, value);
    else localStorage.removeItem(STORE_KEY);
  } catch { /* private mode: the cookie still carries it */ }
  writeCookie(value);
  location.reload();
}

/** The cookie lost (cleared, another browser profile) while localStorage kept the choice:
 * write it again and show the page in the chosen language (once per tab, never a loop). */
function restoreChoice() {
  const chosen = chosenLanguage();
  if (!chosen || cookieLanguage() === chosen) return;
  writeCookie(chosen);
  if (chosen !== lang && !sessionStorage.getItem("companion.lang.reloaded")) {
    sessionStorage.setItem("companion.lang.reloaded", "1");
    location.reload();
  }
}

function installPicker() {
  const select = document.getElementById("lang-picker");
  if (!select) return;
  select.value = chosenLanguage();
  select.addEventListener("change", () => chooseLanguage(select.value));
}

if (globalThis.document) {
  try { restoreChoice(); } catch { /* storage unavailable: the browser's language it is */ }
  installPicker();
}
