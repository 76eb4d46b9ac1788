// The players page (templates/players.html; issue 27 item A.2): everyone seated on this Pi
// (GET /api/players), and one player's statistics per title (GET /api/players/stats?name=):
// games, wins, average and best score, the favourite menu (Sushi Go Party!) and the average
// customers delivered (Sushi Express). /players?name=Ann opens Ann's at once.
import { api, fill, h, playerDot } from "./common.js";
import { t, tn } from "./i18n.js";

const body = document.getElementById("players-body");
const summaryLine = document.getElementById("players-summary");
const S = { players: [], chosen: new URLSearchParams(location.search).get("name"), stats: null };

function pick(name) {
  S.chosen = name;
  history.replaceState(null, "", `/players?name=${encodeURIComponent(name)}`);
  loadStats();
}

function playerList() {
  return h("ul", { class: "known-list", id: "known-list" }, S.players.map((p) => h("li", null,
    h("button", { type: "button", class: "btn known", "data-player": p.name,
      "aria-pressed": String(p.name.toLowerCase() === (S.chosen ?? "").trim().toLowerCase()),
      onclick: () => pick(p.name) },
    playerDot(p.colour || "black"), h("span", null, p.name),
    h("span", { class: "muted small" }, tn("{n} game", "{n} games", p.games))))));
}

const number = (value) => (value === null || value === undefined ? "–" : String(value));

function titleCard(title) {
  const rows = [
    [t("Games"), number(title.games)],
    [t("Wins"), number(title.wins)],
    [t("Average score"), number(title.average)],
    [t("Best score"), number(title.best)],
  ];
  if (title.favourite_menu) {
    rows.push([t("Favourite menu"), tn("{menu} ({n} game)", "{menu} ({n} games)", title.favourite_menu.games,
      { menu: title.favourite_menu.name }), "wide"]);
  }
  if (title.average_customers !== null) rows.push([t("Average customers"), number(title.average_customers)]);
  if (title.abandoned) rows.push([t("Not finished"), number(title.abandoned)]);
  return h("section", { class: "history-card stats-card", "data-stats": title.game },
    h("h2", null, title.title),
    h("dl", { class: "stats" }, rows.map(([label, value, cls]) => h("div", { class: cls },
      h("dt", null, label), h("dd", null, value)))));
}

function render() {
  summaryLine.textContent = S.players.length
    ? t("Everyone who has played on this table. Pick a player to see their statistics.")
    : t("No players yet. Players show here once they have played a game.");
  const stats = S.stats;
  fill(body, [
    playerList(),
    stats ? h("div", { class: "stats-for", id: "stats", "data-for": stats.name },
      h("h2", { class: "stats-name" }, t("{name}'s games", { name: stats.name })),
      stats.titles.length ? h("div", { class: "stats-grid" }, stats.titles.map(titleCard))
        : h("p", { class: "muted" }, t("No finished games yet."))) : null,
  ]);
}

async function loadStats() {
  if (!S.chosen) { S.stats = null; render(); return; }
  try {
    S.stats = await api("GET", `/api/players/stats?name=${encodeURIComponent(S.chosen)}`);
  } catch (err) {
    S.stats = null;
    summaryLine.textContent = err.message;
    return;
  }
  render();
}

async function start() {
  try {
    S.players = (await api("GET", "/api/players")).players;
  } catch (err) {
    summaryLine.textContent = err.message;
    return;
  }
  render();
  await loadStats();
}

start();
