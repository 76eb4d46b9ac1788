// The game screen: one snapshot in, the whole screen out. Live through EventSource.
//
// G is the page context every render module receives: the snapshot, the viewer, the legal
// decisions, the transient choices of this screen (G.ui) and send() to post an action.
//
// The title's own screens are its "game" module (web/static/<prefix>-game.js, named by
// /api/titles and loaded once by titles.js): render(G, section), decisionKey(view) and,
// optionally, describe (a history line). This page names no title.
import { api, banner, fill, h, playerDot, store } from "./common.js";
import { t } from "./i18n.js";
import { historyCard, hostCard } from "./game-host.js";
import { titleModule } from "./titles.js";

/** Title id -> its loaded game module (null: the title has none). */
const TITLE_SCREENS = new Map();

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
  return TITLE_SCREENS.get(view.game)?.decisionKey(view) ?? "";
}

async function accept(snapshot) {
  const title = snapshot.view.game;
  if (!TITLE_SCREENS.has(title)) {
    try {
      TITLE_SCREENS.set(title, await titleModule(title, "game"));
    } catch (err) {
      banner.show(err.message);
      return;
    }
  }
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
  const screens = TITLE_SCREENS.get(v.game);
  screens?.render(G, section);
  section("host", hostCard);
  section("history", (g) => historyCard(g, screens?.describe ?? null));
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
  await accept(await api("GET", `/api/games/${id}`, undefined, G.token));
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
