// The Sushi Go! part of the new-game form: words for the edition, dessert, variant and mode
// buttons, what each choice needs (the 2-player variants, the 10th anniversary's desserts), the
// "must have futomaki" rule shown only for 2 players, and the start player only where a variant
// names one. The form still sends any combination: the engine refuses one the rulebook does not
// allow, and the page shows its reason. (No import of the game screens: the home page loads this. What the form asks
// of a title's setup module is listed in home.js.)
import { t, tp } from "./i18n.js";

export const GAME_ID = "sushi-go";
/** Its options depend on the player count: the form draws them again when it changes. */
export const OPTIONS_BY_PLAYERS = true;

/** Words for the variants (the setup form and the game screens). */
export const VARIANT_NAMES = {
  none: t("No variant"), two_way_road: t("Two-way road"), sushi_golf: t("Sushi golf"),
  personal_draw_piles: t("Personal draw piles"), sushi_battle: t("Sushi battle"), dummy_player: t("Dummy player"),
};

const TWO_PLAYERS = new Set(["personal_draw_piles", "sushi_battle", "dummy_player"]);
const ANNIVERSARY = "10th_anniversary";
const LABELS = {
  edition: { [ANNIVERSARY]: t("10th anniversary (2024)"), 2013: t("Original (2013)") },
  dessert: {
    frozen_yogurt: tp("sushi-go", "Frozen Yogurt"), bubble_tea: tp("sushi-go", "Bubble Tea"),
    old_fashioned_pudding: tp("sushi-go", "Old-Fashioned Pudding"), mochi: tp("sushi-go", "Mochi"),
  },
  variant: VARIANT_NAMES,
  mode: { scoring: t("Tableaux at round end"), turns: t("Turn by turn") },
};

/** The words on an option's button. */
export function choiceLabel(key, value, options) {
  if (key === "dessert" && value === "standard") {
    return options.edition === "2013" ? t("{dessert} (standard)", { dessert: tp("sushi-go", "Pudding") })
      : t("{dessert} (standard)", { dessert: tp("sushi-go", "Strawberry Pudding") });
  }
  return LABELS[key]?.[String(value)] ?? null;
}

/** A short note under a choice: what it needs, and whether the game as set up has it
 * (``{text, unfit}``), or null. */
export function choiceNote(key, value, options, players) {
  if (key === "variant" && TWO_PLAYERS.has(value)) {
    return { text: players === 2 ? t("2 players") : t("2 players only, not {players}", { players }), unfit: players !== 2 };
  }
  if (key === "dessert" && value !== "standard" && options.edition === "2013") {
    return { text: t("10th anniversary only"), unfit: true };
  }
  return null;
}

/** Options shown for ``players`` players ("must have futomaki" is a 2-player rule). */
export function optionShown(key, players) {
  return key !== "must_have_futomaki" || players === 2;
}

/** The start player's label when the variant names one (who starts the sushi battle, who
 * controls the Dummy first), else null: hands pass in seat order and nobody starts. */
export function startLabel(options) {
  if (options.variant === "sushi_battle") return t("Who takes first (sushi battle)");
  if (options.variant === "dummy_player") return t("Who controls the Dummy first");
  return null;
}
