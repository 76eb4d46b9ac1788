// Turn-by-turn mode: every player's revealed card(s), then the bonus actions resolving in corner
// order (a spoon's giver and card, a menu's pick, a take-out box's flips).
//
// A tap on a tile picks the card; a special order then asks what it copies (skipped when there is
// only one answer); chopsticks and a spoon on the table from an earlier turn offer a second card
// and an ask. One big button sends the choice. Drafts are kept per player for the turn.
import { h } from "./common.js";
import { t, tn } from "./i18n.js";
import {
  FLIPPED, SPECIAL_ORDER, WASABI, cardName, cardOf, chip, menuTypes, orderChoices, orderLabel,
  tile, typeName,
} from "./sgp-common.js";
// Words used inside another message (the extractor reads a t() only outside another call's arguments).
const firstWord = () => t("1st");
const secondWord = () => t("2nd");
const tapACard = () => t("tap a card");

/** Which card a special order's question is about. */
const ORDER_OF = { "1st card": t("1st card"), "2nd card": t("2nd card"), given: t("given"), picked: t("picked") };

function typeOf(g, id) {
  return cardOf(g.view.menu, id).type;
}

/** A face-up chopsticks or spoon (``kind``) played on an earlier turn of this round. */
function usable(g, table, kind) {
  return table.some((p) => !p.flipped && p.turn < g.view.turn && typeOf(g, p.scores_as) === kind);
}

/** The table after ``card`` is placed (enough to offer what a second card's special order
 * may copy): a nigiri lands on an empty wasabi by itself, a copy only when told. */
function placed(g, table, card, copies, onWasabi) {
  const scores = copies || card;
  if (copies === FLIPPED) return [...table, { scores_as: "", card, flipped: true, turn: g.view.turn }];
  const next = table.map((p) => ({ ...p }));
  let on = false;
  const nigiri = typeOf(g, scores) === "nigiri";
  if (nigiri && (card !== SPECIAL_ORDER || onWasabi)) {
    const w = next.find((p) => p.scores_as === WASABI && !p.covered && !p.flipped);
    if (w) { w.covered = true; on = true; }
  }
  if (card === SPECIAL_ORDER && !copies) return next; // nothing to copy: discarded at once
  next.push({ scores_as: scores, card, on_wasabi: on, covered: false, flipped: false, turn: g.view.turn });
  return next;
}

function withoutOne(g, table, kind) {
  const i = table.findIndex((p) => !p.flipped && p.turn < g.view.turn && typeOf(g, p.scores_as) === kind);
  return i < 0 ? table : [...table.slice(0, i), ...table.slice(i + 1)];
}

/** Tiles of every card the menu may bring (``skip``: types left out; shared with Sushi Go!). */
export function cardGrid(g, chosen, pick, skip = new Set(), only = null) {
  const menu = g.view.menu;
  const cells = [];
  for (const group of menuTypes(menu)) {
    if (skip.has(group.type)) continue;
    for (const card of group.cards) {
      if (only && !only(card)) continue;
      cells.push(h("div", { class: "sgp-cell" }, tile(menu, card, {
        pressed: String(chosen === card.id), data: { "data-pick": card.id },
        onclick: () => pick(card.id),
      })));
    }
  }
  return h("div", { class: "sgp-grid", "data-grid": "" }, cells);
}

/** The special order's question, or null when there is nothing to ask. */
function copiesChooser(g, choices, current, set, label) {
  if (choices.length <= 1) return null;
  return h("div", { "data-copies-for": label },
    h("div", { class: "sgp-section-label" }, t("The special order ({which}) copies…", { which: ORDER_OF[label] ?? label })),
    h("div", { class: "row" }, choices.map((c) => h("button", {
      type: "button", class: "btn", "data-copies": c.copies, "data-on-wasabi": String(c.on_wasabi),
      "aria-pressed": String(current?.copies === c.copies && current?.on_wasabi === c.on_wasabi),
      onclick: () => set(c),
    }, orderLabel(g.view.menu, c)))));
}

/** Set ``card`` into a choice: a special order with one possible copy takes it at once. */
function chooseCard(card, table) {
  if (card !== SPECIAL_ORDER) return { card, copies: "", on_wasabi: false, asked: false };
  const choices = orderChoices(table);
  if (choices.length === 1) return { card, ...choices[0], asked: false };
  return { card, copies: null, on_wasabi: false, asked: true };
}

// ---------------------------------------------------------------- reveal

function revealer(g) {
  const players = g.view.players;
  const picked = players.find((p) => p.name === g.ui.revealPlayer && !p.revealed);
  if (picked) return picked;
  const mine = g.mySeat !== null ? players[g.mySeat] : null;
  if (mine && !mine.revealed) return mine;
  return players.find((p) => !p.revealed) ?? null;
}

function revealAction(p, d) {
  const second = d.chopsticks && d.second ? d.second : null;
  return {
    kind: "reveal", player: p.name, card: d.first.card, copies: d.first.copies ?? "",
    on_wasabi: d.first.on_wasabi,
    second: second?.card ?? "", second_copies: second?.copies ?? "", second_on_wasabi: second?.on_wasabi ?? false,
    chopsticks: 0, spoon: 0, ask: d.spoon ? d.ask ?? "" : "",
  };
}

/** A spoon asks for a card type, or (behind one more tap) an exact card such as Squid Nigiri. */
function askChooser(g, d) {
  const menu = g.view.menu;
  const set = (ask) => () => { d.ask = ask; g.rerender(); };
  const groups = menuTypes(menu);
  const exact = groups.filter((t) => t.cards.length > 1 && !t.cards[0].corner).flatMap((t) => t.cards);
  const showExact = d.exact || exact.some((c) => c.id === d.ask);
  return h("div", { "data-ask": "" },
    h("div", { class: "sgp-section-label" }, t("The spoon asks for…")),
    h("div", { class: "type-choices" }, groups.map((x) => h("button", {
      type: "button", class: `type-choice t-${x.cards[0]?.background ?? x.type}`, "data-ask-type": x.type,
      "aria-pressed": String(d.ask === x.type), onclick: set(x.type),
    }, t("any {card}", { card: x.name }))),
    exact.length && !showExact ? h("button", { type: "button", class: "btn ghost", "data-do": "ask-exact",
      onclick: () => { d.exact = true; g.rerender(); } }, t("an exact card…")) : null),
    showExact ? h("div", { class: "type-choices", style: "margin-top: 8px" }, exact.map((c) => h("button", {
      type: "button", class: `type-choice t-${c.background}`, "data-ask-card": c.id,
      "aria-pressed": String(d.ask === c.id), onclick: set(c.id),
    }, c.name))) : null);
}

function ready(d) {
  if (!d.first?.card || d.first.copies === null) return false;
  if (d.chopsticks && (!d.second?.card || d.second.copies === null)) return false;
  if (d.spoon && !d.ask) return false;
  return true;
}

function revealLabel(g, p, d) {
  const menu = g.view.menu;
  if (!d.first?.card) return t("Tap the card {player} revealed", { player: p.name });
  const what = (c) => (c.card === SPECIAL_ORDER && c.copies
    ? t("{card} ({copies})", { card: cardName(menu, SPECIAL_ORDER), copies: cardName(menu, c.copies) })
    : cardName(menu, c.card));
  let text = t("{player} reveals {card}", { player: p.name, card: what(d.first) });
  if (d.chopsticks) text += d.second?.card ? ` + ${what(d.second)}` : " + …";
  if (d.spoon) text += d.ask ? ` · ${t("asks for {card}", { card: askName(g, d.ask) })}` : ` · ${t("spoon asks…")}`;
  return text;
}

export function revealPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
  const p = revealer(g);
  if (!p) return null;
  g.ui.reveals ??= {};
  const d = g.ui.reveals[p.name] ??= { slot: "first", first: null, second: null, chopsticks: false, spoon: false, ask: "" };
  const chopsticks = usable(g, p.table, "chopsticks") && v.hand_size >= 2;
  const spoon = usable(g, p.table, "spoon");
  const base = d.chopsticks ? withoutOne(g, p.table, "chopsticks") : p.table;
  const firstTable = base;
  const secondTable = d.first?.card && d.first.copies !== null
    ? placed(g, base, d.first.card, d.first.copies, d.first.on_wasabi) : base;
  const slot = d.chopsticks ? d.slot : "first";
  const pick = (card) => {
    if (slot === "second") d.second = chooseCard(card, secondTable);
    else {
      d.first = chooseCard(card, firstTable);
      if (d.chopsticks && !d.second) d.slot = "second";
    }
    g.ui.refusal = null;
    g.rerender();
  };
  const current = slot === "second" ? d.second : d.first;
  const setCopies = (which) => (c) => { d[which] = { ...d[which], ...c }; g.rerender(); };
  const revealed = v.players.filter((q) => q.revealed).length;
  return [
    h("h2", null, t("Turn {turn}: reveals", { turn: v.turn }), h("span", { class: "aside" },
      t("{n} of {total} revealed", { n: revealed, total: v.players.length }))),
    h("div", { class: "sgp-players", role: "group", "aria-label": t("Who revealed") }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === p.name), "data-player": q.name,
      disabled: q.revealed, why: t("{player} has revealed this turn already.", { player: q.name }),
      onclick: () => { g.ui.revealPlayer = q.name; g.rerender(); },
    }, q.revealed ? h("span", { class: "done", "aria-label": t("revealed") }, "✓") : null, q.name))),
    chopsticks || spoon ? h("div", { class: "row", style: "margin-top: 8px" },
      chopsticks ? h("button", { type: "button", class: "btn", "aria-pressed": String(d.chopsticks), "data-do": "chopsticks",
        onclick: () => { d.chopsticks = !d.chopsticks; d.slot = d.chopsticks && d.first ? "second" : "first"; g.rerender(); },
      }, t("Chopsticks: 2 cards")) : null,
      spoon ? h("button", { type: "button", class: "btn", "aria-pressed": String(d.spoon), "data-do": "spoon",
        onclick: () => { d.spoon = !d.spoon; g.rerender(); } }, t("Spoon: ask")) : null) : null,
    d.chopsticks ? h("div", { class: "seg", role: "group", "aria-label": t("Which card") },
      ["first", "second"].map((s) => h("button", { type: "button", "aria-pressed": String(slot === s), "data-slot": s,
        onclick: () => { d.slot = s; g.rerender(); } },
      t("{slot}: {card}", { slot: s === "first" ? firstWord() : secondWord(), card: d[s]?.card ? cardName(v.menu, d[s].card) : tapACard() })))) : null,
    cardGrid(g, current?.card ?? null, pick),
    d.first?.asked ? copiesChooser(g, orderChoices(firstTable), d.first, setCopies("first"), "1st card") : null,
    d.chopsticks && d.second?.asked ? copiesChooser(g, orderChoices(secondTable), d.second, setCopies("second"), "2nd card") : null,
    d.spoon ? askChooser(g, d) : null,
    refusalLine(g),
    h("button", {
      type: "button", class: "btn primary big act", "data-do": "reveal", disabled: !ready(d), why: t("Tap the card revealed first."),
      onclick: async () => {
        const turn = v.turn;
        const answer = await g.send(revealAction(p, d));
        if (!answer) { g.ui.refusal = g.lastError; g.rerender(); return; }
        if (g.ui.reveals) delete g.ui.reveals[p.name];
        g.ui.refusal = null;
        const next = g.view.players.find((q) => !q.revealed && q.name !== p.name);
        g.ui.revealPlayer = next && g.view.turn === turn ? next.name : null;
        g.rerender();
      },
    }, revealLabel(g, p, d)),
  ];
}

export function refusalLine(g) {
  return g.ui.refusal ? h("p", { class: "sgp-refusal", role: "alert", "data-refusal": "" }, g.ui.refusal) : null;
}

// ---------------------------------------------------------------- bonus actions

function seatOf(g, name) {
  return g.view.players.findIndex((p) => p.name === name);
}

/** Players clockwise from ``name``'s left (the order a spoon asks in). */
function fromLeft(g, name) {
  const players = g.view.players;
  const me = seatOf(g, name);
  return players.map((_, k) => players[(me + k + 1) % players.length]).filter((p) => p.name !== name);
}

function spoonTable(g, pending) {
  const table = g.view.players[seatOf(g, pending.player)].table;
  const i = table.findIndex((p) => p.scores_as === `spoon_${pending.corner}` && !p.flipped);
  return i < 0 ? table : [...table.slice(0, i), ...table.slice(i + 1)];
}

function askName(g, ask) {
  return g.view.menu.type_names[ask] ? typeName(g.view.menu, ask) : cardName(g.view.menu, ask);
}

export function spoonPanel(g) {
  const pending = g.view.pending;
  if (!pending || !g.canTable) return null;
  const menu = g.view.menu;
  const d = g.ui.spoon ??= { giver: null, pick: null };
  const table = spoonTable(g, pending);
  const matching = menu.cards.filter((c) => c.id === pending.ask || c.type === pending.ask);
  if (!d.pick && matching.length === 1) d.pick = chooseCard(matching[0].id, table);
  const ready2 = d.giver && d.pick?.card && d.pick.copies !== null;
  return [
    h("h2", null, t("Who gave {player} {card}?", { player: pending.player, card: askName(g, pending.ask) })),
    h("p", { class: "hint" }, t("The first player clockwise from {player}'s left who holds one gives it.", { player: pending.player })),
    h("div", { class: "sgp-players", role: "group", "aria-label": t("Who gave it") },
      fromLeft(g, pending.player).map((p) => h("button", {
        type: "button", class: "btn", "aria-pressed": String(d.giver === p.name), "data-giver": p.name,
        onclick: () => { d.giver = p.name; g.rerender(); },
      }, p.name))),
    matching.length > 1 ? [h("div", { class: "sgp-section-label" }, t("Which card?")),
      cardGrid(g, d.pick?.card ?? null, (card) => { d.pick = chooseCard(card, table); g.rerender(); },
        new Set(), (c) => c.id === pending.ask || c.type === pending.ask)] : null,
    d.pick?.asked ? copiesChooser(g, orderChoices(table), d.pick, (c) => { d.pick = { ...d.pick, ...c }; g.rerender(); }, "given") : null,
    refusalLine(g),
    h("div", { class: "row", style: "margin-top: 12px" },
      h("button", { type: "button", class: "btn primary grow act", "data-do": "spoon-give", disabled: !ready2,
        why: t("Tap who gave the card and which card it was first, or tap “Nobody had it”."),
        onclick: () => bonus(g, { kind: "spoon_give", giver: d.giver, card: d.pick.card,
          copies: d.pick.copies ?? "", on_wasabi: d.pick.on_wasabi }),
      }, d.giver && d.pick?.card ? t("{player} gave {card}", { player: d.giver, card: cardName(menu, d.pick.card) }) : t("Pick who gave it")),
      h("button", { type: "button", class: "btn grow act", "data-do": "spoon-nobody",
        onclick: () => bonus(g, { kind: "spoon_give", giver: "", card: "" }) }, t("Nobody had it"))),
  ];
}

export function menuPanel(g) {
  const pending = g.view.pending;
  if (!pending || !g.canTable) return null;
  const menu = g.view.menu;
  const table = g.view.players[seatOf(g, pending.player)].table;
  const d = g.ui.menuPick ??= { pick: null };
  return [
    h("h2", null, t("{player}'s menu", { player: pending.player })),
    h("p", { class: "hint" }, t("{player} drew 4 cards from the deck: tap the one played (not a menu).", { player: pending.player })),
    cardGrid(g, d.pick?.card ?? null, (card) => { d.pick = chooseCard(card, table); g.rerender(); }, new Set(["menu"])),
    d.pick?.asked ? copiesChooser(g, orderChoices(table), d.pick, (c) => { d.pick = { ...d.pick, ...c }; g.rerender(); }, "picked") : null,
    refusalLine(g),
    h("button", {
      type: "button", class: "btn primary big act", "data-do": "menu-pick",
      disabled: !d.pick?.card || d.pick.copies === null, why: t("Tap the card played first."),
      onclick: () => bonus(g, { kind: "menu_pick", card: d.pick.card, copies: d.pick.copies ?? "",
        on_wasabi: d.pick.on_wasabi }),
    }, d.pick?.card ? t("{player} played {card}", { player: pending.player, card: cardName(menu, d.pick.card) }) : t("Tap the card played")),
  ];
}

export function takeoutPanel(g) {
  const pending = g.view.pending;
  if (!pending || !g.canTable) return null;
  const menu = g.view.menu;
  const table = g.view.players[seatOf(g, pending.player)].table;
  const can = table.filter((p) => !p.flipped && p.turn < g.view.turn);
  const chosen = g.ui.flips ??= [];
  const toggle = (pos) => () => {
    const i = chosen.indexOf(pos);
    if (i >= 0) chosen.splice(i, 1); else chosen.push(pos);
    g.rerender();
  };
  return [
    h("h2", null, t("{player}'s take-out box", { player: pending.player })),
    h("p", { class: "hint" }, t("Tap every card turned face down (cards played on earlier turns of this round).")),
    h("div", { class: "sgp-grid", "data-flip-table": "" }, can.map((p) => h("div", { class: "sgp-cell" },
      tile(menu, cardOf(menu, p.scores_as), {
        pressed: String(chosen.includes(p.pos)), data: { "data-pos": p.pos },
        class: chosen.includes(p.pos) ? "selected" : "", prefix: t("Turn {turn}", { turn: p.turn }), label: cardName(menu, p.scores_as),
        onclick: toggle(p.pos),
      })))),
    refusalLine(g),
    h("button", {
      type: "button", class: "btn primary big act", "data-do": "flip",
      onclick: () => bonus(g, { kind: "flip", positions: [...chosen].sort((a, b) => a - b) }),
    }, chosen.length ? tn("Flip {n} card", "Flip {n} cards", chosen.length) : t("Nothing flipped")),
  ];
}

async function bonus(g, action) {
  const answer = await g.send(action);
  g.ui.refusal = answer ? null : g.lastError;
  g.rerender();
}

/** A player's table this round as chips (position order; face down, on wasabi marked). A Sushi
 * Go! card has no ``scores_as``: it scores as itself. */
export function tableChips(g, p) {
  const menu = g.view.menu;
  if (!p.table?.length) return h("span", { class: "muted small" }, t("No card yet."));
  return p.table.map((c) => {
    const name = cardName(menu, c.scores_as ?? c.card);
    const card = c.card === SPECIAL_ORDER ? t("Special order → {card}", { card: name }) : name;
    return chip(menu, c.flipped ? c.card : c.scores_as ?? c.card, {
      flipped: c.flipped, onWasabi: c.on_wasabi,
      label: c.flipped ? t("Face down") : c.on_wasabi ? t("{card} on wasabi", { card }) : card,
    });
  });
}
