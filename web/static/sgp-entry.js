// Scoring mode: a player's round-end tableau in as few taps as possible, then enter_tableau.
//
// One tap per physical card: a tile per card variant (maki 1/2/3, egg/salmon/squid, ...) adds one,
// its "−" takes one back. A nigiri on a wasabi is one tile for the pair (the wasabi is counted
// with it; the plain Wasabi tile is an empty one). A special order asks what it copies (one more
// tap). "Face down" switches the tiles to the cards a
// take-out box flipped. Drafts are kept per player until sent, so live updates from other
// phones never eat a half-entered tableau.
//
// The panel is shared with Sushi Go! (sg-entry.js): ``entryPanel(g, title)`` takes what differs
// between titles (the tables to enter, the action, extra questions such as the lead token or a
// mochi die); PARTY below is Sushi Go Party!'s.
import { h } from "./common.js";
import { t, tn } from "./i18n.js";
import {
  DISCARDED_ON_USE, MAY_LEAVE, SPECIAL_ORDER, URAMAKI_PLACES, WASABI, cardName, cardOf, chip,
  counts, menuTypes, tile, typeName, variantLabel,
} from "./sgp-common.js";
// Words used inside another message (the extractor reads a t() only outside another call's arguments).
const andWord = () => t(" and ");

const PLACES = [(points) => t("1st · {points}", { points }), (points) => t("2nd · {points}", { points }),
  (points) => t("3rd · {points}", { points })];

function emptyDraft(player) {
  return { player, cards: [], onWasabi: [], orders: [], flipped: [], places: [], faceDown: false,
    choosingOrder: false };
}

/** Wasabi cards under a nigiri (or under a special order copying one). */
function covered(d) {
  return d.onWasabi.length + d.orders.filter((o) => o.on_wasabi).length;
}

/** A draft from a tableau already entered (to correct it before the round is complete): the
 * wasabi cards under a nigiri go back into their pairs. Keys a title does not have stay empty. */
export function draftFrom(player, t) {
  const d = emptyDraft(player);
  d.onWasabi = [...t.on_wasabi];
  d.orders = (t.special_orders ?? []).map((so) => ({ copies: so.copies, on_wasabi: so.on_wasabi }));
  d.cards = [...t.cards];
  for (let n = covered(d); n > 0; n -= 1) removeOne(d.cards, WASABI);
  d.flipped = [...(t.flipped ?? [])];
  d.places = [...(t.uramaki_places ?? [])];
  return d;
}

/** Every wasabi of a draft, the empty ones and those under a nigiri (what ``cards`` holds). */
export function cardsWithWasabi(d) {
  return [...d.cards, ...Array(covered(d)).fill(WASABI)];
}

/** The enter_tableau action: every wasabi in ``cards``, the empty ones and those under a nigiri. */
export function actionOf(d) {
  return {
    kind: "enter_tableau", player: d.player,
    cards: cardsWithWasabi(d), on_wasabi: d.onWasabi,
    special_orders: d.orders.map((o) => o.copies),
    special_orders_on_wasabi: d.orders.filter((o) => o.on_wasabi).map((o) => o.copies),
    flipped: d.flipped, uramaki_places: [...d.places].sort(),
  };
}

/** Sushi Go Party!: the players' tableaux, the uramaki places scored during the round. */
export const PARTY = {
  /** The tables whose tableau is entered: {name, entered, tableau}. */
  tables: (g) => g.view.players,
  draftFrom,
  actionOf,
  /** Questions after the card tiles. */
  extras: (g, d) => uramakiPlaces(g, d),
  /** Why the draft cannot be sent yet (the send button says it), or null. */
  missing: () => null,
};

export function cardCount(d) {
  return d.cards.length + d.onWasabi.length + d.orders.length + d.flipped.length + covered(d);
}

function removeOne(list, id) {
  const i = list.lastIndexOf(id);
  if (i >= 0) list.splice(i, 1);
}

/** The player the panel is for: the one picked, else this phone's seat, else the first to enter.
 * A player the panel moved on to by itself is left when another phone enters their tableau. */
function currentPlayer(g, title) {
  const players = title.tables(g);
  const picked = players.find((p) => p.name === g.ui.entryPlayer);
  const draft = picked ? g.ui.drafts?.[picked.name] : null;
  const overtaken = picked && g.ui.entryAuto && picked.entered && !(draft && cardCount(draft));
  if (picked && !overtaken) return picked.name;
  const mine = g.mySeat !== null ? players[g.mySeat] : null;
  if (mine && !mine.entered) return mine.name;
  return (players.find((p) => !p.entered) ?? players[0]).name;
}

function draftFor(g, name, title) {
  g.ui.drafts ??= {};
  if (!g.ui.drafts[name]) {
    const p = title.tables(g).find((q) => q.name === name);
    g.ui.drafts[name] = p?.tableau ? title.draftFrom(name, p.tableau) : emptyDraft(name);
  }
  return g.ui.drafts[name];
}

/** Warnings the engine will probably refuse; the engine still decides when the tableau is sent. */
function warnings(g, d, title) {
  const menu = g.view.menu;
  const out = [];
  const table = [];
  for (const p of title.tables(g)) {
    if (p.name === d.player) continue;
    const tab = p.tableau;
    if (tab) {
      table.push(...tab.cards, ...tab.on_wasabi, ...(tab.flipped ?? []),
        ...(tab.special_orders ?? []).map(() => SPECIAL_ORDER));
    }
  }
  table.push(...cardsWithWasabi(d), ...d.onWasabi, ...d.flipped, ...d.orders.map(() => SPECIAL_ORDER));
  const n = cardCount(d);
  if (typeof g.view.deal === "number" && n > g.view.deal) {
    out.push(t("{n} cards, but {deal} were dealt: a tableau never holds more (used chopsticks and spoons go back into a hand).", { n, deal: g.view.deal }));
  }
  for (const [id, n] of counts(table)) {
    const most = cardOf(menu, id).copies;
    if (typeof most === "number" && n > most) out.push(t("{n} × {card} on the table this round; the deck holds {most}.", { n, card: cardName(menu, id), most }));
  }
  return out;
}

function playerRow(g, current, title) {
  return h("div", { class: "sgp-players", role: "group", "aria-label": t("Whose tableau") },
    title.tables(g).map((p) => {
      const draft = g.ui.drafts?.[p.name];
      const n = draft ? cardCount(draft) : 0;
      return h("button", {
        type: "button", class: "btn", "aria-pressed": String(p.name === current), "data-player": p.name,
        onclick: () => { g.ui.entryPlayer = p.name; g.ui.entryAuto = false; g.ui.refusal = null; g.rerender(); },
      }, p.entered ? h("span", { class: "done", "aria-label": t("entered") }, "✓") : null, p.name,
      !p.entered && n ? h("span", { class: "muted small" }, `(${n})`) : null);
    }));
}

function addTile(g, d, card, list, props = {}) {
  const n = list.filter((c) => c === card.id).length;
  const change = (fn) => () => { fn(); g.ui.refusal = null; g.rerender(); };
  return h("div", { class: `sgp-cell${props.wide ? " wide" : ""}` },
    tile(g.view.menu, card, {
      count: n, prefix: props.prefix, class: props.class, label: props.label, "aria-label": props.aria,
      data: { "data-add": props.key ?? card.id },
      onclick: change(() => list.push(card.id)),
    }),
    n ? h("button", {
      type: "button", class: "sgp-minus", "aria-label": props.prefix ? t("One {prefix} {card} less", { prefix: props.prefix, card: card.name })
        : t("One {card} less", { card: card.name }),
      "data-remove": props.key ?? card.id, onclick: change(() => removeOne(list, card.id)),
    }, "−") : null);
}

function orderTile(g, d) {
  const menu = g.view.menu;
  const card = cardOf(menu, SPECIAL_ORDER);
  if (d.faceDown) return addTile(g, d, card, d.flipped);
  return h("div", { class: "sgp-cell" },
    tile(menu, card, {
      count: d.orders.length, label: t("copies…"), prefix: card.name, pressed: String(d.choosingOrder),
      data: { "data-add": SPECIAL_ORDER },
      onclick: () => { d.choosingOrder = !d.choosingOrder; g.rerender(); },
    }),
    d.orders.length ? h("button", {
      type: "button", class: "sgp-minus", "aria-label": t("One special order less"), "data-remove": SPECIAL_ORDER,
      onclick: () => { d.orders.pop(); g.rerender(); },
    }, "−") : null);
}

/** What a special order may copy in this tableau: its face-up cards (a nigiri not on a wasabi
 * also onto a wasabi of its own), and chopsticks or spoons that may have gone back to a hand. */
function orderTargets(g, d) {
  const menu = g.view.menu;
  const out = [];
  const seen = new Set();
  for (const id of [...d.cards, ...d.onWasabi, ...d.orders.map((o) => o.copies)]) {
    if (!seen.has(id)) { seen.add(id); out.push({ copies: id, on_wasabi: false }); }
  }
  if (menu.specials.includes(WASABI)) {
    for (const id of new Set(d.cards.filter((c) => cardOf(menu, c).type === "nigiri"))) {
      out.push({ copies: id, on_wasabi: true });
    }
  }
  for (const c of menu.cards) {
    if (MAY_LEAVE.has(c.type) && !seen.has(c.id)) out.push({ copies: c.id, on_wasabi: false });
  }
  return out;
}

function orderChooser(g, d) {
  if (!d.choosingOrder || d.faceDown) return null;
  const menu = g.view.menu;
  const targets = orderTargets(g, d);
  return h("div", { class: "sgp-choose", "data-order-targets": "" },
    h("div", { class: "sgp-section-label" }, t("The special order copies…")),
    targets.length ? h("div", { class: "sgp-grid" }, targets.map((x) => h("div", { class: "sgp-cell" },
      tile(menu, cardOf(menu, x.copies), {
        prefix: x.on_wasabi ? t("On a wasabi") : t("Copies"), label: cardName(menu, x.copies),
        class: x.on_wasabi ? "on-wasabi" : "",
        data: { "data-copies": x.copies, "data-on-wasabi": String(x.on_wasabi) },
        onclick: () => { d.orders.push(x); d.choosingOrder = false; g.ui.refusal = null; g.rerender(); },
      }))))
      : h("p", { class: "sgp-note" }, t("A special order copies a card already in the tableau: enter that card first.")));
}

function tray(g, d) {
  const menu = g.view.menu;
  const change = (fn) => () => { fn(); g.ui.refusal = null; g.rerender(); };
  const parts = [
    [...counts(d.cards)].map(([id, n]) => chip(menu, id, { count: n, data: id,
      "aria-label": t("Remove one {card}", { card: cardName(menu, id) }), onclick: change(() => removeOne(d.cards, id)) })),
    [...counts(d.onWasabi)].map(([id, n]) => chip(menu, id, { count: n, onWasabi: true,
      label: t("{card} on a wasabi", { card: cardName(menu, id) }),
      "aria-label": t("Remove one {card} on a wasabi", { card: cardName(menu, id) }),
      onclick: change(() => removeOne(d.onWasabi, id)) })),
    d.orders.map((o, i) => chip(menu, SPECIAL_ORDER, { onWasabi: o.on_wasabi,
      label: o.on_wasabi ? t("Special order → {card} on a wasabi", { card: cardName(menu, o.copies) })
        : t("Special order → {card}", { card: cardName(menu, o.copies) }),
      "aria-label": t("Remove this special order"), onclick: change(() => d.orders.splice(i, 1)) })),
    [...counts(d.flipped)].map(([id, n]) => chip(menu, id, { count: n, flipped: true,
      label: t("Face down: {card}", { card: cardName(menu, id) }),
      "aria-label": t("Turn one {card} face up again", { card: cardName(menu, id) }),
      onclick: change(() => removeOne(d.flipped, id)) })),
  ].flat();
  return h("div", { class: "sgp-tray", "data-tray": "", "aria-live": "polite" },
    parts.length ? parts : h("span", { class: "muted" }, t("No card yet: tap the cards in front of the player.")));
}

/** Tiles in menu order; with wasabi on the menu, the wasabi tiles follow the nigiri: an empty
 * wasabi, then each nigiri on a wasabi (one tap for the pair). */
function grid(g, d) {
  const menu = g.view.menu;
  const cells = [];
  const pairs = menu.specials.includes(WASABI) && !d.faceDown;
  for (const group of menuTypes(menu)) {
    if (DISCARDED_ON_USE.has(group.type) || (pairs && group.type === WASABI)) continue;
    for (const card of group.cards) {
      if (card.type === SPECIAL_ORDER) cells.push(orderTile(g, d));
      else cells.push(addTile(g, d, card, d.faceDown ? d.flipped : d.cards));
    }
    if (group.type === "nigiri" && pairs) {
      cells.push(addTile(g, d, cardOf(menu, WASABI), d.cards, { prefix: t("Empty") }));
      for (const card of group.cards) {
        cells.push(addTile(g, d, card, d.onWasabi, { prefix: t("On a wasabi"), class: "on-wasabi",
          key: `${card.id}@wasabi`, label: variantLabel(card),
          aria: t("{card} on a wasabi (the wasabi counts too)", { card: card.name }) }));
      }
    }
  }
  return h("div", { class: `sgp-grid${d.faceDown ? " face-down" : ""}`, "data-grid": "" }, cells);
}

function faceDownSwitch(g, d) {
  if (!g.view.menu.specials.includes("takeout_box")) return null;
  const set = (value) => () => { d.faceDown = value; d.choosingOrder = false; g.rerender(); };
  return h("div", { class: "seg", role: "group", "aria-label": t("Face up or face down") },
    h("button", { type: "button", "aria-pressed": String(!d.faceDown), "data-face": "up", onclick: set(false) },
      t("Face up")),
    h("button", { type: "button", "aria-pressed": String(d.faceDown), "data-face": "down", onclick: set(true) },
      t("Face down (take-out box)"), d.flipped.length ? ` · ${d.flipped.length}` : ""));
}

function uramakiPlaces(g, d) {
  if (g.view.menu.roll !== "uramaki") return null;
  return [h("div", { class: "sgp-section-label" }, t("Uramaki places scored during the round")),
    h("div", { class: "row" }, URAMAKI_PLACES.map(([place, points]) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(d.places.includes(place)), "data-place": place,
      onclick: () => {
        if (d.places.includes(place)) d.places = d.places.filter((p) => p !== place);
        else d.places.push(place);
        g.ui.refusal = null;
        g.rerender();
      },
    }, PLACES[place - 1](points))))];
}

async function send(g, d, title) {
  const { round } = g.view;
  const entered = title.tables(g).filter((p) => p.entered).length;
  const replacing = title.tables(g).find((p) => p.name === d.player)?.entered;
  const answer = await g.send(title.actionOf(d, g));
  if (!answer) {
    const reason = g.lastError;
    g.ui.refusal = { player: d.player, reason, named: namedIn(reason, title.tables(g), d.player) };
    g.rerender();
    return;
  }
  if (g.ui.drafts) delete g.ui.drafts[d.player];
  g.ui.refusal = null;
  g.ui.entryPlayer = null;
  // The round goes on with the next player still to enter; the live snapshot may arrive before
  // or after this answer, so the round and the count from before the send decide.
  const next = title.tables(g).find((p) => !p.entered && p.name !== d.player);
  const more = replacing || entered + 1 < title.tables(g).length;
  if (next && more && g.view.round === round) {
    g.ui.entryPlayer = next.name;
    g.ui.entryAuto = true;
  }
  g.rerender();
}

/** The players a refusal names (besides ``player``, whose entry it refused): a refusal of the
 * round so far names everyone holding the card ("...: Ann 2, Ben 2"). */
function namedIn(reason, tables, player) {
  const text = String(reason ?? "");
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return tables.map((p) => p.name)
    .filter((n) => n !== player && new RegExp(`(^|[^\\p{L}])${esc(n)}([^\\p{L}]|$)`, "u").test(text));
}

/** The refusal shown on ``name``'s panel: the one for their entry, or one that names them; with
 * a button to each other named player whose tableau is entered, so the host corrects the one at
 * fault. */
function refusalNote(g, name, title) {
  const r = g.ui.refusal;
  if (!r || (r.player !== name && !(r.named ?? []).includes(name))) return null;
  const others = [r.player, ...(r.named ?? [])].filter((n) => n !== name);
  const entered = new Set(title.tables(g).filter((p) => p.entered).map((p) => p.name));
  const fix = others.filter((n) => entered.has(n) || n === r.player);
  return h("div", { class: "sgp-refusal", role: "alert", "data-refusal": "" },
    h("p", null, r.player === name ? r.reason : t("{player}'s tableau was refused: {reason}", { player: r.player, reason: r.reason })),
    fix.length ? h("div", { class: "row" }, fix.map((n) => h("button", {
      type: "button", class: "btn", "data-fix-player": n,
      onclick: () => { g.ui.entryPlayer = n; g.ui.entryAuto = false; g.rerender(); },
    }, n === r.player ? t("Back to {player}'s tableau", { player: n }) : t("Correct {player}'s tableau", { player: n })))) : null);
}

/** The entry panel of ``title`` (Sushi Go Party!'s by default). */
export function entryPanel(g, title = PARTY) {
  const v = g.view;
  if (!g.canTable) return null;
  const tables = title.tables(g);
  const name = currentPlayer(g, title);
  const d = draftFor(g, name, title);
  const player = tables.find((p) => p.name === name);
  const n = cardCount(d);
  const warn = warnings(g, d, title);
  const refusal = refusalNote(g, name, title);
  const notes = v.menu.specials.filter((x) => DISCARDED_ON_USE.has(x));
  const missing = title.missing(g, d);
  return [
    h("h2", null, t("Enter the tableaux"), h("span", { class: "aside" },
      t("{n} of {total} entered", { n: tables.filter((p) => p.entered).length, total: tables.length }))),
    playerRow(g, name, title),
    h("div", { class: "sgp-summary" },
      h("span", null, h("strong", null, name), player?.entered ? t(" · entered, tap cards to correct") : ""),
      h("span", null, h("span", { class: "n", "data-card-count": n }, n), tn(" card", " cards", n),
        h("span", { class: "muted small" }, t(" · dealt {n}", { n: v.deal })))),
    tray(g, d),
    faceDownSwitch(g, d),
    grid(g, d),
    orderChooser(g, d),
    notes.length ? h("p", { class: "sgp-note" }, t("{cards} cards leave the table when used: don't enter them (cards a take-out box flipped go in Face down).",
      { cards: notes.map((x) => typeName(v.menu, x)).join(andWord()) })) : null,
    title.extras(g, d),
    refusal ?? warn.map((w) => h("p", { class: "sgp-warn", "data-warning": "" }, w)),
    h("button", {
      type: "button", class: "btn primary big act", "data-do": "enter-tableau", disabled: Boolean(missing), why: missing,
      onclick: () => send(g, d, title),
    }, missing ?? (player?.entered ? tn("Replace {player}'s tableau · {n} card", "Replace {player}'s tableau · {n} cards", n, { player: name })
      : tn("Enter {player}'s tableau · {n} card", "Enter {player}'s tableau · {n} cards", n, { player: name }))),
  ];
}
