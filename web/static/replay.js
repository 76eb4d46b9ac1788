// The replay board of a past game (history.js; issue 27 item A.1): the board as a watcher of the
// live game saw it after a given move, drawn by the live game's own render code.
//
// GET /api/history/<id>/board?step=N answers the engine's watcher view after the first N actions
// (no decisions in it). A context like game.js's G, read-only (a watcher: no seat, no host,
// nothing to send), is handed to the title's "game" module: its renderReplay(g,
// section, frame, shown) where it has one (Sushi Express: board, ring, display of customers,
// players), else its render(g, section) with a section() that builds only the score cards
// (live score, round, scoreboard), never the entry panels. This module names no title: the
// board's answer says the prefix of the title's scripts ("screens"), and the module is
// <screens>-game.js next to this one (the café's hub serves this page too, without /api/titles).
import { api, fill, h } from "./common.js";
import { t } from "./i18n.js";

/** The read-only cards, in the order the replay shows them. */
const SHOWN = ["live-score", "round-info", "scoreboard", "board", "ring", "display", "players", "panel"];
/** Title id -> its loaded game module (null: none), filled by loadBoard before drawBoard. */
const TITLE_SCREENS = new Map();

/** The game module of a board's title (null when it has none or it cannot be loaded). */
function screensOf(board) {
  if (!board.screens) return Promise.resolve(null);
  return import(new URL(`./${board.screens}-game.js`, import.meta.url).href).catch(() => null);
}

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
  const screens = TITLE_SCREENS.get(board.game);
  if (screens?.renderReplay) screens.renderReplay(g, section, frame, SHOWN);
  else {
    screens?.render(g, (id, build) => section(id, SHOWN.includes(id) && id !== "panel" ? build : () => null));
  }
  document.title = keep;
}

const boards = new Map();

/** The board after ``step`` moves of past game ``gameId`` (each step asked once). */
export function loadBoard(gameId, step) {
  const key = `${gameId}/${step}`;
  if (!boards.has(key)) {
    boards.set(key, api("GET", `/api/history/${gameId}/board?step=${step}`).then(async (board) => {
      if (!TITLE_SCREENS.has(board.game)) TITLE_SCREENS.set(board.game, await screensOf(board));
      return board;
    }).catch((err) => {
      boards.delete(key);
      throw err;
    }));
  }
  return boards.get(key);
}
