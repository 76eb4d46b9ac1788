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
  if (!response.ok) throw new Error(data?.reason || `The hub answered ${response.status}.`);
  return data;
}

const page = location.pathname.startsWith("/players") ? "players" : "history";
const body = document.getElementById("body");
const summary = document.getElementById("summary");
const when = (iso) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "");

function gameCard(g) {
  const minutes = Math.max(1, Math.round(g.duration_s / 60));
  const scores = el("table", { class: "scores" }, ...g.ranking.map((r) =>
    el("tr", { class: r.rank === 1 ? "winner" : "", "data-player": r.name }, el("td", {}, `${r.rank}. ${r.name}`),
      el("td", { "data-total": r.name }, String(r.total)))));
  return el("section", { class: "card", "data-game": g.id },
    el("h2", {}, g.title),
    el("div", { class: "meta" }, `${g.table_name || `Table ${g.table}`} · ${when(g.ended)} · ${minutes} min`),
    scores,
    el("div", { class: "links" },
      el("a", { class: "btn", href: `/history/${g.id}/bgstats`, "data-bgstats": g.id }, "BG Stats"),
      el("a", { class: "btn", href: `/api/history/${g.id}/export.csv`, download: "" }, "CSV")));
}

async function history() {
  const { games } = await get("/api/history?limit=1000");
  summary.textContent = games.length
    ? `${games.length} finished game${games.length === 1 ? "" : "s"} of every table, the latest first.`
    : "No finished games yet.";
  body.replaceChildren(
    el("p", {}, el("a", { class: "btn", href: "/api/history/export.csv", download: "" }, "Every game as CSV")),
    el("div", { class: "grid", id: "games" }, ...games.map(gameCard)));
}

const number = (v) => (v === null || v === undefined ? "–" : String(v));

function titleCard(t) {
  const rows = [["Games", t.games], ["Wins", t.wins], ["Average score", t.average], ["Best score", t.best]];
  if (t.favourite_menu) rows.push(["Favourite menu", `${t.favourite_menu.name} (${t.favourite_menu.games})`]);
  if (t.average_customers !== null) rows.push(["Average customers", t.average_customers]);
  return el("section", { class: "card", "data-stats": t.game }, el("h2", {}, t.title),
    el("dl", {}, ...rows.flatMap(([label, value]) => [el("dt", {}, label), el("dd", {}, number(value))])));
}

async function players() {
  document.getElementById("title").textContent = "Players";
  const chosen = new URLSearchParams(location.search).get("name");
  const { players: list } = await get("/api/players");
  summary.textContent = list.length ? "Everyone who finished a game at any table. Pick a player for their statistics."
    : "No players yet.";
  const parts = [el("ul", { class: "players" }, ...list.map((p) => el("li", {},
    el("a", { class: "btn", href: `/players?name=${encodeURIComponent(p.name)}`, "data-player": p.name,
      "aria-pressed": String(p.name.toLowerCase() === (chosen || "").trim().toLowerCase()) },
    `${p.name} · ${p.games}`))))];
  if (chosen) {
    const stats = await get(`/api/players/stats?name=${encodeURIComponent(chosen)}`);
    parts.push(el("h2", {}, `${stats.name}'s games`),
      el("p", { class: "muted" }, `At ${stats.tables.join(", ") || "no table yet"}.`),
      el("div", { class: "grid", id: "stats", "data-for": stats.name }, ...stats.titles.map(titleCard)));
  }
  body.replaceChildren(...parts);
}

document.querySelector(`nav a[data-page="${page}"]`)?.setAttribute("aria-current", "page");
(page === "players" ? players() : history()).catch((err) => { summary.textContent = err.message; });
