// The café's past games and players on the hub (companion/hub/history.py): what the table's
// history and players pages show (web/static/history.js, stats.js), over every table's
// finished games. /history lists them (table, date, players, scores) with each game's BG Stats
// link and CSV; /players lists everyone and, picked, their statistics per title across tables.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "onclick") node.addEventListener("click", value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function get(path) {
  const response = await fetch(path, { cache: "no-store" });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.reason || t("The hub answered {status}.", {status: response.status}));
  return data;
}

const page = location.pathname.startsWith("/players") ? "players" : "history";
const body = document.getElementById("body");
const summary = document.getElementById("summary");
const when = (iso) => (iso ? new Date(iso).toLocaleString(HUB_CATALOGUE.lang, { dateStyle: "medium", timeStyle: "short" }) : "");

function gameCard(g) {
  const minutes = Math.max(1, Math.round(g.duration_s / 60));
  // Sushi Express: the customer cards each player delivered (the table's past games' customers)
  const customers = (name) => (g.customers && name in g.customers
    ? el("td", { class: "customers", "data-customers": name }, tn("{n} customer", "{n} customers", g.customers[name]))
    : null);
  const scores = el("table", { class: "scores" }, ...g.ranking.map((r) =>
    el("tr", { class: r.rank === 1 ? "winner" : "", "data-player": r.name }, el("td", {}, `${r.rank}. ${r.name}`),
      customers(r.name), el("td", { "data-total": r.name }, String(r.total)))));
  return el("section", { class: "card", "data-game": g.id },
    // The title opens the game: every round and its replay (/history/<id>, the table's page).
    el("h2", {}, el("a", { href: `/history/${g.id}`, "data-open": g.id }, g.title)),
    el("div", { class: "meta" }, [g.table_name || t("Table {id}", { id: g.table }), when(g.ended),
      tn("{n} minute", "{n} minutes", minutes), g.menu?.name].filter(Boolean).join(" · ")),
    scores,
    el("div", { class: "links" },
      el("a", { class: "btn", href: `/history/${g.id}/bgstats`, "data-bgstats": g.id, rel: "noopener" }, t("Add to BG Stats")),
      el("a", { class: "btn", href: `/api/history/${g.id}/export.csv`, download: "" }, t("CSV"))),
    el("details", { class: "qr" }, el("summary", { class: "btn" }, t("QR code of the BG Stats link")),
      el("img", { src: `/api/history/${g.id}/bgstats.svg`, alt: t("QR code of the BG Stats link"), width: "168", height: "168", loading: "lazy" }),
      el("p", { class: "muted" }, t("On the tablet: scan this with the phone that has BG Stats."))));
}

async function history() {
  const { games } = await get("/api/history?limit=1000");
  summary.textContent = games.length
    ? tn("{n} finished game of every table, the latest first.", "{n} finished games of every table, the latest first.", games.length)
    : t("No finished games yet.");
  body.replaceChildren(
    el("p", {}, el("a", { class: "btn", href: "/api/history/export.csv", download: "" }, t("Every game as CSV"))),
    el("div", { class: "grid", id: "games" }, ...games.map(gameCard)));
}

const number = (v) => (v === null || v === undefined ? "–" : String(v));

function titleCard(s) {
  const rows = [[t("Games"), s.games], [t("Wins"), s.wins], [t("Average score"), s.average], [t("Best score"), s.best]];
  if (s.favourite_menu) rows.push([t("Favourite menu"), `${s.favourite_menu.name} (${s.favourite_menu.games})`]);
  if (s.average_customers !== null) rows.push([t("Average customers"), s.average_customers]);
  return el("section", { class: "card", "data-stats": s.game }, el("h2", {}, s.title),
    el("dl", {}, ...rows.flatMap(([label, value]) => [el("dt", {}, label), el("dd", {}, number(value))])));
}

async function players() {
  document.getElementById("title").textContent = t("Players");
  const chosen = new URLSearchParams(location.search).get("name");
  const { players: list } = await get("/api/players");
  summary.textContent = list.length ? t("Everyone who finished a game at any table. Pick a player for their statistics.")
    : t("No players yet. Players show here once they have played a game.");
  const parts = [el("ul", { class: "players" }, ...list.map((p) => el("li", {},
    el("a", { class: "btn", href: `/players?name=${encodeURIComponent(p.name)}`, "data-player": p.name,
      "aria-pressed": String(p.name.toLowerCase() === (chosen || "").trim().toLowerCase()) },
    `${p.name} · ${p.games}`))))];
  if (chosen) {
    const stats = await get(`/api/players/stats?name=${encodeURIComponent(chosen)}`);
    parts.push(el("h2", {}, t("{name}'s games", { name: stats.name })),
      el("p", { class: "muted" }, t("At: {tables}", { tables: stats.tables.join(", ") })),
      el("div", { class: "grid", id: "stats", "data-for": stats.name }, ...stats.titles.map(titleCard)));
  }
  body.replaceChildren(...parts);
}

document.querySelector(`nav a[data-page="${page}"]`)?.setAttribute("aria-current", "page");
document.querySelector('nav a[data-page="wall"]').textContent = t("Every table");
document.querySelector('nav a[data-page="history"]').textContent = t("Past games");
document.querySelector('nav a[data-page="players"]').textContent = t("Players");
document.getElementById("title").textContent = t("Past games");
document.title = t("Sushi café: past games and players");
summary.textContent = t("Reading the games…");
(page === "players" ? players() : history()).catch((err) => { summary.textContent = err.message; });
