// Sushi Go!'s fields of the correction sheet (correction-fields.js loads this module through
// /api/titles): which fields its dessert, variant and menu make matter, the lead token's takes,
// the pyramid's places and the mochi die; the menu's cards as Sushi Go Party!'s sheet shows them.
import { h } from "./common.js";
import { FIELDS, choices, dieFaces, hasType } from "./correction-controls.js";
import { t } from "./i18n.js";
import { WASABI } from "./sgp-common.js";
import { cardList, oneCard, optionalCard } from "./sgp-correct.js";

const STRAWBERRY = "strawberry_pudding";
const MOCHI = "mochi";

/** A battle's second place is asked only with a second card, in a sushi battle. */
export function follows(g, draft, key) {
  if (key === "second_at") return g.view.variant === "sushi_battle" && Boolean(draft.second);
  return null;
}

/** Whether a field left at its default matters for this game (a game without strawberry
 * puddings is not asked about the lead token). */
export function matters(g, key) {
  const v = g.view;
  if (["lead_takes", "holds_lead"].includes(key)) return v.dessert === STRAWBERRY;
  if (key === "mochi_die") return v.dessert === MOCHI;
  if (key === "dummy_card") return Boolean(v.dummy);
  if (key === "second") return hasType(v.menu, "chopsticks");
  if (key === "at") return v.variant === "sushi_battle";
  if (key === "on_wasabi") return hasType(v.menu, WASABI);
  return true;
}

/** Fields a record leaves out when unanswered, asked where they matter: a tableau's lead takes,
 * a reveal's pyramid places. */
export function moreFields(g, entry, keys) {
  if (entry.action.kind === "enter_tableau" && !keys.includes("lead_takes")) keys.push("lead_takes");
  if (entry.action.kind === "reveal") {
    for (const k of ["at", "second_at"]) if (!keys.includes(k)) keys.push(k);
  }
}

/** The Sushi Go! pyramid's places, row by row (``value``: [row, card], [] for none). */
function pyramidPlaces(g, key, value, set) {
  const rows = g.view.pyramid?.rows?.map((r) => r.length) ?? [2, 3, 4, 5, 6];
  const on = (r, c) => value[0] === r && value[1] === c;
  return h("div", { class: "fix-pyramid", "data-fix-pyramid": key },
    h("button", { type: "button", class: "btn", "aria-pressed": String(!value.length), "data-value": "",
      onclick: () => set([]) }, t("No place")),
    rows.map((n, i) => h("div", { class: "fix-pyramid-row" },
      h("span", { class: "muted small" }, t("Row {row}", { row: i + 1 })),
      Array.from({ length: n }, (_, j) => h("button", {
        type: "button", class: "btn", "aria-pressed": String(on(i + 1, j + 1)), "data-at": `${i + 1},${j + 1}`,
        "aria-label": t("row {row}, card {card}", { row: i + 1, card: j + 1 }), onclick: () => set([i + 1, j + 1]),
      }, String(j + 1))))));
}

function leadTakes(g, draft, key, value, set) {
  const puddings = (draft.cards ?? []).filter((id) => g.view.menu.cards.find((c) => c.id === id)?.type === STRAWBERRY).length;
  const most = Math.max(puddings, value ?? 0);
  return [
    value === undefined ? h("p", { class: "sgp-warn" }, t("Not answered: choose how many times, “Never” included.")) : null,
    choices(key, value, Array.from({ length: most + 1 }, (_, k) => [k, k === 0 ? t("Never") : `${k}×`]), set),
  ];
}

/** The control of field ``key`` where Sushi Go! has its own (else null). */
export function control(g, entry, draft, key, value, set, opened) {
  if (key === "lead_takes") return leadTakes(g, draft, key, value, set);
  if (key === "mochi_die") {
    return [choices(key, value, [[0, t("Unchanged: not rolled this round")]], set),
      dieFaces(FIELDS[key], key, value, set)];
  }
  if (key === "value") return dieFaces(FIELDS[key], key, value, set);
  if (key === "at" || key === "second_at") return pyramidPlaces(g, key, value ?? [], set);
  if (Array.isArray(value)) return cardList(g, key, value, set, opened);
  if (key === "card") return oneCard(g, key, value, set);
  if (key === "second" || key === "dummy_card") return optionalCard(g, key, value, set, opened);
  return null;
}

