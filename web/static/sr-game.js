// The Sushi Roll game screen: game.js hands over the page context G when the snapshot's game is
// "sushi-roll". Sections: the turn bar (whose turn, what the table waits for), the panel (rolls,
// the turn of the player to play, re-rolls, tray entry, the final ranking), every player's belt,
// tray, tokens and live breakdown, the round (order, supply, the dice table) and the scoreboard.
import { h, playerDot, showGameTitle } from "./common.js";
import { t, tn, tp } from "./i18n.js";
import { dieTile, faceOf, kindName, tokenChips, unreadDie } from "./sr-common.js";
import { cameraCard } from "./sr-camera.js";
import { entryPanel } from "./sr-entry.js";
import { playPanel, rerollPanel, rollPanel } from "./sr-turns.js";
import { breakdownList, sumPoints } from "./sgp-common.js";
import { loadColours } from "./sgp-game.js";
import { colourOf, finalPanel, scoreboardCard } from "./sgp-score.js";

export { GAME_ID } from "./sr-common.js";

const PANELS = { roll: rollPanel, pick: playPanel, reroll: rerollPanel, entry: entryPanel };

/** Transient choices last as long as the decision they are for. */
export function decisionKey(view) {
  return [view.round, view.phase, view.turn, view.current, view.to_roll.join(",")].join("|");
}

export function subtitle(view) {
  if (view.over) return t("game over");
  const what = view.mode === "scoring" ? t("trays") : t("turn {turn} of {turns}", { turn: view.turn, turns: view.turns });
  return t("round {round} of {rounds} · {what}", { round: view.round, rounds: view.rounds, what });
}

function turnCard(g) {
  const v = g.view;
  const bar = document.getElementById("turn");
  if (v.over) { bar.classList.remove("mine"); return [h("span", null, t("Game over: final score"))]; }
  let prompt;
  let sub = null;
  let mine = g.canTable;
  if (v.phase === "roll" && v.turn > 1) {
    // later turns: the red belt's holder plays at once; the rolls need not be entered
    const p = v.players.find((q) => q.name === v.red);
    mine = g.isHost || g.mySeat === p.seat;
    prompt = g.mySeat === p.seat ? t("Your turn: tokens, then one die to your tray") : t("{player}'s turn", { player: v.red });
    sub = t("Turn {turn}: belts rolled again · {player} holds the red belt · order: {order}", { turn: v.turn, player: v.red, order: v.order.join(", ") });
  } else if (v.phase === "roll") {
    prompt = t("Turn {turn}: roll the belts", { turn: v.turn });
    sub = tn("{n} belt to roll · anyone at the table can enter them", "{n} belts to roll · anyone at the table can enter them", v.to_roll.length);
  } else if (v.phase === "pick") {
    const p = v.players.find((q) => q.name === v.current);
    mine = g.isHost || g.mySeat === p.seat;
    prompt = g.mySeat === p.seat ? t("Your turn: tokens, then one die to your tray") : t("{player}'s turn", { player: v.current });
    sub = t("{player} holds the red belt · order: {order}", { player: v.red, order: v.order.join(", ") });
  } else if (v.phase === "reroll") {
    prompt = tn("{player} re-rolls {n} die: enter the new faces", "{player} re-rolls {n} dice: enter the new faces", v.reroll.dice.length, { player: v.reroll.player });
  } else if (v.phase === "entry") {
    prompt = t("Round {round}: enter each tray at round end", { round: v.round });
    sub = t("{n} of {total} entered", { n: v.players.filter((p) => p.entered).length, total: v.players.length });
  } else {
    prompt = v.waiting;
  }
  bar.classList.toggle("mine", mine);
  const who = playing(v) ? playerDot(colourOf(g, playing(v))) : null;
  return [who, h("span", { "data-waiting": v.waiting }, prompt, sub ? h("span", { class: "sub" }, sub) : null)];
}

function panel(g) {
  const v = g.view;
  if (v.over) return finalPanel(g, scoreOptions());
  return PANELS[v.phase]?.(g) ?? null;
}

// ---------------------------------------------------------------- the players

function trayDice(p) {
  return p.tray.map((d) => dieTile(d, { small: true, class: d.on_wasabi ? "on-wasabi" : d.covered ? "covered" : "",
    "data-tray-die": d.die }));
}

function entryDice(v, p) {
  if (!p.entry) return null;
  return [...p.entry.dice.map((r) => dieTile(faceOf(v, r), { small: true, "data-tray-die": r })),
    ...p.entry.on_wasabi.map((r) => dieTile(faceOf(v, r), { small: true, class: "on-wasabi", "data-tray-die": r }))];
}

/** Who plays now: the red belt's holder while later turns' belts wait for their roll. */
function playing(v) {
  return v.current ?? (v.phase === "roll" && v.turn > 1 ? v.red : null);
}

/** A belt as it is now: one waiting for its roll in a later turn shows its kinds only. */
function beltShown(v, p) {
  return v.phase === "roll" && v.turn > 1 && !p.rolled ? p.belt.map((d) => unreadDie(d.kind)) : p.belt;
}

function playerCard(g, p, i) {
  const v = g.view;
  const lines = v.live?.[i] ?? [];
  const scoring = v.mode === "scoring";
  const state = scoring ? (p.entered ? t("entered") : t("not entered yet"))
    : p.name === playing(v) ? t("to play") : p.picked ? t("played") : v.to_roll.includes(p.name) && v.turn === 1 ? t("to roll") : "";
  return h("div", { class: `live-player sr-player pc pc-${colourOf(g, p.name)}${p.name === playing(v) ? " current" : ""}`,
    "data-player-card": p.name },
  h("div", { class: "live-head" }, playerDot(colourOf(g, p.name)), h("strong", null, p.name),
    p.red ? h("span", { class: "sr-red", "data-red-belt": "" }, t("Red belt")) : null,
    h("span", { class: "state" }, state),
    h("span", { class: "pts", "data-live-points": sumPoints(lines) }, sumPoints(lines))),
  tokenChips(p),
  scoring ? null : h("div", { class: "sr-row" }, h("span", { class: "sr-label" }, t("Belt")),
    h("span", { class: "sr-belt", "data-belt-of": p.name }, p.belt.length
      ? beltShown(v, p).map((d) => dieTile(d, { small: true })) : h("span", { class: "muted small" }, t("empty")))),
  h("div", { class: "sr-row" }, h("span", { class: "sr-label" }, t("Tray")),
    h("span", { class: "sr-tray", "data-tray-of": p.name }, scoring ? entryDice(v, p)
      : p.tray.length ? trayDice(p) : h("span", { class: "muted small" }, t("empty")))),
  lines.length ? h("details", { open: g.ui.openLive?.[p.name] ?? false,
    ontoggle: (e) => { g.ui.openLive = { ...(g.ui.openLive ?? {}), [p.name]: e.target.open }; },
  }, h("summary", null, t("Breakdown")), breakdownList(lines)) : null);
}

function playersCard(g) {
  const v = g.view;
  if (v.over) return null;
  return [
    h("h2", null, t("Round {n} so far", { n: v.round }), h("span", { class: "aside" }, t("if the round ended now"))),
    v.players.map((p, i) => playerCard(g, p, i)),
  ];
}

// ---------------------------------------------------------------- the round

function roundInfoCard(g) {
  const v = g.view;
  const s = v.supply;
  return [
    h("h2", null, v.over ? t("The game") : t("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }),
      h("span", { class: "aside" }, v.mode === "scoring" ? t("trays at round end") : t("turn by turn"))),
    v.over || v.mode === "scoring" ? null : h("p", { "data-order": v.order.join(",") },
      tn("{n} die a belt · turn {turn} of {turns} · {player} holds the red belt and plays first, then {others}",
        "{n} dice a belt · turn {turn} of {turns} · {player} holds the red belt and plays first, then {others}",
        v.turns, { turn: v.turn, turns: v.turns, player: v.red, others: v.order.slice(1).join(", ") })),
    h("p", { class: "sg-facts", "data-supply": `${s.menu},${s.chopsticks},${s.desserts}` },
      h("span", { class: "sg-fact" }, t("Supply: Menu {n}", { n: s.menu })),
      h("span", { class: "sg-fact" }, tp("supply", "Chopsticks {n}", { n: s.chopsticks })),
      h("span", { class: "sg-fact" }, tp("supply", "Desserts {n} ({ones}×1, {threes}×3)", { n: s.desserts, ones: s.dessert_ones, threes: s.dessert_threes }))),
    v.bag ? h("p", { class: "muted small", "data-bag": "" }, t("In the bag: {dice}", { dice: v.dice.map((k) => `${v.bag[k.kind]} ${kindName(v, k.kind)}`).join(", ") })) : null,
    h("details", { class: "sr-table" }, h("summary", null, t("The dice and their faces")),
      v.dice.map((k) => h("div", { class: "sr-row" }, h("span", { class: "sr-label" }, `${kindName(v, k.kind)} ×${k.in_box}`),
        h("span", { class: "sr-belt" }, k.faces.map((f) => dieTile(f, { small: true })))))),
    h("p", { class: "muted small" }, t("Maki 6/3 · nigiri 1/2/3, ×3 on a wasabi · per set of up to 3: dumplings 2/4/8, tempura 1/5/10, sashimi 0/6/13 · game end: desserts most +6, fewest −6, 1 point per 2 Menu/Chopsticks tokens left.")),
  ];
}

function dessertCell(g, p, sheet) {
  const v = g.view;
  if (!v.over) {
    return h("td", { class: "soon", "data-desserts": "", title: t("desserts and tokens score at game end") },
      "–", h("span", { class: "small" }, ` (${p.desserts})`));
  }
  const points = sheet.total - p.round_points.reduce((a, b) => a + b, 0);
  return h("td", { "data-desserts": points }, `${points}`, h("span", { class: "small" }, ` (${p.desserts})`));
}

function scoreOptions() {
  return {
    desserts: dessertCell,
    note: t("Desserts and leftover tokens score at game end: until then the column shows, in brackets, the desserts held."),
  };
}

/** Fill the page for a Sushi Roll snapshot. ``section(id, build)`` shows or hides one. */
export function render(g, section) {
  loadColours(g);
  showGameTitle("Sushi Roll", g.id);
  document.getElementById("round").textContent = subtitle(g.view);
  section("turn", turnCard);
  section("panel", panel);
  section("live-score", playersCard);
  section("round-info", roundInfoCard);
  section("scoreboard", (x) => scoreboardCard(x, scoreOptions()));
  for (const id of ["board", "ring", "display", "hand", "players"]) section(id, () => null);
  cameraCard(g); // the dice camera, while the dice come from the camera
}
