// Sushi Go! turn by turn: each player's revealed card, then the mochi dice.
//
// Reveal: pick the player (the next one comes by itself), tap the card, send. Chopsticks on the
// table since an earlier turn offer a second card; the player controlling the Dummy (dummy-player
// variant) also names the Dummy's card; in sushi battle only the player whose turn it is takes a
// card. The tiles are Sushi Go Party!'s (sgp-turns.js cardGrid).
//
// Mochi: after the reveals, each player who took a mochi card rolls their die; one tap on the
// face shown enters it (a camera reading the die would send the same mochi_roll).
import { h } from "./common.js";
import { t } from "./i18n.js";
import { dieOf, dieRow, typeOf } from "./sg-common.js";
import { cardName, counts } from "./sgp-common.js";
import { cardGrid, refusalLine } from "./sgp-turns.js";
// Words used inside another message (the extractor reads a t() only outside another call's arguments).
const tapACard = () => t("tap a card");

/** Chopsticks on ``p``'s table since an earlier turn, and a second card to take this turn. */
function chopsticksUsable(g, p) {
  const v = g.view;
  return v.turn < v.turns && p.table.some((c) => typeOf(v, c.card) === "chopsticks" && c.turn < v.turn);
}

/** The players who reveal this turn (sushi battle: the one whose turn it is). */
function revealers(v) {
  return v.variant === "sushi_battle" ? v.players.filter((p) => p.name === v.mover) : v.players;
}

function revealer(g) {
  const players = revealers(g.view).filter((p) => !p.revealed);
  const picked = players.find((p) => p.name === g.ui.revealPlayer);
  if (picked) return picked;
  const mine = g.mySeat !== null ? players.find((p) => p.seat === g.mySeat) : null;
  return mine ?? players[0] ?? null;
}

const SLOT_WORDS = { first: t("Card"), second: t("2nd card"), dummy: t("For the Dummy") };

function slotsOf(d, controls) {
  return ["first", ...(d.chopsticks ? ["second"] : []), ...(controls ? ["dummy"] : [])];
}

function revealLabel(g, p, d, slots) {
  const menu = g.view.menu;
  const battle = g.view.variant === "sushi_battle";
  if (!d.first) return battle ? t("Tap the card {player} took", { player: p.name }) : t("Tap the card {player} revealed", { player: p.name });
  let text = battle ? t("{player} takes {card}", { player: p.name, card: cardName(menu, d.first) })
    : t("{player} reveals {card}", { player: p.name, card: cardName(menu, d.first) });
  if (slots.includes("second")) text += d.second ? ` + ${cardName(menu, d.second)}` : " + …";
  if (slots.includes("dummy")) text += ` · ${t("Dummy {card}", { card: d.dummy ? cardName(menu, d.dummy) : "…" })}`;
  return text;
}

async function sendReveal(g, p, d, slots) {
  const turn = g.view.turn;
  const answer = await g.send({
    kind: "reveal", player: p.name, card: d.first,
    second: slots.includes("second") ? d.second : "", dummy_card: slots.includes("dummy") ? d.dummy : "",
  });
  if (!answer) { g.ui.refusal = g.lastError; g.rerender(); return; }
  if (g.ui.reveals) delete g.ui.reveals[p.name];
  g.ui.refusal = null;
  const next = revealers(g.view).find((q) => !q.revealed && q.name !== p.name);
  g.ui.revealPlayer = next && g.view.turn === turn ? next.name : null;
  g.rerender();
}

export function revealPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
  const p = revealer(g);
  if (!p) return null;
  g.ui.reveals ??= {};
  const d = g.ui.reveals[p.name] ??= { slot: "first", first: "", second: "", dummy: "", chopsticks: false };
  const chopsticks = chopsticksUsable(g, p);
  if (!chopsticks) d.chopsticks = false;
  const controls = v.variant === "dummy_player" && v.mover === p.name;
  const slots = slotsOf(d, controls);
  const slot = slots.includes(d.slot) ? d.slot : "first";
  const pick = (card) => {
    d[slot] = card;
    const empty = slots.find((s) => !d[s]);
    if (empty) d.slot = empty;
    g.ui.refusal = null;
    g.rerender();
  };
  const ready = slots.every((s) => d[s]);
  const everyone = revealers(v);
  const revealed = everyone.filter((q) => q.revealed).length;
  return [
    h("h2", null, t("Turn {turn}: reveals", { turn: v.turn }), h("span", { class: "aside" },
      v.variant === "sushi_battle" ? t("{player} takes from the pyramid", { player: v.mover })
        : t("{n} of {total} revealed", { n: revealed, total: everyone.length }))),
    h("div", { class: "sgp-players", role: "group", "aria-label": t("Who revealed") }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === p.name), "data-player": q.name,
      disabled: q.revealed || !everyone.includes(q),
      why: q.revealed ? t("{player} has revealed this turn already.", { player: q.name }) : t("{player} does not reveal this turn.", { player: q.name }),
      onclick: () => { g.ui.revealPlayer = q.name; g.rerender(); },
    }, q.revealed ? h("span", { class: "done", "aria-label": t("revealed") }, "✓") : null, q.name))),
    controls ? h("p", { class: "hint" }, t("{player} controls the Dummy this turn: tap {player}'s card, then the Dummy's.", { player: p.name })) : null,
    chopsticks ? h("div", { class: "row", style: "margin-top: 8px" }, h("button", {
      type: "button", class: "btn", "aria-pressed": String(d.chopsticks), "data-do": "chopsticks",
      onclick: () => {
        d.chopsticks = !d.chopsticks;
        d.slot = d.chopsticks && d.first ? "second" : "first";
        g.rerender();
      },
    }, t("Chopsticks: 2 cards"))) : null,
    slots.length > 1 ? h("div", { class: `seg seg-${slots.length}`, role: "group", "aria-label": t("Which card") },
      slots.map((s) => h("button", { type: "button", "aria-pressed": String(slot === s), "data-slot": s,
        onclick: () => { d.slot = s; g.rerender(); } },
      t("{slot}: {card}", { slot: SLOT_WORDS[s], card: d[s] ? cardName(v.menu, d[s]) : tapACard() })))) : null,
    cardGrid(g, d[slot] || null, pick),
    refusalLine(g),
    h("button", {
      type: "button", class: "btn primary big act", "data-do": "reveal", disabled: !ready, why: t("Tap the card revealed first."),
      onclick: () => sendReveal(g, p, d, slots),
    }, revealLabel(g, p, d, slots)),
  ];
}

/** The mochi dice to roll now: one tap on the face shown enters a roll. */
export function mochiPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
  const waiting = [...counts(v.mochi.waiting)];
  const roll = (name) => async (value) => {
    const answer = await g.send({ kind: "mochi_roll", player: name, value });
    g.ui.refusal = answer ? null : g.lastError;
    g.rerender();
  };
  return [
    h("h2", null, t("Mochi dice"), h("span", { class: "aside" }, t("{n} to roll", { n: v.mochi.waiting.length }))),
    h("p", { class: "hint" }, t("Each player who took a mochi card rolls their die: tap the face it shows.")),
    waiting.map(([name, n]) => h("div", { class: "sg-question", "data-mochi-for": name },
      h("div", { class: "sgp-section-label" }, n > 1
        ? t("{player} ({n} rolls: enter each, the last counts) · showed {face}", { player: name, n, face: dieOf(v, name) })
        : t("{player} · showed {face}", { player: name, face: dieOf(v, name) })),
      dieRow(t("{player}'s mochi die", { player: name }), null, roll(name), "data-face"))),
    refusalLine(g),
  ];
}

