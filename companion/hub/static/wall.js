// The hub's wall screen: every table's current game and the standings (companion/hub/server.py).
// Long-polls GET /api/wall?after=VERSION: the hub answers as soon as a push changed anything.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function tableCard(t) {
  const over = t.status === "over";
  const card = el("div", {class: over ? "table over" : "table", "data-table": t.table,
                          "data-game": t.game});
  const round = t.round == null ? "" : ` · round ${t.round}`;
  card.append(el("h3", {}, t.table_name || `Table ${t.table}`),
              el("div", {class: "meta"}, `${t.title_name || t.title}${round}${over ? " · finished" : ""}`));
  const scores = el("table", {class: "scores"});
  for (const name of t.players) {
    const total = t.totals && name in t.totals ? String(t.totals[name]) : "–";
    scores.append(el("tr", {}, el("td", {}, name), el("td", {"data-total": name}, total)));
  }
  card.append(scores);
  return card;
}

function standings(node, rows) {
  node.replaceChildren(el("tr", {}, el("th", {}, "Player"), el("th", {}, "Games"),
                          el("th", {}, "Wins"), el("th", {}, "Points")));
  if (!rows.length) {
    node.append(el("tr", {}, el("td", {class: "empty", colspan: "4"}, "No finished games yet")));
  }
  for (const r of rows) {
    node.append(el("tr", {}, el("td", {}, r.name), el("td", {}, String(r.games)),
                   el("td", {}, String(r.wins)), el("td", {}, String(r.points))));
  }
}

function show(wall) {
  const tables = document.getElementById("tables");
  tables.replaceChildren(...wall.tables.map(tableCard));
  if (!wall.tables.length) tables.append(el("p", {class: "empty"}, "No table has pushed a game yet"));
  standings(document.getElementById("today"), wall.today);
  standings(document.getElementById("month"), wall.month);
  document.body.dataset.version = String(wall.version);
  document.getElementById("status").textContent =
    `Updated ${new Date().toLocaleTimeString()}`;
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
      document.getElementById("status").textContent = `The hub does not answer (${error.message}); retrying`;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      version = "";
    }
  }
}

loop();
