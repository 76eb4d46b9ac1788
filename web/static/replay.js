// The replay board of a past game (history.js; issue 27 item A.1): the board as a watcher of the
// live game saw it after a given move, drawn by the live game's own render code.
//
// GET /api/history/<id>/board?step=N answers the engine's watcher view after the first N actions
// (no decisions in it). A context like game.js's G, read-only (a watcher: no seat, no host,
// nothing to send), is handed to the title's cards: Sushi Express's board, ring, display of
// customers and players (game-*.js); the other titles' render(g, section) with a section()
// that builds only their score cards (live score, round, scoreboard), never their entry panels.
import { api, fill, h } from "./common.js";
import { t } from "./i18n.js";
import { renderBoard } from "./game-board.js";
import { renderRing } from "./game-ring.js";
import { scorePanel } from "./game-score.js";
import { displayCard, playersCard } from "./game-table.js";
import * as sushiGo from "./sg-game.js";
import * as sushiRoll from "./sr-game.js";
import * as party from "./sgp-game.js";

const TITLE_SCREENS = {
  [party.GAME_ID]: party, [sushiGo.GAME_ID]: sushiGo, [sushiRoll.GAME_ID]: sushiRoll,
};
/** The read-only cards, in the order the replay shows them. */
const SHOWN = ["live-score", "round-info", "scoreboard", "board", "ring", "display", "players", "panel"];
const EXPRESS_CARDS = {
  board: (g) => (g.view.phase === "over" ? null : renderBoard(g)),
  ring: renderRing,
  display: displayCard,
  players: playersCard,
  panel: (g) => (g.view.phase === "over" ? scorePanel(g) : null),
};

/** A watcher's page context over a view (game.js's G, without a stream and without send). */
function context(game, board, rerender) {
  return {
    id: game.id,
    snap: { id: game.id, version: board.step, status: "over", viewer: { role: "watcher", seat: null },
      roll_source: "tap", history: [], view: board.view },
    ui: {},
    colours: new Map(game.players.map((p) => [p.name, p.colour])),
    get view() { return this.snap.view; },
    token: null,
    role: "watcher",
    isHost: false,
    mySeat: null,
    canTable: false,
    lastError: null,
    legal() { return []; },
    player(seat) { return this.view.players[seat]; },
    name(seat) { return this.view.players[seat]?.name ?? t("Seat {n}", { n: seat + 1 }); },
    who(name) { return `${name}: `; },
    send() { return Promise.resolve(null); },
    post() { return Promise.resolve(null); },
    rerender,
  };
}

/** The replay card's frame: the sections the title's cards go in, and the top bar's ids the
 * title's render() writes to (#game-title hidden, #round shown as the round line). */
export function replayFrame() {
  return h("div", { class: "replay", id: "replay", "aria-live": "polite" },
    h("span", { id: "game-title", hidden: true }),
    h("p", { id: "round", class: "replay-round", "data-replay-round": "" }),
    h("div", { class: "replay-cards" },
      SHOWN.map((id) => h("section", { class: "card replay-card", "data-replay": id, hidden: true }))));
}

/** Fill the frame in the page with ``board`` (an answer of /board) of past game ``game``. */
export function drawBoard(game, board) {
  const frame = document.getElementById("replay");
  if (!frame) return;
  frame.dataset.replayStep = String(board.step);
  const g = context(game, board, () => drawBoard(game, board));
  const section = (id, build) => {
    const el = frame.querySelector(`[data-replay='${id}']`);
    if (!el) return;
    const parts = build(g);
    el.hidden = !parts;
    fill(el, parts || []);
  };
  const keep = document.title;
  const screens = TITLE_SCREENS[board.game];
  if (screens) {
    screens.render(g, (id, build) => section(id, SHOWN.includes(id) && id !== "panel" ? build : () => null));
  } else {
    const v = board.view;
    frame.querySelector("#round").textContent = v.phase === "over" ? t("game over")
      : t("Round {n}", { n: v.round });
    for (const id of SHOWN) section(id, EXPRESS_CARDS[id] ?? (() => null));
  }
  document.title = keep;
}

const boards = new Map();

/** The board after ``step`` moves of past game ``gameId`` (each step asked once). */
export function loadBoard(gameId, step) {
  const key = `${gameId}/${step}`;
  if (!boards.has(key)) {
    boards.set(key, api("GET", `/api/history/${gameId}/board?step=${step}`).catch((err) => {
      boards.delete(key);
      throw err;
    }));
  }
  return boards.get(key);
}
