// The correction sheet's fields (correction.js): which of an entry's fields are asked, their
// questions in words, and for each the control the entry was made with: the customer colours,
// dice faces, the menu's cards as tiles, the Sushi Roll dice, the players' names, the pyramid's
// places, a take-out box's cards, counts with − and +. No field is ever typed text, and no
// internal id is shown.
//
// What a title asks its own way is its "correct" module (web/static/<prefix>-correct.js, named
// by /api/titles and loaded by loadFields before the sheet opens), each export optional:
// fieldName(key, kind) (its own question, or null), follows(g, draft, key) (a field that belongs
// to another: asked now or not; null for any other field), matters(g, key) (whether a field left
// at its default matters for this game), moreFields(g, entry, keys) (fields a record leaves out
// when unanswered, added where they matter) and control(g, entry, draft, key, value, set,
// opened) (its own control, or null). This module names no title.
import { h } from "./common.js";
import { FIELDS, choices, stepper } from "./correction-controls.js";
import { t } from "./i18n.js";
import { titleModule } from "./titles.js";

/** Title id -> its loaded correct module (null: none). */
const TITLE_FIELDS = new Map();

/** Load title ``id``'s correct module (once); the sheet's functions below read it. */
export async function loadFields(id) {
  if (!TITLE_FIELDS.has(id)) TITLE_FIELDS.set(id, await titleModule(id, "correct"));
}

function own(title) {
  return TITLE_FIELDS.get(title) ?? {};
}

/** The question for field ``key`` of an entry of title ``title``. */
export function fieldName(title, key, kind = "") {
  return own(title).fieldName?.(key, kind) ?? FIELDS[key] ?? t("Other detail");
}

// ---------- which fields are asked ----------

function isDefault(v) {
  return v === undefined || v === "" || v === 0 || v === false || (Array.isArray(v) && v.length === 0);
}

/** For a field that belongs to another one (a special order's copy to its card, the second
 * card's place to the second card): whether it is asked now; null for any other field. */
function follows(g, draft, key) {
  return own(g.view.game).follows?.(g, draft, key) ?? null;
}

/** Whether a field left at its default in the entry matters for this game (else it is not
 * asked: a Sushi Go! game without strawberry puddings is not asked about the lead token). */
function matters(g, key) {
  return own(g.view.game).matters?.(g, key) ?? true;
}

/** The fields of ``entry`` the sheet asks, in the entry's order; fields a record leaves out
 * when unanswered (Sushi Go!'s lead takes, a battle's places) are asked where they matter. A
 * field entered is always asked, unless it belongs to another that no longer calls for it. */
export function askedFields(g, entry, draft) {
  const keys = Object.keys(entry.action).filter((k) => k !== "kind");
  own(g.view.game).moreFields?.(g, entry, keys);
  return keys.filter((k) => follows(g, draft, k) ?? (!isDefault(entry.action[k]) || matters(g, k)));
}

/** The value of a field left empty: "", false, [], 0; undefined where the record leaves it out. */
function emptyLike(value) {
  if (Array.isArray(value)) return [];
  return { string: "", boolean: false, number: 0 }[typeof value];
}

/** A field not asked is not sent as the draft had it: one that belongs to another field goes
 * empty (a special order's copy when the card is no longer a special order), any other goes
 * back to what was entered. */
export function resetUnasked(g, entry, draft, asked) {
  for (const key of Object.keys(draft)) {
    if (key === "kind" || asked.includes(key)) continue;
    if (follows(g, draft, key) === false) draft[key] = emptyLike(draft[key]);
    else if (key in entry.action) draft[key] = structuredClone(entry.action[key]);
    else delete draft[key];
  }
}

// ---------- the controls ----------

/** The control of field ``key`` (``set(value)`` changes the draft). */
export function control(g, entry, draft, key, set, opened) {
  const value = draft[key];
  const v = g.view;
  const title = v.game;
  const names = v.players.map((p) => p.name);
  if (["player", "giver", "other"].includes(key)) {
    const all = v.dummy ? [...names, v.dummy.name] : names;
    const options = (all.includes(value) || value === "" ? all : [...all, value]).map((n) => [n, n]);
    if (key === "giver") options.push(["", t("Nobody had it")]);
    return choices(key, value, options, set);
  }
  if (typeof value === "boolean") return choices(key, value, [[true, t("Yes")], [false, t("No")]], set);
  const special = own(title).control?.(g, entry, draft, key, value, set, opened) ?? null;
  if (special) return special;
  if (typeof value === "number") return stepper(fieldName(title, key), key, value, set);
  return h("p", { class: "muted", "data-fix-fixed": key }, t("This cannot be changed here: undo the entry and enter it again."));
}
