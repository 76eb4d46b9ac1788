// The Sushi Go Party! part of the new-game form: the menu picker (8 preset tiles) and the à la
// carte builder (1 roll, 3 appetizers, 2 specials, 1 dessert) that says what is wrong with a
// choice before it is sent. The catalogue comes from GET /api/titles/sushi-go-party/menus; the
// engine still checks the menu when the game is created, and its reason is what the page shows.
import { api, h } from "./common.js";
import { t, tn } from "./i18n.js";

export const GAME_ID = "sushi-go-party";
/** Up to 8 players: the 6 player colours and two more. */
export const COLOURS = ["red", "yellow", "green", "blue", "black", "white", "orange", "purple"];
/** Words for the option values on the buttons. */
export const CHOICE_LABELS = {
  scoring: t("Tableaux at round end"), turns: t("Turn by turn"),
  nothing: t("Nobody scores"), literal: t("Everyone is most and fewest"),
};
/** A slot's count in words (the plural form of the page's language). */
const SLOT_COUNT = {
  roll: (n) => tn("{n} roll", "{n} rolls", n),
  appetizer: (n) => tn("{n} appetizer", "{n} appetizers", n),
  special: (n) => tn("{n} special", "{n} specials", n),
  dessert: (n) => tn("{n} dessert", "{n} desserts", n),
};
const PICK_ONE = { roll: t("Pick a roll."), appetizer: t("Pick an appetizer."), special: t("Pick a special."),
  dessert: t("Pick a dessert.") };
const SLOTS = ["roll", "appetizer", "special", "dessert"];

/** What the picker holds: the catalogue, which tab, the preset and the à la carte picks. */
export const pick = { catalogue: null, tab: "presets", preset: "my_first_meal", carte: null, carteFrom: null };

export async function loadCatalogue() {
  if (!pick.catalogue) pick.catalogue = await api("GET", "/api/titles/sushi-go-party/menus");
  return pick.catalogue;
}

/** The form's hooks (home.js): the menu catalogue is loaded when the title is picked. */
export const prepare = loadCatalogue;

/** The words on an option's button. */
export function choiceLabel(key, value) {
  return CHOICE_LABELS[value] ?? null;
}

/** The menu is asked by the menu picker, not as an option's buttons. */
export function optionShown(key) {
  return key !== "menu";
}

/** No start player: hands pass in seat order. */
export function startLabel() {
  return null;
}

/** The options as sent: the menu picked (a preset id or the à la carte menu); a reason to stop
 * before sending instead when the menu cannot even be written down. */
export function finishOptions(options) {
  const stop = blocking();
  if (stop) return stop;
  options.menu = menuOption();
  return null;
}

function types() {
  return new Map(pick.catalogue.types.map((t) => [t.id, t]));
}

function picksFromMenu(menu) {
  return { roll: [menu.roll], appetizer: [...menu.appetizers], special: [...menu.specials], dessert: [menu.dessert] };
}

function menuOfPicks(p) {
  return { roll: p.roll[0] ?? null, appetizers: [...p.appetizer], specials: [...p.special], dessert: p.dessert[0] ?? null };
}

function presetOf(id) {
  return pick.catalogue.presets.find((p) => p.id === id);
}

/** The value of the ``menu`` option: a preset id, or the à la carte object. */
export function menuOption() {
  if (pick.tab === "presets") return pick.preset;
  return menuOfPicks(pick.carte);
}

function limitProblem(typeId, players) {
  const type = types().get(typeId);
  const [low, high] = type.players;
  if (players >= low && players <= high) return null;
  return t("{card} is played only with {low} to {high} players, not {players}", { card: type.name, low, high, players });
}

/** Why the à la carte picks are not a menu for ``players`` (the engine's rules, its words). */
export function carteProblems(players) {
  const out = [];
  for (const slot of SLOTS) {
    const want = pick.catalogue.slots[slot];
    const n = pick.carte[slot].length;
    const count = SLOT_COUNT[slot];
    if (n < want) out.push(want === 1 ? PICK_ONE[slot] : t("Pick {more} more (a menu has {want}).", { more: count(want - n), want }));
    if (n > want) out.push(t("A menu has {wanted}, not {n}: tap one to take it off.", { wanted: count(want), n }));
  }
  for (const slot of SLOTS) {
    for (const id of pick.carte[slot]) {
      const problem = limitProblem(id, players);
      if (problem) out.push(t("{problem}.", { problem }));
    }
  }
  return out;
}

/** A reason to stop before sending (the menu cannot even be written down), or null. */
export function blocking() {
  if (pick.tab !== "carte") return null;
  if (!pick.carte.roll.length) return t("Pick a roll for the à la carte menu.");
  if (!pick.carte.dessert.length) return t("Pick a dessert for the à la carte menu.");
  return null;
}

function presetTile(p, players, rerender) {
  const byId = types();
  const problem = p.types.map((t) => limitProblem(t, players)).find(Boolean);
  const [low, high] = p.players;
  const range = low === pick.catalogue.players[0] && high === pick.catalogue.players[1]
    ? null : t("{low}–{high} players", { low, high });
  return h("button", {
    type: "button", class: `menu-tile${problem ? " unfit" : ""}`, "data-menu": p.id,
    "aria-pressed": String(pick.preset === p.id),
    onclick: () => { pick.preset = p.id; rerender(); },
  },
  h("span", { class: "name" }, p.name),
  h("span", { class: "types" }, p.types.filter((t) => t !== "nigiri").map((t) => h("span", { class: `t-${t}` },
    byId.get(t).name))),
  problem ? h("span", { class: "limit" }, t("Not for {players} players: {problem}", { players, problem }))
    : range ? h("span", { class: "limit" }, range) : null);
}

function slotChooser(slot, players, rerender) {
  const want = pick.catalogue.slots[slot];
  const chosen = pick.carte[slot];
  const choices = pick.catalogue.types.filter((t) => t.slot === slot);
  const toggle = (id) => () => {
    const i = chosen.indexOf(id);
    if (i >= 0) chosen.splice(i, 1);
    else if (want === 1) chosen.splice(0, chosen.length, id);
    else chosen.push(id);
    rerender();
  };
  return h("div", { "data-slot": slot },
    h("div", { class: "slot-head" }, h("span", null, SLOT_COUNT[slot](want)),
      h("span", { class: `count${chosen.length === want ? "" : " bad"}` }, t("{n} of {total}", { n: chosen.length, total: want }))),
    h("div", { class: "type-choices" }, choices.map((type) => {
      const [low, high] = type.players;
      const limited = low !== pick.catalogue.players[0] || high !== pick.catalogue.players[1];
      const unfit = players < low || players > high;
      return h("button", {
        type: "button", class: `type-choice t-${type.id}`, "data-type": type.id, "aria-pressed": String(chosen.includes(type.id)),
        onclick: toggle(type.id),
      }, chosen.includes(type.id) ? "✓ " : "", type.name, limited ? h("span", { class: "lim" }, unfit ? "⚠ " : "", t("{low}–{high} players", { low, high })) : null);
    })));
}

function sameMenu(a, b) {
  const key = (m) => [m.roll, [...m.appetizers].sort().join(","), [...m.specials].sort().join(","), m.dessert].join("|");
  return key(a) === key(b);
}

function builder(players, rerender) {
  const problems = carteProblems(players);
  const menu = menuOfPicks(pick.carte);
  const preset = problems.length ? null : pick.catalogue.presets.find((p) => sameMenu(p.menu, menu));
  return [
    h("p", { class: "muted small" }, t("Nigiri is on every menu. Pick the rest; the problems are listed below as you go.")),
    SLOTS.map((slot) => slotChooser(slot, players, rerender)),
    problems.length
      ? h("ul", { class: "menu-errors", "data-menu-errors": "", role: "status" }, problems.map((p) => h("li", null, p)))
      : h("p", { class: "menu-ok", "data-menu-ok": "" }, preset ? t("Ready: this is the {menu} menu.", { menu: preset.name })
        : t("Ready for {players} players.", { players })),
  ];
}

/** Fill ``el`` with the picker for ``players`` players; ``rerender`` draws it again. */
export function renderMenuPicker(el, players, rerender) {
  if (!pick.catalogue) {
    el.replaceChildren(h("p", { class: "muted" }, t("Loading the menus…")));
    return;
  }
  if (pick.carteFrom !== pick.preset) { // à la carte starts from the preset picked last
    pick.carte = picksFromMenu(presetOf(pick.preset).menu);
    pick.carteFrom = pick.preset;
  }
  const setTab = (tab) => () => {
    pick.tab = tab;
    rerender();
  };
  el.replaceChildren(
    h("div", { class: "seg", role: "group", "aria-label": t("Preset or à la carte") },
      h("button", { type: "button", "aria-pressed": String(pick.tab === "presets"), "data-menu-tab": "presets",
        onclick: setTab("presets") }, t("Preset menus")),
      h("button", { type: "button", "aria-pressed": String(pick.tab === "carte"), "data-menu-tab": "carte",
        onclick: setTab("carte") }, t("À la carte"))),
    ...(pick.tab === "presets"
      ? [h("div", { class: "menu-tiles", "data-presets": "" },
        pick.catalogue.presets.map((p) => presetTile(p, players, rerender)))]
      : builder(players, rerender).flat()),
    h("p", { class: "muted small" }, t("{players} players: {deal} cards each per round; desserts shuffled in {schedule}.", {
      players, deal: pick.catalogue.deal[players] ?? "?", schedule: (pick.catalogue.schedule[players] ?? []).join(" / ") })),
  );
}
