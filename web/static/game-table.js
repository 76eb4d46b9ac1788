// The table around the board: customer display, revealing cards, deliveries, tips, players, hand.
import { ACTION_CARDS, CUSTOMERS, customerChip, h, playerDot } from "./common.js";
import { t, tn } from "./i18n.js";

function countOf(list) {
  const counts = new Map();
  for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

export function displayCard(g) {
  const v = g.view;
  const empty = Math.max(0, v.display_slots - v.display.length);
  const slots = Array.from({ length: empty }, () => h("span", { class: "chip slot" }, t("empty")));
  return [
    h("h2", null, t("Customer display")),
    h("div", { class: "chips", "data-display": "" }, v.display.map((c) => customerChip(c)), slots),
    h("p", { class: "muted small" }, t("Supply: {customers} customer cards · {actions} action cards · {discarded} discarded",
      { customers: v.supply.customers, actions: v.supply.action_cards, discarded: v.discarded })),
  ];
}

export function revealPanel(g) {
  const need = g.view.need_reveal;
  if (!need || !g.canTable) return null;
  const picked = g.ui.reveal ?? [];
  const set = (list) => { g.ui.reveal = list; g.rerender(); };
  const slots = [];
  for (let i = 0; i < need; i += 1) {
    slots.push(picked[i]
      ? customerChip(picked[i], null, { "aria-label": t("Remove {card}", { card: CUSTOMERS[picked[i]] }),
        onclick: () => set(picked.filter((_, j) => j !== i)) })
      : h("span", { class: "chip slot" }, i + 1));
  }
  return [
    h("h2", null, tn("Turn up {n} customer card", "Turn up {n} customer cards", need)),
    h("p", { class: "hint" }, t("Tap the colour of each card you turn up from the supply; tap a picked card to take it back.")),
    h("div", { class: "chips", "data-picked": "" }, slots),
    h("h3", null, t("Colours")),
    h("div", { class: "chips", "data-palette": "" }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      disabled: picked.length >= need, why: t("All {n} cards are picked: tap a picked card above to take it back.", { n: need }),
      onclick: () => set([...picked, c]) }))),
    h("button", {
      type: "button", class: "btn primary big act", disabled: picked.length !== need,
      why: tn("Tap the colour of {n} more card first.", "Tap the colour of {n} more cards first.", need - picked.length),
      "data-do": "reveal", style: "margin-top: 12px",
      onclick: () => g.send({ kind: "reveal_customers", cards: picked }),
    }, picked.length === need ? t("These are the cards") : t("Pick {n} more", { n: need - picked.length })),
  ];
}

export function deliverPanel(g) {
  const options = g.legal("deliver");
  if (!options.length) return null;
  const keep = options.find((a) => a.keep);
  const drop = options.find((a) => !a.keep);
  const n = g.view.display.length;
  return [
    h("h2", null, g.who(options[0].player), t("Keep or discard the display?")),
    h("p", { class: "hint" }, tn("{n} customer card left. You keep all or discard all; then the display is refilled.",
      "{n} customer cards left. You keep all or discard all; then the display is refilled.", n)),
    h("div", { class: "chips" }, g.view.display.map((c) => customerChip(c))),
    h("div", { class: "row", style: "margin-top: 12px" },
      keep ? h("button", { type: "button", class: "btn primary grow act", "data-do": "keep",
        onclick: () => g.send(keep) }, t("Keep them")) : null,
      drop ? h("button", { type: "button", class: "btn grow act", "data-do": "discard",
        onclick: () => g.send(drop) }, t("Discard them")) : null),
  ];
}

export function tipsPanel(g) {
  const options = g.legal("declare_tips");
  if (!options.length) return null;
  const byPlayer = new Map();
  for (const a of options) byPlayer.set(a.player, [...(byPlayer.get(a.player) ?? []), a]);
  return [h("h2", null, t("Show your Tip action cards")),
    h("p", { class: "hint" }, t("How many Tip action cards are in the hand? They count as tips.")),
    [...byPlayer].map(([player, list]) => h("div", { class: "row", style: "margin-bottom: 8px", "data-player": player },
      h("span", { class: "grow" }, player),
      list.sort((a, b) => a.tips - b.tips).map((a) => h("button", {
        type: "button", class: "btn act", "data-tips": a.tips, onclick: () => g.send(a) }, a.tips))))];
}

function playerRow(g, p) {
  const acting = g.view.to_act?.seat === p.seat;
  const facts = [
    t("tile {n}", { n: p.tile }),
    p.guess !== null && p.guess !== undefined ? t("guess {n}", { n: p.guess }) : null,
    tn("{n} action card", "{n} action cards", p.action_cards),
    t("tips {n}", { n: p.tips }),
    p.moved ? t("moved") : null,
  ].filter(Boolean);
  const customers = Object.entries(p.customers ?? {}).filter(([, n]) => n > 0);
  return h("div", { class: `player pc pc-${p.colour}${acting ? " acting" : ""}`, "data-seat": p.seat },
    playerDot(p.colour),
    h("span", { class: "name" }, p.seat === g.mySeat ? t("{name} (you)", { name: p.name }) : p.name),
    acting ? h("span", { class: "muted small" }, t("to act")) : h("span"),
    h("div", { class: "facts" }, facts.map((f) => h("span", null, f))),
    customers.length
      ? h("div", { class: "chips" }, customers.map(([c, n]) => customerChip(c, n)))
      : null);
}

export function playersCard(g) {
  return [h("h2", null, t("Players")), h("div", { class: "players" },
    g.view.players.map((p) => playerRow(g, p)))];
}

/** The record_draw actions this phone may send: the legal ones, else (the engine offers none
 * while the hand has cards it does not know) every action card, for the engine to judge. */
function drawRecords(g, me) {
  const legal = g.legal("record_draw");
  if (legal.length) return legal;
  if (me.hand.unknown > 0 && g.view.phase !== "over") {
    return Object.keys(ACTION_CARDS).map((card) => ({ kind: "record_draw", player: me.name, card }));
  }
  return [];
}

/** At the top of the seat's own phone, under the turn bar, while the hand holds an action
 * card drawn face down and not told yet: which card is it? One big button per card. */
export function drawCard(g) {
  if (g.mySeat === null) return null;
  const me = g.player(g.mySeat);
  if (!me.hand?.unknown) return null;
  const records = drawRecords(g, me);
  if (!records.length) return null;
  const n = me.hand.unknown;
  return [
    h("h2", null, tn("You drew an action card", "You drew {n} action cards", n)),
    h("p", { class: "hint" }, n === 1
      ? t("Look at it and tap which one it is. Only this phone sees it.")
      : t("Look at them and tap each one in turn. Only this phone sees them.")),
    h("div", { class: "draw-choices", "data-draw-prompt": n }, records.map((a) => h("button", {
      type: "button", class: "btn big act", "data-record": a.card, onclick: () => g.send(a),
    }, ACTION_CARDS[a.card] ?? a.card))),
  ];
}

/** The seat's own hand (only on its own phone); a card drawn and not told yet is asked for at
 * the top of the screen (drawCard). */
export function handCard(g) {
  if (g.mySeat === null) return null;
  const me = g.player(g.mySeat);
  if (!me.hand) return null;
  const known = [...countOf(me.hand.known)].map(([card, n]) => h("span", { class: "chip", "data-card": card },
    ACTION_CARDS[card] ?? card, n > 1 ? h("span", { class: "n" }, `×${n}`) : null));
  const unknown = me.hand.unknown;
  const asked = unknown > 0 && drawRecords(g, me).length > 0;
  return [
    h("h2", null, t("Your hand"), h("span", { class: "aside" }, t("only on this phone"))),
    h("div", { class: "chips hand-cards", "data-hand": "" }, known,
      unknown ? h("span", { class: "chip slot" }, t("{n} face down", { n: unknown })) : null),
    !known.length && !unknown ? h("p", { class: "muted small" }, t("No action cards.")) : null,
    asked ? h("p", { class: "muted small" }, t("Tap which card you drew at the top of the screen.")) : null,
  ];
}
