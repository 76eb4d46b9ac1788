// The guess board: numbers 2..12, marker stacks, the roller's exact chances, guessing.
import { h } from "./common.js";
import { t, tn, tp } from "./i18n.js";

/** How many Re-roll cards the odds assume: the toggle, else the viewer's own known ones. */
function oddsK(g) {
  const width = g.view.odds[0]?.chance.length ?? 1;
  if (g.ui.k !== null && g.ui.k !== undefined) return Math.min(g.ui.k, width - 1);
  const hand = g.mySeat === null ? null : g.player(g.mySeat).hand;
  const known = hand ? hand.known.filter((c) => c === "re_roll").length : 0;
  return Math.min(known, width - 1);
}

/** Chances matter while guesses are being placed. */
function showOdds(g) {
  return ["reveal", "guess"].includes(g.view.phase);
}

function percent(p) {
  const value = 100 * p;
  if (value > 0 && value < 1) return "<1%";
  if (value < 100 && value > 99) return ">99%";
  return `${Math.round(value)}%`;
}

function guessCell(g, spot, k, guesses) {
  const odds = g.view.odds.find((o) => o.number === spot.number);
  const plain = guesses.find((a) => a.number === spot.number && !a.same_guess);
  const same = guesses.find((a) => a.number === spot.number && a.same_guess);
  const free = spot.stack.length === 0;
  const rolling = g.view.roll?.target === spot.number;
  const classes = ["cell", free ? "free" : "taken", plain || same ? "can" : "",
    g.ui.same === spot.number ? "selected" : "", rolling ? "rolling" : ""].join(" ");
  const names = spot.stack.map((s) => g.name(s)).join(", ");
  return h("button", {
    type: "button", class: `${classes} act`, "data-number": spot.number, disabled: !(plain || same),
    why: guesses.length ? (g.ui.same ? t("{n} is taken: pick a free number.", { n: spot.number })
      : t("{n} is taken: pick a free number (or play a Same guess card).", { n: spot.number }))
      : t("It is not your turn to guess."),
    "aria-label": names ? t("{n}, taken by {players}", { n: spot.number, players: names }) : t("{n}, free", { n: spot.number }),
    onclick: () => {
      if (plain) g.send(plain);
      else { g.ui.same = spot.number; g.rerender(); }
    },
  },
  h("span", { class: "num" }, spot.number),
  h("span", { class: "stackm" },
    (spot.out ?? []).map((s) => h("span", {
      class: `marker out pc pc-${g.player(s).colour}`, title: `${g.name(s)} (done)` })),
    spot.stack.map((s) => h("span", {
      class: `marker pc pc-${g.player(s).colour}`, title: g.name(s), "data-seat": s }))),
  odds && odds.free && showOdds(g) ? [
    h("span", { class: "pct" }, percent(odds.chance[k])),
    h("span", { class: "exact" }, odds.exact[k]),
  ] : null,
  same ? h("span", { class: "offer" }, tp("sushi-express", "Same guess")) : null);
}

function oddsToggle(g, k) {
  const width = g.view.odds[0]?.chance.length ?? 1;
  if (width < 2) return null;
  const buttons = [];
  for (let i = 0; i < width; i += 1) {
    buttons.push(h("button", {
      type: "button", class: "btn", "aria-pressed": String(i === k), "data-k": i,
      onclick: () => { g.ui.k = i; g.rerender(); },
    }, i));
  }
  return h("div", { class: "odds-toggle" },
    h("span", { class: "muted small" }, t("Chances with Re-roll cards:")),
    h("span", { class: "row" }, buttons));
}

export function renderBoard(g) {
  const v = g.view;
  const k = oddsK(g);
  const guesses = g.legal("guess");
  const rolling = v.roll ? t("{player} rolls for {target}", { player: g.name(v.roll.roller), target: v.roll.target }) : "";
  return [
    h("h2", null, t("Guess board"),
      h("span", { class: "aside" }, showOdds(g) ? t("% = the roller makes it") : rolling)),
    h("div", { class: `board${showOdds(g) ? "" : " compact"}`, role: "group", "aria-label": t("Guess board") },
      v.board.map((spot) => guessCell(g, spot, k, guesses))),
    showOdds(g) ? oddsToggle(g, k) : null,
  ];
}

/** The guess phase's panel: what to tap, Same guess on a taken number, Place exchange. */
export function boardHint(g) {
  const guesses = g.legal("guess");
  const exchanges = g.legal("place_exchange");
  if (!guesses.length && !exchanges.length) return null;
  const parts = [h("h2", null, guesses.length ? t("Place your guess") : t("Place exchange"))];
  if (guesses.length) {
    const who = g.who(guesses[0].player);
    parts.push(h("p", { class: "hint" }, who, t("Tap a free number on the board. The percentage on it is the chance the roller makes that number.")));
  }
  const same = guesses.find((a) => a.same_guess && a.number === g.ui.same);
  if (same) {
    parts.push(h("div", { class: "row" },
      h("button", { type: "button", class: "btn primary grow act", "data-do": "same-guess",
        onclick: () => g.send(same) }, g.who(same.player), t("Same guess on {n}", { n: same.number })),
      h("button", { type: "button", class: "btn", onclick: () => { g.ui.same = null; g.rerender(); } },
        t("Cancel"))));
  }
  parts.push(exchangeBlock(g));
  return parts;
}

/** Place exchange options (phase 1, and after the last guess until the first roll). */
export function exchangeBlock(g) {
  const exchanges = g.legal("place_exchange");
  if (!exchanges.length) return null;
  return [h("h3", null, t("Place exchange")),
    h("p", { class: "hint" }, t("Swap the markers on two neighbouring numbers (stacks move whole).")),
    h("div", { class: "row" }, exchanges.map((a) => h("button", {
      type: "button", class: "btn act", "data-do": "exchange", onclick: () => g.send(a),
    }, `${g.who(a.player)}${a.first} ⇄ ${a.second}`)))];
}
