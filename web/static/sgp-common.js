// Sushi Go Party! on screen: the menu's cards (from the view, no catalogue of our own), tiles,
// chips and short labels shared by the entry panels, the live breakdown and the scoreboard.
import { h } from "./common.js";
import { t, tp } from "./i18n.js";

/** Cards that leave the table on the turn they are played: never in a round-end tableau. */
export const DISCARDED_ON_USE = new Set(["menu", "takeout_box"]);
/** Cards that may have gone back to a hand after a special order copied them. */
export const MAY_LEAVE = new Set(["chopsticks", "spoon"]);
export const SPECIAL_ORDER = "special_order";
export const WASABI = "wasabi";
export const FLIPPED = "flipped";
/** Uramaki places scored during a round and their points (D6). */
export const URAMAKI_PLACES = [[1, 8], [2, 5], [3, 2]];

const FRUIT_NAMES = { watermelon: tp("fruit", "Watermelon"), orange: tp("fruit", "Orange"),
  pineapple: tp("fruit", "Pineapple") };
/** A nigiri's own word on a tile, under "Nigiri". */
const NIGIRI_SHORT = { egg_nigiri: tp("nigiri", "Egg"), salmon_nigiri: tp("nigiri", "Salmon"),
  squid_nigiri: tp("nigiri", "Squid") };
const SHAPES = ["circle", "triangle", "square", "rectangle"];

/** The catalogue context of a menu's names: Sushi Go!'s editions print theirs, Sushi Go Party!
 * its own (the view sends the English names; every page names them in its language). */
function context(menu) {
  return menu.id === "10th_anniversary" || menu.id === "2013" ? "sushi-go" : "sushi-go-party";
}

/** Sushi Go!'s card types as its editions print them (its view words them from the ids). */
const SUSHI_GO_TYPES = {
  nigiri: tp("sushi-go", "Nigiri"), tempura: tp("sushi-go", "Tempura"), sashimi: tp("sushi-go", "Sashimi"),
  gyoza: tp("sushi-go", "Gyoza"), dumpling: tp("sushi-go", "Dumpling"), futomaki: tp("sushi-go", "Futomaki"),
  maki: tp("sushi-go", "Maki"), wasabi: tp("sushi-go", "Wasabi"), chopsticks: tp("sushi-go", "Chopsticks"),
  strawberry_pudding: tp("sushi-go", "Strawberry Pudding"), pudding: tp("sushi-go", "Pudding"),
  frozen_yogurt: tp("sushi-go", "Frozen Yogurt"), bubble_tea: tp("sushi-go", "Bubble Tea"),
  old_fashioned_pudding: tp("sushi-go", "Old-Fashioned Pudding"), mochi: tp("sushi-go", "Mochi"),
};

/** A card's printed name in the page's language (the engines' words.card_label). */
function localName(menu, c) {
  const ctx = context(menu);
  const type = menu.type_names?.[c.type] ? typeName(menu, c.type) : c.name;
  if (c.type === "nigiri" || c.type === "fruit") return tp(ctx, c.name);
  if (c.type === "onigiri") {
    const shape = c.id.split("_")[1];
    return SHAPES.includes(shape) ? t("{card} ({number})", { card: type, number: tp(ctx, shape) }) : c.name;
  }
  const number = c.icons || c.corner || (ctx === "sushi-go" && c.id !== c.type ? c.value : 0);
  if (number && c.id !== c.type) return t("{card} ({number})", { card: type, number });
  return type;
}

/** Card id -> card of the menu ({id, name, type, copies, background, icons, corner}); ``name``
 * in the page's language (``english``: the view's). */
export function cardIndex(menu) {
  if (!menu._index) {
    const cards = menu.cards.map((c) => [c.id, { ...c, english: c.name, name: localName(menu, c) }]);
    Object.defineProperty(menu, "_index", { value: new Map(cards) });
  }
  return menu._index;
}

export function cardOf(menu, id) {
  return cardIndex(menu).get(id) ?? { id, name: id, type: id, background: id, copies: 0 };
}

export function typeName(menu, type) {
  if (context(menu) === "sushi-go" && SUSHI_GO_TYPES[type]) return SUSHI_GO_TYPES[type];
  const english = menu.type_names[type];
  return english ? tp(context(menu), english) : type.replaceAll("_", " ");
}

/** The menu's types in menu order (nigiri, roll, appetizers, specials, dessert) with their cards. */
export function menuTypes(menu) {
  const order = ["nigiri", menu.roll, ...menu.appetizers, ...menu.specials, menu.dessert];
  return order.map((type) => ({
    type, name: typeName(menu, type), cards: [...cardIndex(menu).values()].filter((c) => c.type === type),
  }));
}

function fruitParts(id) {
  return id.split("_").slice(1);
}

/** The short word on a tile under the type name: "Egg", "2", "Triangle", "7", "Melon Pine"; a
 * number printed on a Sushi Go! dessert ("strawberry_pudding_4", "frozen_yogurt_0") too. */
export function variantLabel(card) {
  if (card.type === "nigiri") return NIGIRI_SHORT[card.id] ?? card.name;
  if (card.icons) return String(card.icons);
  if (card.corner) return String(card.corner);
  if (typeof card.value === "number" && card.id.endsWith(`_${card.value}`)) return String(card.value);
  if (card.type === "onigiri") {
    const shape = tp("sushi-go-party", card.id.split("_")[1]);  // onigiri: Sushi Go Party! only
    return shape[0].toUpperCase() + shape.slice(1);
  }
  if (card.type === "fruit") {
    const [a, b] = fruitParts(card.id);
    return [h("span", { class: `fr fr-${a}`, "aria-hidden": "true" }), " ",
      h("span", { class: `fr fr-${b}`, "aria-hidden": "true" }), " ",
      a === b ? `${FRUIT_NAMES[a]} ×2` : `${FRUIT_NAMES[a]} ${FRUIT_NAMES[b]}`];
  }
  return null;
}

/** A card's name for a sentence or a chip: "Maki (2)", "Fruit: orange and pineapple". */
export function cardName(menu, id) {
  if (id === FLIPPED) return t("a flipped card");
  if (!id) return t("nothing");
  return cardOf(menu, id).name;
}

/** A big card button: type name small, variant big, a count badge; data-card = id. */
export function tile(menu, card, props = {}) {
  const variant = variantLabel(card);
  const typeLabel = typeName(menu, card.type);
  const label = props.label ?? (variant === null ? typeLabel : variant);
  const aria = props["aria-label"] ?? (props.prefix ? `${props.prefix} ${card.name}` : card.name);
  return h("button", {
    type: "button", class: `sgp-tile t-${card.background} ${props.class ?? ""}`,
    "data-card": card.id, "aria-label": aria, "aria-pressed": props.pressed,
    onclick: props.onclick, disabled: props.disabled, why: props.why,
    ...(props.data ?? {}),
  },
  props.prefix || variant !== null ? h("span", { class: "tt" }, props.prefix ?? typeLabel) : null,
  h("span", { class: "tv" }, label),
  props.count ? h("span", { class: "badge" }, props.count) : null);
}

/** A small coloured chip for a card (a button when ``onclick`` is given). */
export function chip(menu, id, props = {}) {
  const card = cardOf(menu, id);
  const tag = props.onclick ? "button" : "span";
  return h(tag, {
    type: props.onclick ? "button" : undefined,
    class: `sgp-chip t-${props.flipped ? "flipped" : card.background}${props.flipped ? " flipped" : ""}`
      + `${props.onWasabi ? " on-wasabi" : ""} ${props.class ?? ""}`,
    onclick: props.onclick, "aria-label": props["aria-label"], "data-chip": props.data,
  }, props.label ?? card.name, props.count > 1 ? h("span", { class: "n" }, `×${props.count}`) : null,
  props.onclick ? h("span", { class: "x", "aria-hidden": "true" }, "✕") : null);
}

/** Counts of a list of ids, in first-seen order. */
export function counts(list) {
  const out = new Map();
  for (const id of list) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : (many ?? `${one}s`)}`;
}

/** "8 + 5" style total of a breakdown. */
export function sumPoints(lines) {
  return (lines ?? []).reduce((sum, line) => sum + line.points, 0);
}

export function signed(points) {
  return points > 0 ? `+${points}` : `${points}`;
}

/** Breakdown lines as a list (each line: what, points). */
export function breakdownList(lines) {
  if (!lines.length) return h("p", { class: "muted small" }, t("Nothing scored yet."));
  return h("ul", { class: "breakdown" }, lines.map((line) => h("li", null,
    h("span", null, line.detail || line.rule),
    h("span", { class: "pts" }, signed(line.points)))));
}

/** What a special order played on ``table`` may copy: [{copies, on_wasabi}] (the engine's
 * so_choices): every face-up card once, a nigiri not on a wasabi also onto an empty wasabi, and
 * "flipped" when a card is face down; nothing at all (copies "") on an empty table. */
export function orderChoices(table) {
  if (!table.length) return [{ copies: "", on_wasabi: false }];
  const out = [];
  const emptyWasabi = table.some((p) => p.scores_as === WASABI && !p.covered && !p.flipped);
  const seen = new Set();
  for (const p of table) {
    if (p.flipped) continue;
    const x = p.scores_as;
    if (!seen.has(x)) {
      seen.add(x);
      out.push({ copies: x, on_wasabi: false });
    }
    if (emptyWasabi && x.endsWith("_nigiri") && !p.on_wasabi
      && !out.some((o) => o.copies === x && o.on_wasabi)) {
      out.push({ copies: x, on_wasabi: true });
    }
  }
  if (table.some((p) => p.flipped)) out.push({ copies: FLIPPED, on_wasabi: false });
  return out;
}

/** The label of a special order's choice. */
export function orderLabel(menu, choice) {
  if (!choice.copies) return t("Nothing to copy (discarded)");
  if (choice.copies === FLIPPED) return t("A flipped card (stays face down)");
  const card = cardName(menu, choice.copies);
  return choice.on_wasabi ? t("{card} on a wasabi", { card }) : card;
}
