// Sushi Express's screens (its package declares the prefix "game": game-*.js are its modules).
// game.js and replay.js load this module through /api/titles (titles.js), as every title's.
import { h, playerDot, showGameTitle } from "./common.js";
import { t } from "./i18n.js";
import { boardHint, renderBoard } from "./game-board.js";
import { dicePanel } from "./game-dice.js";
import { movePanel, renderRing } from "./game-ring.js";
import { scorePanel } from "./game-score.js";
import {
  deliverPanel, displayCard, drawCard, handCard, playersCard, revealPanel, tipsPanel,
} from "./game-table.js";

export const GAME_ID = "sushi-express";

const PANELS = {
  reveal: revealPanel, guess: boardHint, roll: dicePanel, move: movePanel,
  deliver: deliverPanel, tips: tipsPanel, over: scorePanel,
};
/** What the table enters (dice, customer cards turned up): the host or any claimed seat. */
const TABLE_INPUTS = new Set(["reveal", "roll"]);
const PHASE_NAMES = {
  reveal: t("customers"), guess: t("guesses"), roll: t("dice"), move: t("vans"),
  deliver: t("deliveries"), tips: t("tips"), over: t("final score"),
};
/** The replay's read-only cards (replay.js's sections). */
const REPLAY_CARDS = {
  board: (g) => (g.view.phase === "over" ? null : renderBoard(g)),
  ring: renderRing,
  display: displayCard,
  players: playersCard,
  panel: (g) => (g.view.phase === "over" ? scorePanel(g) : null),
};

/** Transient choices (dice picked, cards picked) last as long as the decision they are for. */
export function decisionKey(view) {
  const r = view.roll;
  return [view.round, view.phase, view.to_act?.seat, view.to_act?.what,
    r ? `${r.roller}/${r.try}/${r.awaiting}/${r.dice}` : "", view.move?.mover,
    view.move?.pending_take, view.need_reveal].join("|");
}

/** The game screen's cards (game.js adds the host and history cards). */
export function render(g, section) {
  const v = g.view;
  for (const sgpOnly of ["live-score", "round-info", "scoreboard"]) section(sgpOnly, () => null);
  showGameTitle("Sushi Express", g.id);
  document.getElementById("round").textContent =
    v.phase === "over" ? t("game over") : t("round {n} · {phase}", { n: v.round, phase: PHASE_NAMES[v.phase] ?? v.phase });
  section("turn", turnCard);
  section("draw", drawCard);
  section("panel", (gg) => PANELS[v.phase]?.(gg) ?? null);
  section("board", (gg) => (v.phase === "over" ? null : renderBoard(gg)));
  section("ring", renderRing);
  section("display", displayCard);
  section("hand", handCard);
  section("players", playersCard);
}

/** The replay of a past game (replay.js): its round line and read-only cards. */
export function renderReplay(g, section, frame, shown) {
  const v = g.view;
  frame.querySelector("#round").textContent = v.phase === "over" ? t("game over")
    : t("Round {n}", { n: v.round });
  for (const id of shown) section(id, REPLAY_CARDS[id] ?? (() => null));
}

function turnCard(g) {
  const v = g.view;
  if (v.phase === "over") return [h("span", null, t("Game over: final score"))];
  const act = v.to_act;
  if (!act) return null;
  const mine = act.seat !== null && act.seat === g.mySeat;
  const table = TABLE_INPUTS.has(act.what) && g.canTable;
  document.getElementById("turn").classList.toggle("mine", mine || table);
  const colour = act.seat === null ? null : g.player(act.seat).colour;
  let sub = "";
  if (table) sub = t("Anyone at the table can enter this");
  else if (mine) sub = t("Your turn");
  else if (act.seat !== null) sub = g.isHost ? t("{player}'s turn", { player: g.name(act.seat) }) : t("Waiting for {player}", { player: g.name(act.seat) });
  // the prompt is the engine's words, rendered by the server in this device's language
  return [colour ? playerDot(colour) : null,
    h("span", null, h("span", null, act.prompt), sub ? h("span", { class: "sub" }, sub) : null)];
}
