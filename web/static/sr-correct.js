// Sushi Roll's fields of the correction sheet (correction-fields.js loads this module through
// /api/titles): its own questions and the dice, picked among every face of the game's dice.
import { h } from "./common.js";
import { stepper } from "./correction-controls.js";
import { t } from "./i18n.js";
import { dicePicker, dieTile, faceIndex } from "./sr-common.js";

const NAMES = { desserts: t("Dessert tokens"), menu: t("Menu tokens"), chopsticks: t("Chopsticks tokens"),
  die: t("Die picked"), on_wasabi: t("Nigiri on a wasabi") };

/** The question for field ``key`` where Sushi Roll words it its own way (else null). */
export function fieldName(key) {
  return NAMES[key] ?? null;
}

/** Sushi Roll: one die among every face of the game's dice. */
function oneDie(g, key, value, set) {
  const faces = [...faceIndex(g.view).values()];
  return h("div", { class: "sr-faces", "data-fix-palette": key },
    faces.map((f) => dieTile(f, { "aria-pressed": String(f.die === value), class: f.die === value ? "selected" : "",
      onclick: () => set(f.die) })));
}

/** The control of field ``key`` where Sushi Roll has its own (else null). */
export function control(g, entry, draft, key, value, set) {
  const v = g.view;
  if (Array.isArray(value)) {
    const chosen = [...value];
    const tray = entry.action.kind === "enter_tray";
    const other = key === "dice" ? draft.on_wasabi : draft.dice;
    const opts = tray
      ? { total: v.turns - (other?.length ?? 0), kinds: key === "on_wasabi" ? { nigiri: Infinity } : null, empty: t("None") }
      : { total: entry.action[key].length };
    return [h("p", { class: "hint" }, t("Tap a die in the box to take it back, then tap the face it showed.")),
      dicePicker(v, chosen, () => set(chosen), opts)];
  }
  if (["die", "give", "take"].includes(key)) return oneDie(g, key, value, set);
  if (key === "desserts") {
    return stepper(NAMES[key], key, value, set, -1, (n) => (n < 0 ? t("as the dice show") : String(n)));
  }
  return null;
}

