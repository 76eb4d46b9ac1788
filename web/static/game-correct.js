// Sushi Express's fields of the correction sheet (correction-fields.js loads this module through
// /api/titles): its own questions, the customer colours and the dice as they were entered.
import { ACTION_CARDS, CUSTOMERS, customerChip, h } from "./common.js";
import { choices, dieFaces } from "./correction-controls.js";
import { t } from "./i18n.js";

const NAMES = { second: t("Second number"), die: t("Die re-rolled"), value: t("It now shows"), cards: t("Customer cards") };

/** The question for field ``key`` where Sushi Express words it its own way (else null). */
export function fieldName(key) {
  return NAMES[key] ?? null;
}

/** Express: the customer colours, tapped as when they were turned up (tap a picked one to take it back). */
function customers(key, list, set, count) {
  return [
    h("p", { class: "hint" }, t("Tap the colour of each card turned up; tap a picked card to take it back.")),
    h("div", { class: "chips", "data-fix-picked": key }, list.map((c, i) => customerChip(c, null, {
      "aria-label": t("Take back {card}", { card: CUSTOMERS[c] ?? c }), onclick: () => set(list.filter((_, j) => j !== i)) }))),
    h("div", { class: "chips", "data-fix-palette": key }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      disabled: list.length >= count, why: t("All {n} cards are picked: tap a picked card above to take it back.", { n: count }),
      onclick: () => set([...list, c]) }))),
  ];
}

/** Express: each die's face, tapped as when it was rolled. */
function expressDice(key, list, set) {
  return list.map((v, i) => {
    const label = t("Die {n}", { n: i + 1 });
    return h("div", null, h("div", { class: "muted small" }, label),
      dieFaces(label, i, v, (f) => set(list.map((x, j) => (j === i ? f : x)))));
  });
}

/** The control of field ``key`` where Sushi Express has its own (else null). */
export function control(g, entry, draft, key, value, set) {
  const original = entry.action[key];
  if (key === "cards") return customers(key, value, set, original.length);
  if (key === "card" && entry.action.kind === "record_draw") return choices(key, value, Object.entries(ACTION_CARDS), set);
  if (key === "card") {
    return h("div", { class: "chips", "data-fix-palette": key }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      "aria-pressed": String(c === value), class: c === value ? "selected" : "", onclick: () => set(c) })));
  }
  if (key === "dice") return expressDice(key, value, set);
  if (key === "value") return dieFaces(NAMES.value, key, value, set);
  if (key === "die") return choices(key, value, [[0, t("Die {n}", { n: 1 })], [1, t("Die {n}", { n: 2 })]], set);
  return null;
}

