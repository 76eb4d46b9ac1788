// The Sushi Go Party! game screen: game.js hands over the page context G when the snapshot's game
// is "sushi-go-party"; this module fills the sections (panel, live breakdown, round, scoreboard)
// and hides the Sushi Express ones.
import { api, h, showGameTitle } from "./common.js";
import { t } from "./i18n.js";
import { cardName, typeName } from "./sgp-common.js";
import { entryPanel } from "./sgp-entry.js";
import {
  finalPanel, liveCard, roundInfoCard, roundStart, scoreboardCard,
} from "./sgp-score.js";
import { menuPanel, revealPanel, spoonPanel, takeoutPanel } from "./sgp-turns.js";
import { scanCard } from "./scan.js";

export const GAME_ID = "sushi-go-party";

const PANELS = {
  entry: entryPanel, reveal: revealPanel, spoon: spoonPanel, menu: menuPanel, takeout: takeoutPanel,
};

/** Transient choices last as long as the decision they are for. */
export function decisionKey(view) {
  const p = view.pending;
  return [view.round, view.phase, view.turn, p?.kind, p?.player, p?.corner].join("|");
}

/** The second line of the top bar. */
export function subtitle(view) {
  if (view.over) return t("game over");
  const what = view.mode === "scoring" ? t("tableaux") : t("turn {turn} of {turns}", { turn: view.turn, turns: view.deal });
  return t("round {round} of {rounds} · {what}", { round: view.round, rounds: view.rounds, what });
}

function turnCard(g) {
  const v = g.view;
  const bar = document.getElementById("turn");
  bar.classList.toggle("mine", g.canTable);
  if (v.over) return [h("span", null, t("Game over: final score"))];
  const p = v.pending;
  const menu = v.menu;
  let prompt;
  let sub;
  if (v.phase === "entry") {
    const n = v.players.filter((q) => q.entered).length;
    prompt = t("Round {round}: enter each tableau at round end", { round: v.round });
    sub = t("{n} of {total} entered", { n, total: v.players.length });
  } else if (v.phase === "reveal") {
    const n = v.players.filter((q) => q.revealed).length;
    prompt = t("Turn {turn}: enter the cards revealed", { turn: v.turn });
    sub = t("{n} of {total} revealed", { n, total: v.players.length });
  } else if (v.phase === "spoon") {
    const ask = menu.type_names[p.ask] ? typeName(menu, p.ask) : cardName(menu, p.ask);
    prompt = t("{player}'s spoon asks for {card}", { player: p.player, card: ask });
  } else if (v.phase === "menu") {
    prompt = t("{player}'s menu: the card played", { player: p.player });
  } else if (v.phase === "takeout") {
    prompt = t("{player}'s take-out box: the cards flipped", { player: p.player });
  } else {
    prompt = v.phase;
  }
  if (g.canTable) sub = [sub, t("anyone at the table can enter this")].filter(Boolean).join(" · ");
  return [h("span", null, prompt, sub ? h("span", { class: "sub" }, sub) : null)];
}

function panel(g) {
  const v = g.view;
  if (v.over) return finalPanel(g);
  const body = PANELS[v.phase]?.(g) ?? null;
  const start = roundStart(g);
  if (!body && !start) return null;
  return [start, body];
}

let colourRequest = null;

/** Player colours are not in the engine's view: read them once from the games list (Sushi Go!
 * too). */
export function loadColours(g) {
  if (g.colours || colourRequest) return;
  colourRequest = api("GET", "/api/games").then((answer) => {
    const game = answer.games.find((x) => x.id === g.id);
    g.colours = new Map((game?.players ?? []).map((p) => [p.name, p.colour]));
    g.rerender();
  }).catch(() => { g.colours = new Map(); });
}

/** Fill the page for a Sushi Go Party! snapshot. ``section(id, build)`` shows or hides one. */
export function render(g, section) {
  loadColours(g);
  showGameTitle("Sushi Go Party!", g.id);
  document.getElementById("round").textContent = subtitle(g.view);
  section("turn", turnCard);
  section("scan", scanCard);
  section("panel", panel);
  section("live-score", liveCard);
  section("round-info", roundInfoCard);
  section("scoreboard", scoreboardCard);
  for (const id of ["board", "ring", "display", "hand", "players"]) section(id, () => null);
}
