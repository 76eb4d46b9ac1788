// The Sushi Roll part of the new-game form (home.js loads it through /api/titles): trays at round
// end are the quick way to follow a game (issue 24 item 7), the words of its mode buttons, and
// the red-bordered belt as its start player.
import { t } from "./i18n.js";

export const GAME_ID = "sushi-roll";
/** The form's own defaults where the engine's differ. */
export const DEFAULTS = { mode: "scoring" };
const LABELS = { mode: { scoring: t("Trays at round end"), turns: t("Turn by turn") } };

/** The words on an option's button. */
export function choiceLabel(key, value) {
  return LABELS[key]?.[String(value)] ?? null;
}

/** Who plays first: the player dealt the red-bordered belt. */
export function startLabel() {
  return t("Red belt (plays first)");
}
