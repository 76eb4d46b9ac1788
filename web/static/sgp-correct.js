// Sushi Go Party!'s fields of the correction sheet (correction-fields.js loads this module through
// /api/titles): its own questions, which fields its menu makes matter, and the menu's cards as
// tiles (Sushi Go!'s sheet uses them too), a spoon's ask and a take-out box's flips.
import { h } from "./common.js";
import { FIELDS, choices, hasType, toggles } from "./correction-controls.js";
import { t } from "./i18n.js";
import { FLIPPED, SPECIAL_ORDER, WASABI, cardName, cardOf, chip, menuTypes, tile } from "./sgp-common.js";

const NAMES = { on_wasabi: t("The copy goes on a wasabi"), second_on_wasabi: t("The second copy goes on a wasabi"),
  desserts: t("Desserts shuffled in") };

/** The question for field ``key`` where Sushi Go Party! words it its own way (else null): a
 * tableau's nigiri on a wasabi is asked as in any title. */
export function fieldName(key, kind) {
  if (kind === "enter_tableau" && key === "on_wasabi") return FIELDS.on_wasabi;
  return NAMES[key] ?? null;
}

/** A special order's copy and its wasabi are asked only while the card is a special order. */
export function follows(g, draft, key) {
  if (draft.kind !== "enter_tableau") {
    if (["copies", "on_wasabi"].includes(key)) return draft.card === SPECIAL_ORDER;
    if (["second_copies", "second_on_wasabi"].includes(key)) return draft.second === SPECIAL_ORDER;
  }
  return null;
}

/** Whether a field left at its default matters for this game's menu. */
export function matters(g, key) {
  const v = g.view;
  if (["chopsticks", "spoon"].includes(key)) return false; // "the lowest": entries never name another
  if (key === "second") return hasType(v.menu, "chopsticks");
  if (key === "ask") return hasType(v.menu, "spoon");
  if (key === "on_wasabi") return hasType(v.menu, WASABI);
  if (["special_orders", "special_orders_on_wasabi"].includes(key)) return hasType(v.menu, SPECIAL_ORDER);
  if (key === "flipped") return hasType(v.menu, "takeout_box");
  if (key === "uramaki_places") return hasType(v.menu, "uramaki");
  return true;
}

/** Sushi Go Party! / Sushi Go!: cards of the menu, tapped in as on the entry panel (tap a chip
 * to take it back). ``opened``: lists shown in full although empty (else one "Add a card"). */
export function cardList(g, key, list, set, opened) {
  const menu = g.view.menu;
  if (key !== "cards" && !list.length && !opened.has(key)) {
    return h("div", { class: "row" }, h("span", { class: "muted" }, t("none")),
      h("button", { type: "button", class: "btn", "data-fix-open": key,
        onclick: () => { opened.add(key); set([]); } }, t("Add a card")));
  }
  const n = new Map();
  for (const id of list) n.set(id, (n.get(id) ?? 0) + 1);
  return [
    h("div", { class: "sgp-tray", "data-fix-picked": key }, list.length
      ? list.map((id, i) => chip(menu, id, { "aria-label": t("Take back {card}", { card: cardName(menu, id) }),
        onclick: () => set(list.filter((_, j) => j !== i)) }))
      : h("span", { class: "muted" }, t("none"))),
    h("div", { class: "sgp-grid fix-grid", "data-fix-palette": key }, menu.cards.map((c) => h("div", { class: "sgp-cell" },
      tile(menu, c, { count: n.get(c.id) || null, "aria-label": t("Add {card}", { card: c.name }),
        onclick: () => set([...list, c.id]) })))),
  ];
}

/** One card of the menu; ``extra``: [value, label] choices before the tiles ("None", ...). */
export function oneCard(g, key, value, set, extra = []) {
  const menu = g.view.menu;
  return h("div", { class: "sgp-grid fix-grid", "data-fix-palette": key },
    extra.map(([v, label]) => h("div", { class: "sgp-cell" }, h("button", {
      type: "button", class: "btn fix-none", "aria-pressed": String(value === v), "data-card": v, onclick: () => set(v),
    }, label))),
    menu.cards.map((c) => h("div", { class: "sgp-cell" }, tile(menu, c, {
      pressed: String(c.id === value), class: c.id === value ? "picked" : "",
      onclick: () => set(c.id) }))));
}

/** A card that may be left out (a second card with chopsticks, the Dummy's card): while there
 * is none, "none" and one "Choose a card" button (the tiles once it is tapped). */
export function optionalCard(g, key, value, set, opened) {
  if (!value && !opened.has(key)) {
    return h("div", { class: "row" }, h("span", { class: "muted" }, t("none")),
      h("button", { type: "button", class: "btn", "data-fix-open": key,
        onclick: () => { opened.add(key); set(""); } }, t("Choose a card")));
  }
  return oneCard(g, key, value, set, [["", t("None")]]);
}

/** What a spoon asked for: a type of card ("any Nigiri") or, for a type with several cards, an
 * exact one; "" for no spoon. */
function askControl(g, key, value, set) {
  const menu = g.view.menu;
  const groups = menuTypes(menu);
  const exact = groups.filter((tp) => tp.cards.length > 1 && !tp.cards[0].corner).flatMap((tp) => tp.cards);
  const button = (v, label, background) => h("button", {
    type: "button", class: `type-choice t-${background}`, "aria-pressed": String(value === v), "data-value": v,
    onclick: () => set(v) }, label);
  return h("div", { class: "type-choices", "data-fix-ask": key },
    button("", t("No spoon used"), "none"),
    groups.map((tp) => button(tp.type, t("any {type}", { type: tp.name }), tp.cards[0]?.background ?? tp.type)),
    exact.map((c) => button(c.id, c.name, c.background)));
}

/** The owner of the take-out box a flip entry resolved: the turn's reveals (the last one per
 * player before the turn's bonus entries) hold its take-out boxes, which resolve by corner
 * number, one flip each. null when the history does not say. */
function flipOwner(g, entry) {
  const list = g.snap.history ?? [];
  let i = list.findIndex((e) => e.index === entry.index);
  let rank = 0;
  while (i > 0 && list[i - 1].action.kind !== "reveal") {
    i -= 1;
    if (list[i].action.kind === "flip") rank += 1;
  }
  const reveals = list.slice(Math.max(0, i - g.view.players.length), i).map((e) => e.action);
  const boxes = reveals.flatMap((a) => [a.card, a.second].filter((id) => id?.startsWith("takeout_box"))
    .map((id) => ({ player: a.player, corner: cardOf(g.view.menu, id).corner })));
  boxes.sort((x, y) => x.corner - y.corner);
  return boxes[rank]?.player ?? null;
}

/** A take-out box's flips: the owner's cards of this round as tiles, as on the entry panel,
 * while the view still holds them (every place entered is a flipped card there); else the
 * places numbered in the order the cards were played. */
function flipControl(g, entry, key, value, set) {
  const menu = g.view.menu;
  const owner = flipOwner(g, entry);
  const table = g.view.players.find((p) => p.name === owner)?.table ?? [];
  const toggle = (pos) => set(value.includes(pos) ? value.filter((x) => x !== pos) : [...value, pos].sort((a, b) => a - b));
  if (owner && table.length && entry.action.positions.every((pos) => table[pos]?.flipped)) {
    return [h("p", { class: "hint" }, t("{who}'s cards this round: tap each card the take-out box turned face down.", { who: owner })),
      h("div", { class: "sgp-grid fix-grid", "data-fix-toggles": key }, table.map((p) => h("div", { class: "sgp-cell" },
        tile(menu, cardOf(menu, p.flipped ? p.card : p.scores_as), {
          pressed: String(value.includes(p.pos)), class: value.includes(p.pos) ? "picked" : "", data: { "data-pos": p.pos },
          prefix: t("Turn {turn}", { turn: p.turn }), label: p.flipped ? cardName(menu, p.card) : p.name,
          onclick: () => toggle(p.pos) }))))];
  }
  const most = Math.max(g.view.hand_size ?? 0, g.view.deal ?? 0, ...value.map((p) => p + 1));
  return [h("p", { class: "hint" }, t("The cards of the take-out box's owner, in the order they were played.")),
    toggles(key, value, Array.from({ length: most }, (_, p) => [p, t("Card {n}", { n: p + 1 })]), set)];
}

/** The control of field ``key`` where Sushi Go Party! has its own (else null). */
export function control(g, entry, draft, key, value, set, opened) {
  const v = g.view;
  if (key === "copies" || key === "second_copies") {
    return oneCard(g, key, value, set, [["", t("Nothing (it was discarded)")], [FLIPPED, t("A flipped card")]]);
  }
  if (key === "ask") return askControl(g, key, value, set);
  if (key === "uramaki_places") {
    return toggles(key, value, [[1, t("1st place")], [2, t("2nd place")], [3, t("3rd place")]], set);
  }
  if (key === "positions") return flipControl(g, entry, key, value, set);
  if (key === "chopsticks" || key === "spoon") {
    const corners = v.menu.cards.filter((c) => c.type === key).map((c) => [c.corner, t("{card} ({corner})", { card: c.name, corner: c.corner })]);
    return choices(key, value, [[0, t("The lowest the player had")], ...corners], set);
  }
  if (Array.isArray(value)) return cardList(g, key, value, set, opened);
  if (key === "second") return optionalCard(g, key, value, set, opened);
  if (key === "card" && typeof value === "string") {
    const may = ["spoon_give", "menu_pick"].includes(entry.action.kind);
    return oneCard(g, key, value, set, may ? [["", t("None")]] : []);
  }
  return null;
}

