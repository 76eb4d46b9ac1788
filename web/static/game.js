// The game screen: one snapshot in, the whole screen out. Live through EventSource.
//
// G is the page context every render module receives: the snapshot, the viewer, the legal
// decisions, the transient choices of this screen (G.ui) and send() to post an action.
import { api, banner, fill, h, playerDot, store } from "./common.js";
import { t } from "./i18n.js";
import { boardHint, renderBoard } from "./game-board.js";
import { dicePanel } from "./game-dice.js";
import { historyCard, hostCard } from "./game-host.js";
import { movePanel, renderRing } from "./game-ring.js";
import { scorePanel } from "./game-score.js";
import * as sushiGo from "./sg-game.js";
import * as sushiRoll from "./sr-game.js";
import * as party from "./sgp-game.js";
import {
  deliverPanel, displayCard, drawCard, handCard, playersCard, revealPanel, tipsPanel,
} from "./game-table.js";

const PANELS = {
  reveal: revealPanel, guess: boardHint, roll: dicePanel, move: movePanel,
  deliver: deliverPanel, tips: tipsPanel, over: scorePanel,
};
/** What the table enters (dice, customer cards turned up): the host or any claimed seat. */
const TABLE_INPUTS = new Set(["reveal", "roll"]);
/** Titles with screens of their own (Sushi Express is this module's): render, decisionKey and,
 * optionally, describe (a history line). */
const TITLE_SCREENS = {
  [party.GAME_ID]: party, [sushiGo.GAME_ID]: sushiGo, [sushiRoll.GAME_ID]: sushiRoll,
};
const PHASE_NAMES = {
  reveal: t("customers"), guess: t("guesses"), roll: t("dice"), move: t("vans"),
  deliver: t("deliveries"), tips: t("tips"), over: t("final score"),
};

const id = Number(document.body.dataset.gameId);
let source = null;

const G = {
  id,
  cred: store.get(id),
  snap: null,
  ui: {},
  uiKey: "",
  /** Player name -> colour when the view has none (Sushi Go Party!, Sushi Go!). */
  colours: null,
  get view() { return this.snap.view; },
  get token() { return this.cred?.token ?? null; },
  get role() { return this.snap?.viewer?.role ?? "watcher"; },
  get isHost() { return this.role === "host"; },
  get mySeat() { return this.role === "seat" ? this.snap.viewer.seat : null; },
  /** Table inputs (dice, cards turned up) may come from the host or any claimed seat. */
  get canTable() { return this.role !== "watcher" && this.view.phase !== "over"; },
  legal(kind) { return (this.view.legal ?? []).filter((a) => a.kind === kind); },
  player(seat) { return this.view.players[seat]; },
  name(seat) { return this.view.players[seat]?.name ?? t("Seat {n}", { n: seat + 1 }); },
  /** "Ann: " when the host acts for someone, "" on a player's own phone. */
  who(name) { return this.mySeat === null ? t("{player}: ", { player: name }) : ""; },
  send(action) { return this.post(`/api/games/${id}/actions`, action); },
  /** The reason of the last refused post (shown in the banner too). */
  lastError: null,
  async post(path, body) {
    document.body.classList.add("busy");
    try {
      const answer = await api("POST", path, body, this.token);
      banner.hide();
      this.lastError = null;
      if (!source || source.readyState !== EventSource.OPEN) await refresh();
      return answer;
    } catch (err) {
      this.lastError = err.message;
      banner.show(err.message);
      return null;
    } finally {
      document.body.classList.remove("busy");
    }
  },
  rerender() { render(); },
};

/** Transient choices (dice picked, cards picked) last as long as the decision they are for. */
function decisionKey(view) {
  const screens = TITLE_SCREENS[view.game];
  if (screens) return screens.decisionKey(view);
  const r = view.roll;
  return [view.round, view.phase, view.to_act?.seat, view.to_act?.what,
    r ? `${r.roller}/${r.try}/${r.awaiting}/${r.dice}` : "", view.move?.mover,
    view.move?.pending_take, view.need_reveal].join("|");
}

function accept(snapshot) {
  if (G.snap && snapshot.version < G.snap.version) return; // an older answer overtaken by the stream
  G.snap = snapshot;
  checkCredential();
  const key = decisionKey(snapshot.view);
  if (key !== G.uiKey) {
    G.uiKey = key;
    G.ui = { k: G.ui.k ?? null };
  }
  render();
}

function checkCredential() {
  if (G.cred && G.role === "watcher") {
    const wasHost = G.cred.role === "host";
    store.clear(id);
    G.cred = null;
    banner.show(wasHost
      ? t("Another device took over as host. This device now watches the game.")
      : t("This device's saved seat is not recognised any more. You are watching; claim a seat with the join code to play."), "info");
    connect();
  }
}

function section(elId, build) {
  const el = document.getElementById(elId);
  const parts = build(G);
  el.hidden = !parts;
  // A hidden section keeps nothing: a device that stopped being the host keeps no host code.
  fill(el, parts || []);
}

function render() {
  const v = G.view;
  document.body.dataset.phase = v.phase;
  document.body.dataset.version = G.snap.version;
  document.body.dataset.role = G.role;
  document.body.dataset.title = v.game;
  renderWhoami();
  const screens = TITLE_SCREENS[v.game];
  if (screens) {
    screens.render(G, section);
    section("host", hostCard);
    section("history", (g) => historyCard(g, screens.describe ?? null));
    return;
  }
  for (const sgpOnly of ["live-score", "round-info", "scoreboard"]) section(sgpOnly, () => null);
  document.title = t("{title} · game {id}", { title: "Sushi Express", id: id });
  document.getElementById("game-title").textContent = document.title;
  document.getElementById("round").textContent =
    v.phase === "over" ? t("game over") : t("round {n} · {phase}", { n: v.round, phase: PHASE_NAMES[v.phase] ?? v.phase });
  section("turn", turnCard);
  section("draw", drawCard);
  section("panel", (g) => PANELS[v.phase]?.(g) ?? null);
  section("board", (g) => (v.phase === "over" ? null : renderBoard(g)));
  section("ring", renderRing);
  section("display", displayCard);
  section("hand", handCard);
  section("players", playersCard);
  section("host", hostCard);
  section("history", historyCard);
}

function renderWhoami() {
  const el = document.getElementById("whoami");
  if (G.role === "host") el.replaceChildren(t("Host"));
  else if (G.role === "seat") {
    const me = G.player(G.mySeat);
    el.replaceChildren(playerDot(me.colour ?? G.colours?.get(me.name) ?? "black"), me.name);
  } else {
    el.replaceChildren(h("a", { href: `/games/${id}/join`, class: "claim", title: t("You are watching") },
      t("Claim a seat")));
  }
}

function turnCard(g) {
  const v = g.view;
  if (v.phase === "over") return [h("span", null, t("Game over: final score"))];
  const act = v.to_act;
  if (!act) return null;
  const mine = act.seat !== null && act.seat === g.mySeat;
  const table = TABLE_INPUTS.has(act.what) && g.canTable;
  document.getElementById("turn").classList.toggle("mine", mine || table);
  const colour = act.seat === null ? null : g.player(act.seat).colour;
  let sub = "";
  if (table) sub = t("Anyone at the table can enter this");
  else if (mine) sub = t("Your turn");
  else if (act.seat !== null) sub = g.isHost ? t("{player}'s turn", { player: g.name(act.seat) }) : t("Waiting for {player}", { player: g.name(act.seat) });
  // the prompt is the engine's words, rendered by the server in this device's language
  return [colour ? playerDot(colour) : null,
    h("span", null, h("span", null, act.prompt), sub ? h("span", { class: "sub" }, sub) : null)];
}

function setLive(on) {
  const dot = document.getElementById("live");
  dot.classList.toggle("on", on);
  dot.title = on ? t("Live") : t("Reconnecting");
  dot.setAttribute("aria-label", dot.title);
}

function connect() {
  source?.close();
  const query = G.token ? `?token=${encodeURIComponent(G.token)}` : "";
  source = new EventSource(`/api/games/${id}/events${query}`);
  source.addEventListener("snapshot", (e) => { setLive(true); accept(JSON.parse(e.data)); });
  // the table devices' state (tower.js shows it; issue 24 item 10)
  source.addEventListener("devices", (e) => {
    document.dispatchEvent(new CustomEvent("companion:devices", { detail: JSON.parse(e.data) }));
  });
  // the game's pending inputs: rolls, icon dice, scans (pending.js; issue 25)
  source.addEventListener("pending", (e) => {
    document.dispatchEvent(new CustomEvent("companion:pending", { detail: JSON.parse(e.data) }));
  });
  source.addEventListener("open", () => setLive(true));
  source.addEventListener("error", () => {
    document.dispatchEvent(new CustomEvent("companion:devices-lost"));
    setLive(false);
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
  });
}

async function refresh() {
  accept(await api("GET", `/api/games/${id}`, undefined, G.token));
}

async function init() {
  banner.init();
  try {
    await refresh();
  } catch (err) {
    banner.show(err.message);
    if (err.status === 404) return;
  }
  connect();
}

init();
