// The correction sheet's fields (correction.js): which of an entry's fields are asked, their
// questions in words, and for each the control the entry was made with: the customer colours,
// dice faces, the menu's cards as tiles, the Sushi Roll dice, the players' names, the pyramid's
// places, a take-out box's cards, counts with − and +. No field is ever typed text, and no
// internal id is shown.
import { ACTION_CARDS, CUSTOMERS, customerChip, h } from "./common.js";
import { dieFace } from "./game-dice.js";
import { t } from "./i18n.js";
import { FLIPPED, SPECIAL_ORDER, WASABI, cardName, cardOf, chip, menuTypes, tile } from "./sgp-common.js";
import { dicePicker, dieTile, faceIndex } from "./sr-common.js";

const STRAWBERRY = "strawberry_pudding";
const MOCHI = "mochi";

/** Each field's question (a title's own wording first, in TITLE_FIELDS). */
const FIELDS = {
  player: t("Who"), giver: t("Who gave it"), cards: t("Cards"), card: t("Card"), second: t("Second card (chopsticks)"),
  dummy_card: t("Dummy's card"), on_wasabi: t("Nigiri on a wasabi"), special_orders: t("What each special order copies"),
  special_orders_on_wasabi: t("Special orders copying a nigiri on a wasabi"), flipped: t("Cards flipped face down"),
  uramaki_places: t("Uramaki places scored this round"), lead_takes: t("Times the lead token was taken"),
  holds_lead: t("Holds the lead token now"), mochi_die: t("Mochi die now shows"), dice: t("Dice"), die: t("Die"),
  value: t("The die shows"), number: t("Number guessed"), same_guess: t("Played Same guess"), first: t("First number"),
  tips: t("Tips"), further: t("Tiles further"), keep: t("Kept the card"), desserts: t("Desserts"),
  menu: t("Menu"), chopsticks: t("Chopsticks used"), spoon: t("Spoon used"), give: t("Die given"),
  other: t("Whose belt"), take: t("Die taken"), hands: t("Hands dealt"), piles: t("Draw piles"),
  pool: t("Pyramid cards"), drawn: t("Cards drawn"), copies: t("The special order copies"),
  second_copies: t("The second special order copies"), second_on_wasabi: t("Second card on a wasabi"),
  at: t("Taken from the pyramid at"), second_at: t("Second card taken from"), positions: t("Cards flipped face down"),
  ask: t("The spoon asked for"),
};

const TITLE_FIELDS = {
  "sushi-express": { second: t("Second number"), die: t("Die re-rolled"), value: t("It now shows"), cards: t("Customer cards") },
  "sushi-go-party": { on_wasabi: t("The copy goes on a wasabi"), second_on_wasabi: t("The second copy goes on a wasabi"),
    desserts: t("Desserts shuffled in") },
  "sushi-roll": { desserts: t("Dessert tokens"), menu: t("Menu tokens"), chopsticks: t("Chopsticks tokens"),
    die: t("Die picked"), on_wasabi: t("Nigiri on a wasabi") },
};

/** The question for field ``key`` of an entry of title ``title``. */
export function fieldName(title, key, kind = "") {
  if (title === "sushi-go-party" && kind === "enter_tableau" && key === "on_wasabi") return FIELDS.on_wasabi;
  return TITLE_FIELDS[title]?.[key] ?? FIELDS[key] ?? t("Other detail");
}

// ---------- which fields are asked ----------

function isDefault(v) {
  return v === undefined || v === "" || v === 0 || v === false || (Array.isArray(v) && v.length === 0);
}

function hasType(menu, type) {
  return Boolean(menu?.cards.some((c) => c.type === type));
}

/** For a field that belongs to another one (a special order's copy to its card, the second
 * card's place to the second card): whether it is asked now; null for any other field. */
function follows(g, draft, key) {
  const title = g.view.game;
  if (title === "sushi-go-party" && draft.kind !== "enter_tableau") {
    if (["copies", "on_wasabi"].includes(key)) return draft.card === SPECIAL_ORDER;
    if (["second_copies", "second_on_wasabi"].includes(key)) return draft.second === SPECIAL_ORDER;
  }
  if (title === "sushi-go" && key === "second_at") return g.view.variant === "sushi_battle" && Boolean(draft.second);
  return null;
}

/** Whether a field left at its default in the entry matters for this game (else it is not
 * asked: a Sushi Go! game without strawberry puddings is not asked about the lead token). */
function matters(g, key) {
  const v = g.view;
  const title = v.game;
  if (title === "sushi-go") {
    if (["lead_takes", "holds_lead"].includes(key)) return v.dessert === STRAWBERRY;
    if (key === "mochi_die") return v.dessert === MOCHI;
    if (key === "dummy_card") return Boolean(v.dummy);
    if (key === "second") return hasType(v.menu, "chopsticks");
    if (key === "at") return v.variant === "sushi_battle";
    if (key === "on_wasabi") return hasType(v.menu, WASABI);
  }
  if (title === "sushi-go-party") {
    if (["chopsticks", "spoon"].includes(key)) return false; // "the lowest": entries never name another
    if (key === "second") return hasType(v.menu, "chopsticks");
    if (key === "ask") return hasType(v.menu, "spoon");
    if (key === "on_wasabi") return hasType(v.menu, WASABI);
    if (["special_orders", "special_orders_on_wasabi"].includes(key)) return hasType(v.menu, SPECIAL_ORDER);
    if (key === "flipped") return hasType(v.menu, "takeout_box");
    if (key === "uramaki_places") return hasType(v.menu, "uramaki");
  }
  return true;
}

/** The fields of ``entry`` the sheet asks, in the entry's order; fields a record leaves out
 * when unanswered (Sushi Go!'s lead takes, a battle's places) are asked where they matter. A
 * field entered is always asked, unless it belongs to another that no longer calls for it. */
export function askedFields(g, entry, draft) {
  const keys = Object.keys(entry.action).filter((k) => k !== "kind");
  const v = g.view;
  if (v.game === "sushi-go" && entry.action.kind === "enter_tableau" && !keys.includes("lead_takes")) keys.push("lead_takes");
  if (v.game === "sushi-go" && entry.action.kind === "reveal") {
    for (const k of ["at", "second_at"]) if (!keys.includes(k)) keys.push(k);
  }
  return keys.filter((k) => follows(g, draft, k) ?? (!isDefault(entry.action[k]) || matters(g, k)));
}

/** The value of a field left empty: "", false, [], 0; undefined where the record leaves it out. */
function emptyLike(value) {
  if (Array.isArray(value)) return [];
  return { string: "", boolean: false, number: 0 }[typeof value];
}

/** A field not asked is not sent as the draft had it: one that belongs to another field goes
 * empty (a special order's copy when the card is no longer a special order), any other goes
 * back to what was entered. */
export function resetUnasked(g, entry, draft, asked) {
  for (const key of Object.keys(draft)) {
    if (key === "kind" || asked.includes(key)) continue;
    if (follows(g, draft, key) === false) draft[key] = emptyLike(draft[key]);
    else if (key in entry.action) draft[key] = structuredClone(entry.action[key]);
    else delete draft[key];
  }
}

// ---------- the controls ----------

/** One choice among buttons: [value, label] pairs. */
function choices(key, value, options, set) {
  return h("div", { class: "fix-choices", "data-fix-choices": key }, options.map(([v, label]) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(v === value), "data-value": String(v),
    onclick: () => set(v),
  }, label)));
}

/** Several choices among buttons, each tapped on or off (``value``: the list on). */
function toggles(key, value, options, set) {
  return h("div", { class: "fix-choices", "data-fix-toggles": key }, options.map(([v, label]) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(value.includes(v)), "data-value": String(v),
    onclick: () => set(value.includes(v) ? value.filter((x) => x !== v) : [...value, v].sort((a, b) => a - b)),
  }, label)));
}

function stepper(label, key, value, set, min = 0, shown = String) {
  return h("div", { class: "fix-stepper", "data-fix-stepper": key },
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one less", { what: label }), "data-step": "-1",
      disabled: value <= min, why: t("It cannot be less than this."), onclick: () => set(value - 1) }, "−"),
    h("strong", { class: "fix-value" }, shown(value)),
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one more", { what: label }), "data-step": "1",
      onclick: () => set(value + 1) }, "+"));
}

function dieFaces(label, key, value, set, data = "data-face") {
  return h("div", { class: "die-row", "data-fix-die": key }, [1, 2, 3, 4, 5, 6].map((f) => dieFace(f, {
    class: f === value ? "selected" : "", "aria-pressed": String(f === value),
    "aria-label": t("{what}: {face}", { what: label, face: f }), [data]: f, onclick: () => set(f),
  })));
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

function expressControl(g, entry, key, value, set) {
  const original = entry.action[key];
  if (key === "cards") return customers(key, value, set, original.length);
  if (key === "card" && entry.action.kind === "record_draw") return choices(key, value, Object.entries(ACTION_CARDS), set);
  if (key === "card") {
    return h("div", { class: "chips", "data-fix-palette": key }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      "aria-pressed": String(c === value), class: c === value ? "selected" : "", onclick: () => set(c) })));
  }
  if (key === "dice") return expressDice(key, value, set);
  if (key === "value") return dieFaces(fieldName(g.view.game, key), key, value, set);
  if (key === "die") return choices(key, value, [[0, t("Die {n}", { n: 1 })], [1, t("Die {n}", { n: 2 })]], set);
  return null;
}

/** Sushi Go Party! / Sushi Go!: cards of the menu, tapped in as on the entry panel (tap a chip
 * to take it back). ``opened``: lists shown in full although empty (else one "Add a card"). */
function cardList(g, key, list, set, opened) {
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
function oneCard(g, key, value, set, extra = []) {
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
function optionalCard(g, key, value, set, opened) {
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

function partyControl(g, entry, key, value, set, opened) {
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

function sushiGoControl(g, draft, key, value, set, opened) {
  if (key === "lead_takes") return leadTakes(g, draft, key, value, set);
  if (key === "mochi_die") {
    return [choices(key, value, [[0, t("Unchanged: not rolled this round")]], set),
      dieFaces(fieldName("sushi-go", key), key, value, set)];
  }
  if (key === "value") return dieFaces(fieldName("sushi-go", key), key, value, set);
  if (key === "at" || key === "second_at") return pyramidPlaces(g, key, value ?? [], set);
  if (Array.isArray(value)) return cardList(g, key, value, set, opened);
  if (key === "card") return oneCard(g, key, value, set);
  if (key === "second" || key === "dummy_card") return optionalCard(g, key, value, set, opened);
  return null;
}

/** Sushi Roll: one die among every face of the game's dice. */
function oneDie(g, key, value, set) {
  const faces = [...faceIndex(g.view).values()];
  return h("div", { class: "sr-faces", "data-fix-palette": key },
    faces.map((f) => dieTile(f, { "aria-pressed": String(f.die === value), class: f.die === value ? "selected" : "",
      onclick: () => set(f.die) })));
}

function rollControl(g, entry, draft, key, value, set) {
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
    return stepper(fieldName(v.game, key), key, value, set, -1, (n) => (n < 0 ? t("as the dice show") : String(n)));
  }
  return null;
}

/** The control of field ``key`` (``set(value)`` changes the draft). */
export function control(g, entry, draft, key, set, opened) {
  const value = draft[key];
  const v = g.view;
  const title = v.game;
  const names = v.players.map((p) => p.name);
  if (["player", "giver", "other"].includes(key)) {
    const all = v.dummy ? [...names, v.dummy.name] : names;
    const options = (all.includes(value) || value === "" ? all : [...all, value]).map((n) => [n, n]);
    if (key === "giver") options.push(["", t("Nobody had it")]);
    return choices(key, value, options, set);
  }
  if (typeof value === "boolean") return choices(key, value, [[true, t("Yes")], [false, t("No")]], set);
  const special = title === "sushi-express" ? expressControl(g, entry, key, value, set)
    : title === "sushi-roll" ? rollControl(g, entry, draft, key, value, set)
      : title === "sushi-go" ? sushiGoControl(g, draft, key, value, set, opened)
        : title === "sushi-go-party" ? partyControl(g, entry, key, value, set, opened) : null;
  if (special) return special;
  if (typeof value === "number") return stepper(fieldName(title, key), key, value, set);
  return h("p", { class: "muted", "data-fix-fixed": key }, t("This cannot be changed here: undo the entry and enter it again."));
}
