// The hub's wall screen: every table's current game and the standings (companion/hub/server.py).
// Long-polls GET /api/wall?after=VERSION: the hub answers as soon as a push changed anything.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function customersCell(name, n) {
  return el("td", {class: "customers", "data-customers": name}, tn("{n} customer", "{n} customers", n));
}

function tableCard(g) {
  const over = g.status === "over";
  const card = el("div", {class: over ? "table over" : "table", "data-table": g.table,
                          "data-game": g.game});
  const parts = [g.title_name || g.title];
  if (g.round != null) parts.push(t("round {n}", {n: g.round}));
  if (over) parts.push(t("finished"));
  card.append(el("h3", {}, g.table_name || t("Table {id}", {id: g.table})),
              el("div", {class: "meta"}, parts.join(" · ")));
  const scores = el("table", {class: "scores"});
  for (const name of g.players) {
    const total = g.totals && name in g.totals ? String(g.totals[name]) : "–";
    const row = el("tr", {}, el("td", {}, name));
    // Sushi Express: the customer cards each player delivered, as the table's past games say
    if (g.customers && name in g.customers) row.append(customersCell(name, g.customers[name]));
    row.append(el("td", {"data-total": name}, total));
    scores.append(row);
  }
  card.append(scores);
  return card;
}

function standings(node, rows) {
  node.replaceChildren(el("tr", {}, el("th", {}, t("Player")), el("th", {}, t("Games")),
                          el("th", {}, t("Wins")), el("th", {}, t("Points"))));
  if (!rows.length) {
    node.append(el("tr", {}, el("td", {class: "empty", colspan: "4"}, t("No finished games yet."))));
  }
  for (const r of rows) {
    node.append(el("tr", {}, el("td", {}, r.name), el("td", {}, String(r.games)),
                   el("td", {}, String(r.wins)), el("td", {}, String(r.points))));
  }
}

function show(wall) {
  const tables = document.getElementById("tables");
  tables.replaceChildren(...wall.tables.map(tableCard));
  if (!wall.tables.length) tables.append(el("p", {class: "empty"}, t("No table has sent a game yet.")));
  standings(document.getElementById("today"), wall.today);
  standings(document.getElementById("month"), wall.month);
  document.body.dataset.version = String(wall.version);
  document.getElementById("status").textContent =
    t("Updated {time}", {time: new Date().toLocaleTimeString(HUB_CATALOGUE.lang)});
}

async function loop() {
  let version = "";
  for (;;) {
    try {
      const response = await fetch(`api/wall${version ? `?after=${version}` : ""}`,
                                   {cache: "no-store"});
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const wall = await response.json();
      show(wall);
      version = String(wall.version);
    } catch (error) {
      document.getElementById("status").textContent = t("The hub does not answer ({error}); trying again", {error: error.message});
      await new Promise((resolve) => setTimeout(resolve, 2000));
      version = "";
    }
  }
}

document.title = t("Sushi café: every table");
document.getElementById("title").textContent = t("Every table");
document.getElementById("to-history").textContent = t("Past games");
document.getElementById("to-players").textContent = t("Players");
document.getElementById("today-title").textContent = t("Today");
document.getElementById("month-title").textContent = t("This month");
document.getElementById("status").textContent = t("Connecting…");
loop();
