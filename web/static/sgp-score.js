// Sushi Go Party! scores: the round about to be played (deal size, desserts), the live breakdown
// of the round in progress, the scoreboard (rounds, desserts, totals) and the final ranking.
// Sushi Go! (sg-game.js) shows the same cards with a few options: its tables (the dummy's too),
// chips for the lead token and the mochi dice, a dessert column that stays empty until the game
// ends, and sushi golf's note that the lowest total wins.
import { h, playerDot } from "./common.js";
import { t, tn, tp } from "./i18n.js";
import {
  SPECIAL_ORDER, breakdownList, cardName, chip, counts, menuTypes, sumPoints, typeName,
} from "./sgp-common.js";
import { tableChips } from "./sgp-turns.js";
import { roundPrefix } from "./round-lines.js";

const PLACE_WORDS = [t("Uramaki 1st place"), t("Uramaki 2nd place"), t("Uramaki 3rd place")];

function dessertName(v) {
  return typeName(v.menu, v.menu.dessert);
}

/** "5 Green Tea Ice Cream cards" in the page's language. */
function dessertCards(v, n) {
  return tn("{n} {dessert} card", "{n} {dessert} cards", n, { dessert: dessertName(v) });
}

/** Nothing entered or revealed yet in this round: the moment to deal and shuffle desserts in. */
export function roundStarting(v, tables = v.players) {
  if (v.over) return false;
  if (v.mode === "scoring") return tables.every((p) => !p.entered);
  return v.turn === 1 && v.phase === "reveal" && tables.every((p) => !p.table?.length && !p.revealed);
}

function partyDeal(v) {
  return [t("Deal {n} cards to each player", { n: v.deal }),
    t("Shuffle {cards} into the deck first.", { cards: dessertCards(v, v.desserts_this_round) })];
}

/** The callout at the top of the panel at the start of a round; ``deal(view)`` gives its two
 * lines (what to deal, what to do first). */
export function roundStart(g, deal = partyDeal) {
  const v = g.view;
  if (!roundStarting(v)) return null;
  const [what, first] = deal(v);
  return h("div", { class: "round-start", "data-round-start": v.round },
    h("span", { class: "big" }, t("R{n}", { n: v.round })),
    h("strong", null, what),
    h("span", null, first),
    v.round > 1 ? h("div", { class: "round-start-last" }, roundDetails(g, v.round - 1, "start")) : null);
}

// ---------------------------------------------------------------- each round's breakdown

/** Which round breakdowns this screen opened or closed (key: "where/round" or
 * "where/round/player"), kept across redraws and decisions. */
const opened = new Map();

/** One table's lines of round ``r``: the engines start each round line's detail with
 * "round N: " (game_lines, score_game), which is left out here. */
export function roundLinesOf(breakdown, r) {
  const prefix = roundPrefix(r);
  return (breakdown ?? []).filter((line) => line.detail?.startsWith(prefix))
    .map((line) => ({ ...line, detail: line.detail.slice(prefix.length) }));
}

/** The tables of the sheet (the players, then Sushi Go!'s Dummy): name, round points, lines. */
function sheetTables(v) {
  const byName = new Map(v.score.players.map((p) => [p.name, p.breakdown]));
  const out = v.players.map((p) => ({ name: p.name, points: p.round_points, lines: byName.get(p.name) }));
  if (v.dummy?.breakdown) out.push({ name: v.dummy.name, points: v.dummy.round_points, lines: v.dummy.breakdown });
  return out;
}

function remembered(key, fallback) {
  return opened.has(key) ? opened.get(key) : fallback;
}

function remember(key) {
  return (e) => { opened.set(key, e.target.open); };
}

/** Round ``r``'s breakdown behind one tap: the summary gives every table's points; inside,
 * each table's lines. On a player's phone their own comes first and is open, the others one
 * tap further; on the host's (or a watching) screen every table is open. ``where`` keeps the
 * open state of each place apart; ``open``: whether the round starts open. */
export function roundDetails(g, r, where, open = false) {
  const v = g.view;
  const me = g.mySeat !== null ? g.name(g.mySeat) : null;
  const tables = sheetTables(v);
  if (me) tables.sort((a, b) => (b.name === me) - (a.name === me));
  const points = tables.map((x) => `${x.name} ${x.points[r - 1]}`).join(" · ");
  const key = `${where}/${r}`;
  return h("details", { class: "round-breakdown", "data-round-breakdown": r, open: remembered(key, open),
    ontoggle: remember(key) },
  h("summary", null, h("span", null, t("Round {n} scored: ", { n: r }), h("span", { class: "rb-points" }, points))),
  tables.map((x) => {
    const mine = x.name === me;
    const tkey = `${key}/${x.name}`;
    return h("details", { class: `rb-player pc pc-${colourOf(g, x.name)}${mine ? " mine" : ""}`,
      "data-round-player": x.name, open: remembered(tkey, me === null || mine), ontoggle: remember(tkey) },
    h("summary", null, playerDot(colourOf(g, x.name)), h("span", { class: "grow" }, mine ? t("{name} (you)", { name: x.name }) : x.name),
      h("span", { class: "pts" }, x.points[r - 1])),
    breakdownList(roundLinesOf(x.lines, r)));
  }));
}

/** Every scored round's breakdown, newest first; the round just scored is open until the
 * next round's first entry. */
export function roundsBreakdown(g, where) {
  const v = g.view;
  const scored = v.players[0].round_points.length;
  if (!scored) return null;
  const fresh = v.over || roundStarting(v);
  return [h("h3", { class: "rb-title" }, t("Round by round")),
    Array.from({ length: scored }, (_, i) => scored - i)
      .map((r) => roundDetails(g, r, where, fresh && r === scored && !v.over))];
}

export function roundInfoCard(g) {
  const v = g.view;
  const types = menuTypes(v.menu);
  return [
    h("h2", null, v.over ? t("The game") : t("Round {round} of {rounds}", { round: v.round, rounds: v.rounds }),
      h("span", { class: "aside" }, `${menuName(v.menu)} · ${v.mode === "scoring" ? t("tableaux at round end") : t("turn by turn")}`)),
    v.over ? null : h("p", { "data-deal": v.deal },
      t("Deal {n} cards each · {cards} shuffled in this round", { n: v.deal, cards: dessertCards(v, v.desserts_this_round) })
      + (v.mode === "scoring" ? "" : ` · ${t("turn {turn} of {turns}", { turn: v.turn, turns: v.deal })}`)),
    h("div", { class: "schedule", "data-schedule": v.schedule.join("/") }, v.schedule.map((n, i) => h("span", {
      class: !v.over && i === v.round - 1 ? "now" : "",
    }, h("b", null, n), t("desserts R{n}", { n: i + 1 })))),
    h("div", { class: "menu-chips" }, types.map((x) => h("span", { class: `sgp-chip t-${x.cards[0]?.background ?? x.type}` },
      x.name))),
  ];
}

/** An entered tableau as chips, a nigiri on a wasabi as one pair (as it was entered). */
function entryChips(g, tab) {
  const menu = g.view.menu;
  const cards = [...tab.cards];
  const orders = tab.special_orders ?? [];
  const under = tab.on_wasabi.length + orders.filter((so) => so.on_wasabi).length;
  for (let n = under; n > 0; n -= 1) {
    const i = cards.lastIndexOf("wasabi");
    if (i >= 0) cards.splice(i, 1);
  }
  return [
    [...counts(cards)].map(([id, n]) => chip(menu, id, { count: n })),
    [...counts(tab.on_wasabi)].map(([id, n]) => chip(menu, id, { count: n, onWasabi: true,
      label: t("{card} on a wasabi", { card: cardName(menu, id) }) })),
    orders.map((so) => chip(menu, SPECIAL_ORDER, { onWasabi: so.on_wasabi,
      label: so.on_wasabi ? t("Special order → {card} on a wasabi", { card: cardName(menu, so.copies) })
        : t("Special order → {card}", { card: cardName(menu, so.copies) }) })),
    [...counts(tab.flipped ?? [])].map(([id, n]) => chip(menu, id, { count: n, flipped: true, label: t("Face down") })),
    (tab.uramaki_places ?? []).map((p) => h("span", { class: "sgp-chip t-uramaki" }, PLACE_WORDS[p - 1])),
  ];
}

export function colourOf(g, name) {
  return g.colours?.get(name) || "black";
}

/** Each player's breakdown if the round ended now (view.live), with what is on their table.
 * ``opts.tables``: the tables in view.live's order (default: the players); ``opts.chips(g, p,
 * i)``: more chips for a table (the lead token, a mochi die); ``opts.state(g, p)``: the word
 * after the name, when the default ("entered", "to reveal", ...) does not fit (null: default). */
export function liveCard(g, opts = {}) {
  const v = g.view;
  if (v.over) return null;
  const tables = opts.tables ?? v.players;
  const scoring = v.mode === "scoring";
  const started = scoring ? tables.some((p) => p.entered) : tables.some((p) => p.table.length);
  if (!started) return null;
  const rows = tables.map((p, i) => {
    const lines = v.live?.[i] ?? [];
    const known = !scoring || p.entered;
    const state = opts.state?.(g, p) ?? (scoring ? (p.entered ? t("entered") : t("not entered yet"))
      : (v.phase === "reveal" ? (p.revealed ? t("revealed") : t("to reveal")) : ""));
    return h("div", { class: `live-player pc pc-${colourOf(g, p.name)}`, "data-live": p.name },
      h("div", { class: "live-head" }, playerDot(colourOf(g, p.name)), h("strong", null, p.name),
        h("span", { class: "state" }, state),
        h("span", { class: "pts", "data-live-points": known && v.live ? sumPoints(lines) : "" },
          known && v.live ? sumPoints(lines) : "–")),
      h("div", { class: "sgp-tray" }, scoring ? (p.tableau ? entryChips(g, p.tableau) : null) : tableChips(g, p),
        opts.chips?.(g, p, i) ?? null),
      known && v.live && lines.length ? h("details", { open: g.ui.openLive?.[p.name] ?? false,
        ontoggle: (e) => { g.ui.openLive = { ...(g.ui.openLive ?? {}), [p.name]: e.target.open }; },
      }, h("summary", null, t("Breakdown")), breakdownList(lines)) : null);
  });
  return [
    h("h2", null, t("Round {n} so far", { n: v.round }), h("span", { class: "aside" }, t("if the round ended now"))),
    v.live ? null : h("p", { class: "sgp-warn" }, t("The entries so far do not fit together; the breakdown is back once they do.")),
    rows,
  ];
}

function dessertsKept(p) {
  return p.kept_desserts.length;
}

/** The desserts cell: what the kept desserts score (Sushi Go Party! counts them as the game
 * goes, greyed until the end), and how many dessert cards are kept. */
function partyDesserts(g, p, sheet) {
  const v = g.view;
  const roundSum = p.round_points.reduce((a, b) => a + b, 0);
  const desserts = sheet.total - roundSum;
  return h("td", { "data-desserts": desserts, class: v.over ? "" : "soon",
    title: tn("{n} dessert card kept", "{n} dessert cards kept", dessertsKept(p)) },
  `${desserts}`, h("span", { class: "small" }, ` (${dessertsKept(p)})`));
}

/** Rounds, desserts and totals for every player; the ranking once the game is over.
 * ``opts.desserts(g, p, sheet)``: the desserts cell; ``opts.rows``: more rows (not ranked). */
export function scoreTable(g, opts = {}) {
  const v = g.view;
  const byName = new Map(v.score.players.map((p) => [p.name, p]));
  const rankOf = new Map(v.score.ranking.map((r) => [r.name, r.rank]));
  const order = v.over ? v.score.ranking.map((r) => v.players.find((p) => p.name === r.name)) : v.players;
  const rounds = Array.from({ length: v.rounds }, (_, i) => i);
  return h("table", { class: "scoreboard", "data-scoreboard": "", "data-ranking": v.over ? "" : undefined },
    h("thead", null, h("tr", null,
      v.over ? h("th", null, "#") : null,
      h("th", { class: "who-h" }, t("Player")),
      rounds.map((r) => h("th", null, t("R{n}", { n: r + 1 }))),
      h("th", null, t("Desserts")),
      h("th", null, t("Total")))),
    h("tbody", null, order.map((p) => {
      const sheet = byName.get(p.name);
      const roundSum = p.round_points.reduce((a, b) => a + b, 0);
      // Desserts score at game end: until then they are shown apart, not in the total.
      const total = v.over ? sheet.total : roundSum;
      return h("tr", { "data-player": p.name, class: v.over && rankOf.get(p.name) === 1 ? "first" : "" },
        v.over ? h("td", { class: "rank" }, rankOf.get(p.name)) : null,
        h("td", { class: "who" }, h("span", { class: "row" }, playerDot(colourOf(g, p.name)), p.name)),
        rounds.map((r) => h("td", { "data-round": r + 1, class: r < p.round_points.length ? "" : "soon" },
          r < p.round_points.length ? p.round_points[r] : "·")),
        (opts.desserts ?? partyDesserts)(g, p, sheet),
        h("td", { class: "total", "data-total": total }, total));
    }), opts.rows ?? null));
}

const PARTY_NOTE = t("Desserts score at game end: until then the column shows, greyed and left out of the total, what the dessert cards kept so far (in brackets) would score.");

/** The scoreboard during the game; ``opts``: scoreTable's, and ``note`` under it. */
export function scoreboardCard(g, opts = {}) {
  const v = g.view;
  if (v.over) return null;
  const scored = v.players[0].round_points.length;
  return [
    h("h2", null, t("Scoreboard"), h("span", { class: "aside" },
      scored ? tn("{n} round scored", "{n} rounds scored", scored) : t("no round scored yet"))),
    opts.before ?? null,
    scoreTable(g, opts),
    roundsBreakdown(g, "board"),
    h("p", { class: "muted small" }, opts.note ?? PARTY_NOTE),
  ];
}

/** The final ranking with every player's breakdown (the winner's open, and on a player's
 * phone their own), then each round's; ``opts``: scoreTable's, and ``before`` (parts shown
 * above the table, such as sushi golf's note). */
export function finalPanel(g, opts = {}) {
  const v = g.view;
  const byName = new Map(v.score.players.map((p) => [p.name, p]));
  const me = g.mySeat !== null ? g.name(g.mySeat) : null;
  return [
    h("h2", null, t("Final score")),
    opts.before ?? null,
    scoreTable(g, opts),
    v.score.ranking.map((r) => {
      const p = byName.get(r.name);
      const tiebreak = p.tiebreak_label && p.tiebreak.length
        ? h("p", { class: "muted small" }, t("Tie-break: {what} {values}", { what: p.tiebreak_label, values: p.tiebreak.join(", ") })) : null;
      const key = `final/${p.name}`;
      return h("details", { class: "rb-final", "data-final-player": p.name, open: remembered(key, r.rank === 1 || p.name === me),
        ontoggle: remember(key) },
      h("summary", null, p.name === me ? tn("{name} (you): {n} point", "{name} (you): {n} points", p.total, { name: p.name })
        : tn("{name}: {n} point", "{name}: {n} points", p.total, { name: p.name })),
      breakdownList(p.breakdown), tiebreak);
    }),
    roundsBreakdown(g, "final"),
  ];
}

/** A menu's name in the page's language (a preset's name as its edition prints it). */
function menuName(menu) {
  if (menu.id === "a_la_carte") return t("À la carte");
  return menu.id === "10th_anniversary" || menu.id === "2013" ? menu.name : tp("sushi-go-party menu", menu.name);
}
