// The Sushi Express part of the new-game form (home.js loads it through /api/titles): its
// options are house rules, and the words of the lowest stack's markers.
import { t } from "./i18n.js";

export const GAME_ID = "sushi-express";
/** Its options are house rules (the form's heading says so). */
export const HOUSE_RULES = true;
const LABELS = { stack_lowest: { bottom: t("The bottom marker"), top: t("The top marker") } };

/** The words on an option's button. */
export function choiceLabel(key, value) {
  return LABELS[key]?.[String(value)] ?? null;
}
