// The Sushi Go! game screen: game.js hands over the page context G when the snapshot's game is
// "sushi-go". The same sections as Sushi Go Party! (sgp-game.js): the panel (tableau entry,
// reveals, mochi dice), the live breakdown, the round (with the lead token's holder and the mochi
// dice), the scoreboard and the final ranking (sushi golf: the lowest total first).
import { h, playerDot, showGameTitle } from "./common.js";
import { t, tn } from "./i18n.js";
import {
  GAME_ID, MOCHI, STRAWBERRY, VARIANT_NAMES, describe, dessertName, smallDie, tables,
} from "./sg-common.js";
import { entryPanel } from "./sg-entry.js";
import { mochiPanel, revealPanel } from "./sg-turns.js";
import { menuTypes, typeName } from "./sgp-common.js";
import { loadColours } from "./sgp-game.js";
import { colourOf, finalPanel, liveCard, roundStart, scoreboardCard } from "./sgp-score.js";
import { scanCard } from "./scan.js";
// Words used inside another message (the extractor reads a t() only outside another call's arguments).
const andWord = () => t(" and ");

export { GAME_ID, describe };

const PANELS = { entry: entryPanel, reveal: revealPanel, mochi: mochiPanel };

/** Transient choices last as long as the decision they are for. */
export function decisionKey(view) {
  return [view.round, view.phase, view.turn, view.mover, view.mochi?.waiting.join(",")].join("|");
}

export function subtitle(view) {
  if (view.over) return t("game over");
  const what = view.mode === "scoring" ? t("tableaux")
    : t("turn {turn} of {turns}", { turn: view.turn, turns: view.turns });
  return t("round {round} of {rounds} · {what}", { round: view.round, rounds: view.rounds, what });
}

function passing(v) {
  if (v.passing === "swap") return t("Swap hands after each turn.");
  if (v.passing === "right") return t("Two-way road: pass hands to the right this round.");
  if (v.passing === "left") return t("Pass hands to the left after each turn.");
  return "";
}

/** What to deal at the start of a round, and what else to do. */
function dealLines(v) {
  const dice = v.dessert === MOCHI && v.round === 1 ? ` ${t("Every mochi die starts on 1.")}` : "";
  if (v.variant === "sushi_battle") {
    return [t("Lay out the pyramid from the top row down: rows of 2, 3, 4, 5 and 6 cards, each row overlapping the one above; rows 2 and 4 face down"),
      (v.mover ? t("{player} takes first; then one card each in turn.", { player: v.mover })
        : t("Players take one card each in turn.")) + dice];
  }
  if (v.variant === "personal_draw_piles") {
    return [t("Deal each player a hand of 5 and a face-down pile of 5"),
      `${passing(v)} ${t("Then each player draws the top card of their pile.")}${dice}`];
  }
  if (v.variant === "dummy_player") {
    return [t("Deal {n} cards to each player and a face-down pile of {n} for the Dummy", { n: v.deal }),
      (v.mover ? t("{player} controls the Dummy first; control passes every turn.", { player: v.mover })
        : t("Control of the Dummy passes every turn.")) + dice];
  }
  return [t("Deal {n} cards to each player", { n: v.deal }), `${passing(v)}${dice}`];
}

function turnCard(g) {
  const v = g.view;
  document.getElementById("turn").classList.toggle("mine", g.canTable);
  if (v.over) {
    return [h("span", null, v.lowest_wins ? t("Game over: the lowest total wins") : t("Game over: final score"))];
  }
  let prompt;
  let sub;
  if (v.phase === "entry") {
    const all = tables(v);
    prompt = t("Round {round}: enter each tableau at round end", { round: v.round });
    sub = t("{n} of {total} entered", { n: all.filter((p) => p.entered).length, total: all.length });
  } else if (v.phase === "reveal" && v.variant === "sushi_battle") {
    prompt = t("Turn {turn}: {player} takes a card from the pyramid", { turn: v.turn, player: v.mover });
  } else if (v.phase === "reveal") {
    prompt = t("Turn {turn}: enter the cards revealed", { turn: v.turn });
    sub = t("{n} of {total} revealed", { n: v.players.filter((p) => p.revealed).length, total: v.players.length });
  } else if (v.phase === "mochi") {
    const who = [...new Set(v.mochi.waiting)];
    prompt = tn("Mochi: {players} rolls the die", "Mochi: {players} roll the die", who.length, { players: who.join(andWord()) });
  } else {
    prompt = v.phase;
  }
  if (g.canTable) sub = [sub, t("anyone at the table can enter this")].filter(Boolean).join(" · ");
  return [h("span", null, prompt, sub ? h("span", { class: "sub" }, sub) : null)];
}

function panel(g) {
  const v = g.view;
  if (v.over) return finalPanel(g, scoreOptions(g));
  const body = PANELS[v.phase]?.(g) ?? null;
  const start = roundStart(g, dealLines);
  if (!body && !start) return null;
  return [start, body];
}

// ---------------------------------------------------------------- lead token and mochi dice

/** The lead token: who holds it and every table's strawberry symbols. */
function leadBlock(v) {
  const all = tables(v);
  return h("div", { class: "sg-state", "data-lead-holder": v.lead.holder ?? "" },
    h("div", { class: "sgp-section-label" }, t("Lead token")),
    h("p", { class: "sg-holder" }, v.lead.holder
      ? [h("span", { class: "sgp-chip t-strawberry_pudding sg-token" }, t("Lead token")), " ", t("{player} holds it", { player: v.lead.holder })]
      : t("Nobody holds it yet: the first strawberry pudding with the most symbols takes it.")),
    h("p", { class: "sgp-note" }, all.map((p, i) => tn("{player} {n} symbol", "{player} {n} symbols", v.lead.symbols[i], { player: p.name })).join(" · "),
      v.mode === "scoring" ? t(" (kept from earlier rounds)") : ""));
}

/** Every table's mochi die. */
function diceBlock(v) {
  const all = tables(v);
  return h("div", { class: "sg-state", "data-mochi-dice": v.mochi.dice.join(",") },
    h("div", { class: "sgp-section-label" }, t("Mochi dice")),
    h("div", { class: "sg-dice" }, all.map((p, i) => h("span", { class: "sg-die", "data-die-of": p.name },
      smallDie(v.mochi.dice[i], t("{player}'s mochi die: {face}", { player: p.name, face: v.mochi.dice[i] })), p.name,
      v.mochi.waiting.includes(p.name) ? h("span", { class: "muted small" }, t("to roll")) : null))),
    h("p", { class: "sgp-note" }, t("At game end the highest die scores 6 and the lowest loses 6 (not with 2 players).")));
}

function roundInfoCard(g) {
  const v = g.view;
  const facts = [
    t("Dessert: {dessert}", { dessert: dessertName(v) }),
    v.variant !== "none" ? t("Variant: {variant}", { variant: VARIANT_NAMES[v.variant] }) : null,
    v.must_have_futomaki ? t("Must have {roll}", { roll: typeName(v.menu, v.menu.roll) }) : null,
  ].filter(Boolean);
  const edition = v.menu.id === "2013" ? t("Sushi Go! original edition (2013)") : t("Sushi Go! 10th anniversary edition (2024)");
  return [
    h("h2", null, v.over ? t("The game") : t("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }),
      h("span", { class: "aside" }, `${edition} · ${v.mode === "scoring" ? t("tableaux at round end") : t("turn by turn")}`)),
    v.over ? null : h("p", { "data-deal": v.deal }, t("Each table ends the round with {n} cards", { n: v.deal })
      + (v.mode === "scoring" ? "" : ` · ${t("turn {turn} of {turns}", { turn: v.turn, turns: v.turns })}`)),
    h("p", { class: "sg-facts" }, facts.map((f) => h("span", { class: "sg-fact" }, f))),
    v.lowest_wins ? h("p", { class: "sg-golf", "data-golf": "" }, t("Sushi golf: the lowest total wins.")) : null,
    h("div", { class: "menu-chips" }, menuTypes(v.menu).map((x) => h("span", {
      class: `sgp-chip t-${x.cards[0]?.background ?? x.type}` }, x.name))),
    v.lead ? leadBlock(v) : null,
    v.mochi ? diceBlock(v) : null,
  ];
}

/** More chips in the live breakdown: the lead taken and held, the mochi die. */
function liveChips(g, p, i) {
  const v = g.view;
  const out = [];
  if (v.lead) {
    const takes = v.mode === "scoring" ? p.tableau?.lead_takes ?? 0 : p.lead_takes;
    if (takes) out.push(h("span", { class: "sgp-chip t-strawberry_pudding" }, t("Took the lead ×{n}", { n: takes })));
    const holds = v.mode === "scoring" ? p.tableau?.holds_lead : v.lead.holder === p.name;
    if (holds) out.push(h("span", { class: "sgp-chip t-strawberry_pudding sg-token" }, t("Holds the lead token")));
  }
  if (v.mochi) {
    const entered = v.mode === "scoring" ? p.tableau?.mochi_die : 0;
    const die = entered || v.mochi.dice[i];
    out.push(h("span", { class: "sgp-chip t-mochi", "data-live-die": die }, smallDie(die, t("Mochi die {n}", { n: die })), t("Die {n}", { n: die })));
  }
  return out;
}

/** The word after a table's name in the live breakdown, where the default does not fit: the
 * Dummy never reveals (its controller names its card); in sushi battle one player takes a card. */
function liveState(g, p) {
  const v = g.view;
  if (v.mode === "scoring" || v.phase !== "reveal") return null;
  if (v.dummy && p.name === v.dummy.name) return "";
  if (v.variant === "sushi_battle") return p.name === v.mover ? t("takes a card") : "";
  return null;
}

// ---------------------------------------------------------------- scores

function dessertCell(g, p, sheet) {
  const v = g.view;
  const kept = p.kept_desserts.length;
  const die = v.mochi ? v.mochi.dice[tables(v).findIndex((q) => q.name === p.name)] : null;
  const why = die !== null ? t("die {n}", { n: die }) : `${kept}`;
  const title = tn("{n} dessert card kept", "{n} dessert cards kept", kept);
  if (!v.over) {
    return h("td", { class: "soon", "data-desserts": "", title },
      "–", h("span", { class: "small" }, ` (${why})`));
  }
  const roundSum = p.round_points.reduce((a, b) => a + b, 0);
  const points = (sheet?.total ?? p.total) - roundSum;
  return h("td", { "data-desserts": points, title },
    `${points}`, h("span", { class: "small" }, ` (${why})`));
}

/** The Dummy's row under the players': its points, never ranked. */
function dummyRow(g) {
  const v = g.view;
  const d = v.dummy;
  if (!d) return null;
  const roundSum = d.round_points.reduce((a, b) => a + b, 0);
  return h("tr", { class: "dummy", "data-dummy": "" },
    v.over ? h("td", { class: "rank" }, "–") : null,
    h("td", { class: "who" }, h("span", { class: "row" }, playerDot(colourOf(g, d.name)), d.name),
      h("span", { class: "small muted not-ranked" }, t("not ranked"))),
    Array.from({ length: v.rounds }, (_, r) => h("td", { class: r < d.round_points.length ? "" : "soon" },
      r < d.round_points.length ? d.round_points[r] : "·")),
    dessertCell(g, d, null),
    h("td", { class: "total" }, v.over ? d.total : roundSum));
}

function scoreOptions(g) {
  const v = g.view;
  const golf = v.lowest_wins ? h("p", { class: "sg-golf", "data-golf": "" },
    t("Sushi golf: the lowest total wins, so the ranking starts with the lowest.")) : null;
  return {
    desserts: dessertCell,
    rows: dummyRow(g),
    before: golf,
    note: (v.dessert === MOCHI
      ? t("{dessert} scores at game end only; until then the column shows, in brackets, each mochi die.", { dessert: dessertName(v) })
      : t("{dessert} scores at game end only; until then the column shows, in brackets, the dessert cards kept so far.", { dessert: dessertName(v) }))
      + (v.dessert === STRAWBERRY ? ` ${t("Each lead taken scored 2 in its round.")}` : ""),
  };
}

/** Fill the page for a Sushi Go! snapshot. ``section(id, build)`` shows or hides one. */
export function render(g, section) {
  loadColours(g);
  showGameTitle("Sushi Go!", g.id);
  document.getElementById("round").textContent = subtitle(g.view);
  section("turn", turnCard);
  section("scan", scanCard);
  section("panel", panel);
  section("live-score", (x) => liveCard(x, { tables: tables(x.view), chips: liveChips, state: liveState }));
  section("round-info", roundInfoCard);
  section("scoreboard", (x) => scoreboardCard(x, scoreOptions(x)));
  for (const id of ["board", "ring", "display", "hand", "players"]) section(id, () => null);
}
