// The hub pages' side of the message catalogue (issue 26, docs/I18N.md): t() and tn() as the
// table's web/static/i18n.js has them, for the hub's plain scripts. The hub embeds the strings
// of the page's language (#i18n-catalogue, companion/hub/pages.py: the .po files the table's
// pages use); English needs none. `bin/i18n extract` reads companion/hub/static/*.js too.
"use strict";

const HUB_CATALOGUE = (() => {
  try {
    return JSON.parse(document.getElementById("i18n-catalogue").textContent);
  } catch {
    return {lang: "en", plural: {one: 0, other: 1}, messages: {}};
  }
})();

function fillIn(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** ``msgid`` in the page's language, its {placeholders} filled from ``params``. */
function t(msgid, params) {
  const text = HUB_CATALOGUE.messages[msgid];
  return fillIn(typeof text === "string" ? text : msgid, params);
}

/** The plural form for ``n`` ({n} is filled too). */
function tn(singular, plural, n, params) {
  const forms = HUB_CATALOGUE.messages[singular];
  let category = n === 1 ? "one" : "other";
  try { category = new Intl.PluralRules(HUB_CATALOGUE.lang).select(n); } catch { /* as above */ }
  const index = HUB_CATALOGUE.plural?.[category] ?? (n === 1 ? 0 : 1);
  const text = Array.isArray(forms) ? forms[index] ?? forms.at(-1) : (n === 1 ? singular : plural);
  return fillIn(text, {n, ...params});
}
