// Sushi Go! on screen: what its screens share (the tables, the lead token, the mochi dice, words
// for the options and the history). The cards, tiles and chips are Sushi Go Party!'s
// (sgp-common.js): the engine's view gives its cards in the same "menu" shape.
import { h } from "./common.js";
import { t, tn } from "./i18n.js";
import { dieFace } from "./game-dice.js";
import { VARIANT_NAMES } from "./sg-setup.js";
import { cardName, cardOf, typeName } from "./sgp-common.js";

export { VARIANT_NAMES };

export const GAME_ID = "sushi-go";
export const MOCHI = "mochi";
export const STRAWBERRY = "strawberry_pudding";
export const DIE_FACES = [1, 2, 3, 4, 5, 6];

/** Every table in seat order: the players, then the dummy of the dummy-player variant (the
 * order of view.live and of the mochi dice). */
export function tables(v) {
  return v.dummy ? [...v.players, v.dummy] : v.players;
}

export function seatOf(v, name) {
  return tables(v).findIndex((p) => p.name === name);
}

/** The face ``name``'s mochi die shows (null without the mochi dessert). */
export function dieOf(v, name) {
  const i = seatOf(v, name);
  return v.mochi && i >= 0 ? v.mochi.dice[i] : null;
}

/** The type of a card id of this game ("strawberry_pudding_4" -> "strawberry_pudding"). */
export function typeOf(v, id) {
  return cardOf(v.menu, id).type;
}

/** The game's dessert as the edition prints it, in the page's language. */
export function dessertName(v) {
  return typeName(v.menu, v.dessert);
}


/** A mochi die as a small static face, labelled for screen readers. */
export function smallDie(value, label) {
  return dieFace(value, { class: "static small-die", "aria-label": label, title: label });
}

/** A row of six die faces to tap; ``chosen`` is pressed, ``data`` names the row's buttons. */
export function dieRow(label, chosen, choose, data) {
  return h("div", { class: "die-row", role: "group", "aria-label": label },
    DIE_FACES.map((v) => dieFace(v, {
      class: chosen === v ? "selected" : "", "aria-pressed": String(chosen === v),
      "aria-label": t("{what}: {face}", { what: label, face: v }), [data]: v, onclick: () => choose(v),
    })));
}

/** A history line for a Sushi Go! action (the engine has no wording of its own yet). */
export function describe(g, entry) {
  const a = entry.action;
  const menu = g.view.menu;
  const name = (id) => cardName(menu, id);
  if (a.kind === "enter_tableau") {
    const n = a.cards.length + a.on_wasabi.length;
    const extra = [
      a.lead_takes ? tn("took the lead {n} time", "took the lead {n} times", a.lead_takes) : null,
      a.holds_lead ? t("holds the lead token") : null,
      a.mochi_die ? t("mochi die {n}", { n: a.mochi_die }) : null,
    ].filter(Boolean);
    const said = tn("{player}'s tableau: {n} card", "{player}'s tableau: {n} cards", n, { player: a.player });
    return extra.length ? t("{what} ({extra})", { what: said, extra: extra.join(", ") }) : said;
  }
  if (a.kind === "reveal") {
    const second = a.second ? t(" + {card} (chopsticks)", { card: name(a.second) }) : "";
    const dummy = a.dummy_card ? t("; for the Dummy: {card}", { card: name(a.dummy_card) }) : "";
    return t("{player} revealed {card}", { player: a.player, card: name(a.card) }) + second + dummy;
  }
  if (a.kind === "mochi_roll") return t("{player}'s mochi die rolled {n}", { player: a.player, n: a.value });
  return entry.summary;
}
