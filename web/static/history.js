// Past games (templates/history.html; issue 27 item A.1): the finished and abandoned games per
// title, newest first (GET /api/history), and one game (GET /api/history/<id>): its ranking,
// each round's points from the engine's score sheet (lines of round N start "round N: ", as
// sgp-score.js reads them), every player's lines, and a step through its actions with the
// totals after each and the board as it was (replay.js). A finished game hands off to BG Stats
// (GET /api/history/<id>/bgstats: the push-play link) and to CSV.
import { api, fill, h, playerDot } from "./common.js";
import { lang, t, tn } from "./i18n.js";
import { drawBoard, loadBoard, replayFrame } from "./replay.js";
import { splitRound } from "./round-lines.js";

const root = document.getElementById("history");
const body = document.getElementById("history-body");
const summaryLine = document.getElementById("history-summary");
// A table's games are numbered; the café's hub serves this page too, its ids "<table>-<game>".
const gameId = root.dataset.game || null;
const S = { games: [], title: "all", game: null, step: 0, bgstats: null };

function dateText(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(lang, { weekday: "short", day: "numeric", month: "short",
    hour: "2-digit", minute: "2-digit" });
}

function durationText(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return t("under a minute");
  const inMinutes = (n) => tn("{n} minute", "{n} minutes", n);
  if (minutes < 60) return inMinutes(minutes);
  const hours = tn("{n} hour", "{n} hours", Math.floor(minutes / 60));
  return minutes % 60 ? `${hours} ${inMinutes(minutes % 60)}` : hours;
}

function colourOf(game, name) {
  return game.players.find((p) => p.name === name)?.colour || "black";
}

function outcome(game) {
  if (game.status === "abandoned") {
    return tn("Not finished: left after {n} move", "Not finished: left after {n} moves", game.actions);
  }
  if (game.winners.length > 1) return t("Shared win: {names}", { names: game.winners.join(", ") });
  return t("{name} won", { name: game.winners[0] });
}

function scoreList(game, cls) {
  return h("ul", { class: cls }, game.ranking.map((r) => h("li", { "data-player": r.name },
    playerDot(colourOf(game, r.name)), h("span", null, r.name), h("span", { class: "n" }, String(r.total)))));
}

// ---------------------------------------------------------------- the list

function pastItem(game) {
  return h("li", null, h("a", { class: "past-link", href: `/history/${game.id}`, "data-game": game.id },
    h("span", { class: "past-head" },
      h("strong", null, game.title),
      h("span", { class: "past-when" }, `${dateText(game.started)} · ${durationText(game.duration_s)}`)),
    h("p", { class: `past-winner ${game.status}` }, outcome(game)),
    scoreList(game, "past-scores"),
    h("span", { class: "past-more" }, t("See every round →"))));
}

function renderList() {
  const titles = [...new Map(S.games.map((g) => [g.game, g.title])).entries()];
  const shown = S.games.filter((g) => S.title === "all" || g.game === S.title);
  summaryLine.textContent = S.games.length
    ? tn("{n} game played on this table, the latest first.", "{n} games played on this table, the latest first.",
      S.games.length)
    : t("No finished games yet. Games show here once they end.");
  const filter = (value, label) => h("button", { type: "button", class: "btn", "aria-pressed": String(S.title === value),
    "data-title": value, onclick: () => { S.title = value; renderList(); } }, label);
  fill(body, [
    titles.length > 1 ? h("div", { class: "history-filters", role: "group", "aria-label": t("Which game") },
      filter("all", t("All games")), titles.map(([id, name]) => filter(id, name))) : null,
    h("ul", { class: "past-list", id: "past-list" }, shown.map(pastItem)),
    S.games.length ? h("p", { class: "history-links" },
      h("a", { class: "btn ghost", href: "/players", "data-link": "players" }, t("Players and statistics")),
      h("a", { class: "btn ghost", href: `/api/history/export.csv${S.title === "all" ? "" : `?game=${S.title}`}`,
        download: "", "data-link": "csv-all" }, t("Download as CSV"))) : null,
  ]);
}

// ---------------------------------------------------------------- one game

/** The columns of the points table: rounds when the engine numbers its lines by round (and
 * "End" for the rest: desserts, end-of-game awards), else one column per rule. */
function columnsOf(score) {
  const lines = score.players.flatMap((p) => p.breakdown);
  const rounds = new Set();
  for (const line of lines) {
    const m = splitRound(line.detail);
    if (m) rounds.add(m[0]);
  }
  if (rounds.size) {
    const cols = [...rounds].sort((a, b) => a - b).map((r) => ({ round: r, label: String(r), test: (l) => splitRound(l.detail)?.[0] === r }));
    const rest = (l) => !splitRound(l.detail);
    if (lines.some(rest)) cols.push({ label: t("Game end"), wrap: true, test: rest });
    return cols;
  }
  const rules = [...new Set(lines.map((l) => l.rule))];
  return rules.map((rule) => ({ label: rule[0].toUpperCase() + rule.slice(1), test: (l) => l.rule === rule }));
}

/** The table's head: "Round" over the round numbers, when there are rounds. */
function header(cols) {
  const rounds = cols.filter((c) => c.round !== undefined);
  if (!rounds.length) {
    return h("thead", null, h("tr", null, h("th", null, t("Player")), cols.map((c) => h("th", null, c.label)),
      h("th", { class: "total" }, t("Total"))));
  }
  const span = { rowspan: "2" };
  return h("thead", null,
    h("tr", null, h("th", span, t("Player")), h("th", { colspan: String(rounds.length), class: "over" }, t("Round")),
      cols.filter((c) => c.round === undefined).map((c) => h("th", { ...span, class: c.wrap ? "wrap" : undefined }, c.label)),
      h("th", { ...span, class: "total" }, t("Total"))),
    h("tr", null, rounds.map((c) => h("th", null, c.label))));
}

function pointsTable(game) {
  const score = game.score;
  const cols = columnsOf(score);
  const order = game.ranking.map((r) => score.players.find((p) => p.name === r.name));
  return h("div", { class: "rounds-wrap" }, h("table", { class: "rounds", "data-rounds": "" },
    header(cols),
    h("tbody", null, order.map((p) => h("tr", { "data-player": p.name },
      h("td", null, playerDot(colourOf(game, p.name)), " ", p.name),
      cols.map((c) => h("td", null, String(p.breakdown.filter(c.test).reduce((s, l) => s + l.points, 0)))),
      h("td", { class: "total" }, String(p.total)))))));
}

function linesOf(game) {
  return h("div", { class: "lines" }, game.ranking.map((r) => {
    const p = game.score.players.find((x) => x.name === r.name);
    return h("details", { "data-lines": p.name },
      h("summary", null, playerDot(colourOf(game, p.name)), tn("{name}: {n} point", "{name}: {n} points", p.total, { name: p.name })),
      groupedLines(p.breakdown));
  }));
}

/** A player's lines, under "Round N" headings where the engine numbers them by round. */
function groupedLines(lines) {
  const out = [];
  let heading = null;
  let list = null;
  for (const line of lines) {
    const m = splitRound(line.detail);
    const title = m ? t("Round {n}", { n: m[0] }) : (heading !== null ? t("Game end") : null);
    if (list === null || title !== heading) {
      heading = title;
      if (title) out.push(h("h3", null, title));
      list = h("ul");
      out.push(list);
    }
    list.append(h("li", null,
      h("span", { class: "pts" }, line.points > 0 ? `+${line.points}` : String(line.points)),
      h("span", null, m ? m[1] : line.detail || line.rule)));
  }
  return out;
}

function stepper(game) {
  const steps = game.steps;
  if (!steps.length) return null;
  const at = stepShown(game);
  const step = at ? steps[at - 1] : { summary: t("Before the first move: the table as it was set up."), totals: {} };
  const go = (n) => { S.step = Math.min(Math.max(n, 0), steps.length); renderGame(); };
  return h("section", { class: "history-card", id: "stepper" },
    h("h2", null, t("Step through the game")),
    h("p", { class: "where", "data-step": at }, at ? t("Move {n} of {total}", { n: at, total: steps.length }) : t("Set-up")),
    h("div", { class: "stepper" },
      h("button", { type: "button", class: "btn", "data-do": "step-back", disabled: at <= 0 || undefined,
        why: t("This is the table as it was set up."), onclick: () => go(at - 1) }, t("← Back")),
      h("button", { type: "button", class: "btn primary", "data-do": "step-next", disabled: at >= steps.length || undefined,
        why: t("This is the last move."), onclick: () => go(at + 1) }, t("Next →"))),
    h("input", { type: "range", class: "step-range", min: "0", max: String(steps.length), value: String(at),
      "aria-label": t("Move"), oninput: (e) => go(Number(e.target.value)) }),
    h("p", { class: "step-text", "data-step-text": "" }, step.summary),
    step.totals ? h("ul", { class: "step-totals" }, game.players.map((p) => h("li", null,
      playerDot(p.colour || "black"), h("span", null, p.name), h("span", { class: "n" }, String(step.totals[p.name] ?? 0))))) : null,
    h("p", { class: "muted small" }, t("Points after this move.")));
}

/** The step shown: 0 (the set-up) to the number of actions. */
function stepShown(game) {
  return Math.min(Math.max(S.step, 0), game.steps.length);
}

/** The board as it was after the move shown (filled by showBoard). */
function replayCard(game) {
  if (!game.steps.length) return null;
  return h("section", { class: "history-card", id: "replay-card" },
    h("h2", null, t("The table after this move")), replayFrame());
}

/** Draw the board of the step shown (once its answer is in, if the step is still shown). */
function showBoard() {
  const game = S.game;
  const at = stepShown(game);
  if (!game.steps.length) return;
  loadBoard(game.id, at).then((board) => {
    if (S.game === game && stepShown(game) === at) drawBoard(game, board);
  }).catch((err) => {
    const frame = document.getElementById("replay");
    if (frame) fill(frame, h("p", { class: "muted" }, err.message));
  });
}

/** BG Stats and CSV: a finished game only (an abandoned one has no result to log). */
function handOff(game) {
  if (game.status !== "finished") return null;
  return h("section", { class: "history-card", id: "hand-off" },
    h("h2", null, t("Log this game elsewhere")),
    h("p", { class: "handoff-links" },
      h("a", { class: "btn primary", id: "bgstats-link", "data-link": "bgstats", href: S.bgstats ?? "#",
        hidden: !S.bgstats, rel: "noopener" }, t("Add to BG Stats")),
      h("a", { class: "btn ghost", href: `/api/history/${game.id}/export.csv`, download: "", "data-link": "csv" },
        t("Download as CSV"))),
    h("p", { class: "muted small" }, t("BG Stats opens on a phone where it is installed, with this game's players and scores to save.")),
    h("figure", { class: "bgstats-qr" },
      h("img", { src: `/api/history/${game.id}/bgstats.svg`, alt: t("QR code of the BG Stats link"), width: "168", height: "168" }),
      h("figcaption", { class: "muted small" }, t("On the tablet: scan this with the phone that has BG Stats."))));
}

function renderGame() {
  const game = S.game;
  document.title = t("{title} · Past games", { title: game.title });
  document.getElementById("history-title").textContent = game.title;
  summaryLine.textContent = `${dateText(game.started)} · ${durationText(game.duration_s)} · ${
    tn("{n} player", "{n} players", game.players.length)}`;
  fill(body, [
    h("div", { class: "history-columns" },
      h("section", { class: "history-card", id: "ranking" },
        h("h2", null, outcome(game)),
        h("ol", { class: "rank-list" }, game.ranking.map((r) => h("li", { class: game.winners.includes(r.name) ? "winner" : "", "data-player": r.name },
          h("span", { class: "rank" }, `${r.rank}.`), playerDot(colourOf(game, r.name)), h("span", null, r.name),
          h("span", { class: "total" }, String(r.total)))))),
      stepper(game)),
    replayCard(game),
    h("section", { class: "history-card", id: "points" },
      h("h2", null, t("Points")), pointsTable(game)),
    h("section", { class: "history-card", id: "breakdown" },
      h("h2", null, t("Where every point came from")), linesOf(game)),
    handOff(game),
  ]);
  showBoard();
}

async function start() {
  try {
    if (gameId === null) {
      S.games = (await api("GET", "/api/history")).games;
      renderList();
    } else {
      S.game = await api("GET", `/api/history/${gameId}`);
      S.step = S.game.steps.length;
      renderGame();
      if (S.game.status === "finished") {
        S.bgstats = (await api("GET", `/api/history/${gameId}/bgstats`)).url;
        const link = document.getElementById("bgstats-link");
        if (link) { link.href = S.bgstats; link.hidden = false; }
      }
    }
  } catch (err) {
    summaryLine.textContent = err.message;
  }
}

start();
