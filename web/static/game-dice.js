// Dice entry: tap two faces and confirm; after a miss, Re-roll one die or Give up.
import { h } from "./common.js";
import { t, tn } from "./i18n.js";
import { exchangeBlock } from "./game-board.js";

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** A die face (3x3 grid of pip places); a button when ``onclick`` is given. */
export function dieFace(value, props = {}) {
  const cells = [];
  for (let i = 0; i < 9; i += 1) {
    cells.push(PIPS[value].includes(i) ? h("span", { class: "pip" }) : h("span"));
  }
  const tag = props.onclick ? "button" : "span";
  return h(tag, { ...props, type: props.onclick ? "button" : undefined,
    class: `die ${props.class ?? ""}`, "aria-label": props["aria-label"] ?? `${value}` }, cells);
}

function faceRow(label, chosen, choose, extra = {}) {
  const faces = [1, 2, 3, 4, 5, 6].map((v) => dieFace(v, {
    class: chosen === v ? "selected" : "", "aria-pressed": String(chosen === v),
    "aria-label": `${label}: ${v}`, "data-face": v, ...extra, onclick: () => choose(v),
  }));
  return [h("div", { class: "muted small" }, label), h("div", { class: "die-row" }, faces)];
}

function rollState(g, roll) {
  const name = g.name(roll.roller);
  // After a missed try 1 the table enters try 2: the header says so, the dice shown are try 1's.
  const second = roll.dice && roll.try === 1 && roll.awaiting === "reroll_or_next";
  const head = h("h2", null, t("{player} rolls for {target}", { player: name, target: roll.target }),
    h("span", { class: "aside", "data-try": second ? 2 : roll.try }, t("try {n} of 2", { n: second ? 2 : roll.try })));
  if (!roll.dice) return [head];
  const was = second ? t("Try 1: ") : "";
  const verdict = roll.success
    ? h("span", { class: "verdict-ok" }, was + t("{total}: made it!", { total: roll.total }))
    : h("span", { class: "verdict-fail" }, was + t("{total}: short of {target}", { total: roll.total, target: roll.target }));
  return [head, h("div", { class: "dice-now" },
    dieFace(roll.dice[0], { class: "static" }), dieFace(roll.dice[1], { class: "static" }), verdict)];
}

function diceEntry(g, roll) {
  const picked = g.ui.dice ?? [null, null];
  const pick = (i) => (v) => { picked[i] = v; g.ui.dice = picked; g.rerender(); };
  const ready = picked[0] !== null && picked[1] !== null;
  const total = ready ? picked[0] + picked[1] : null;
  const label = ready ? t("Roll {a} + {b} = {total}", { a: picked[0], b: picked[1], total }) : t("Tap both dice");
  return [
    h("h3", null, roll.dice ? t("Try 2: enter the new roll") : t("Enter the roll")),
    faceRow(t("Die {n}", { n: 1 }), picked[0], pick(0), { "data-die": 0 }),
    faceRow(t("Die {n}", { n: 2 }), picked[1], pick(1), { "data-die": 1 }),
    h("button", {
      type: "button", class: "btn primary big act", disabled: !ready, why: t("Tap the face of both dice first."), "data-do": "roll",
      onclick: () => g.send({ kind: "roll", player: g.name(roll.roller), dice: picked }),
    }, label),
  ];
}

function reRoll(g, roll, options) {
  const choice = g.ui.reroll ?? null;
  const rows = [0, 1].map((die) => faceRow(
    t("Re-roll die {n} (now {face}); it shows:", { n: die + 1, face: roll.dice[die] }),
    choice?.die === die ? choice.value : null,
    (value) => { g.ui.reroll = { die, value }; g.rerender(); },
    { "data-reroll-die": die },
  ));
  const action = choice && options.find((a) => a.die === choice.die && a.value === choice.value);
  const fallback = choice && { kind: "re_roll", player: options[0].player, ...choice };
  return [h("h3", null, g.who(options[0].player), t("Re-roll one die")),
    h("p", { class: "hint" }, t("Plays a Re-roll card.")), rows,
    h("button", {
      type: "button", class: "btn primary big act", disabled: !choice, why: t("Tap the die you rolled again and the face it shows first."), "data-do": "re-roll",
      onclick: () => g.send(action ?? fallback),
    }, choice ? t("Re-roll: die {n} shows {face}", { n: choice.die + 1, face: choice.value }) : t("Pick the die and its new face"))];
}

export function dicePanel(g) {
  const roll = g.view.roll;
  if (!roll) return null;
  const parts = rollState(g, roll);
  const tableRoll = g.legal("roll").length > 0
    || (g.canTable && ["roll", "reroll_or_next"].includes(roll.awaiting));
  const reRolls = g.legal("re_roll");
  const giveUps = g.legal("give_up");
  if (reRolls.length && roll.dice) parts.push(reRoll(g, roll, reRolls));
  if (tableRoll) parts.push(diceEntry(g, roll));
  parts.push(exchangeBlock(g)); // the last guesser may still swap before the first roll
  if (giveUps.length) {
    parts.push(h("button", {
      type: "button", class: "btn danger big act", "data-do": "give-up",
      onclick: () => g.send(giveUps[0]),
    }, g.who(giveUps[0].player), t("Give up (take an action card)")));
  }
  if (!tableRoll && !reRolls.length && !giveUps.length && !g.legal("place_exchange").length) {
    parts.push(h("p", { class: "hint" }, t("Waiting for {player}'s dice.", { player: g.name(roll.roller) })));
  }
  return parts;
}
