// The home page: games to resume, a new game, join a game with its code.
import { PLAYER_COLOURS, api, banner, h, playerDot, store, when } from "./common.js";
import { t, tn, tp } from "./i18n.js";
import { needOwner, ownerPost } from "./owner.js";
import * as dice from "./tower.js";
import { takeOver } from "./host-claim.js";
import { knownPicker, loadKnown } from "./players.js";
import { loadTitles, titleModules } from "./titles.js";

const MAX_DEFAULT = 6;
/** A game's status and the player colours, as the list and the swatches say them. */
const STATUS = { playing: t("playing"), over: t("over") };
const COLOUR_NAMES = {
  red: tp("colour", "red"), yellow: tp("colour", "yellow"), green: tp("colour", "green"),
  blue: tp("colour", "blue"), black: tp("colour", "black"), white: tp("colour", "white"),
  orange: tp("colour", "orange"), purple: tp("colour", "purple"),
};
const colourName = (c) => COLOUR_NAMES[c] ?? c;
const state = { titles: [], setups: new Map(), players: [], start: 0, options: {} };

function showTab(name) {
  for (const tab of document.querySelectorAll(".tab")) {
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  }
  for (const panel of document.querySelectorAll(".tab-panel")) {
    panel.hidden = panel.id !== `tab-${name}`;
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

// ---------- games ----------

function playerNames(game) {
  return (game.players ?? []).map((p) => (typeof p === "string" ? p : p.name)).join(", ");
}

function titleName(id) {
  return state.titles.find((t) => t.id === id)?.name ?? id;
}

function roleOf(gameId) {
  const cred = store.get(gameId);
  if (!cred) return "";
  return cred.role === "host" ? t("You host") : t("Your seat");
}

async function loadGames() {
  let games = [];
  try {
    games = (await api("GET", "/api/games")).games;
  } catch (err) {
    banner.show(err.message);
    return;
  }
  games.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
  const list = document.getElementById("game-list");
  list.replaceChildren(...games.map((g) => h("li", null,
    h("a", { class: "game-link", href: `/games/${g.id}`, "data-game": g.id },
      h("span", { class: "grow" },
        h("strong", null, t("{title} · game {id}", { title: titleName(g.game), id: g.id })),
        h("span", null, playerNames(g)),
        h("span", { class: "muted small" },
          [g.round ? t("round {n}", { n: g.round }) : null, t("updated {when}", { when: when(g.updated) }), roleOf(g.id)]
            .filter(Boolean).join(" · "))),
      h("span", { class: `status ${g.status}` }, STATUS[g.status] ?? g.status),
      h("span", { class: "resume" }, g.status === "over" ? t("View") : t("Resume"))))));
  document.getElementById("no-games").hidden = games.length > 0;
  const select = document.getElementById("join-id");
  const current = select.value;
  select.replaceChildren(...games.filter((g) => g.status !== "over").map((g) =>
    h("option", { value: g.id }, t("Game {id}: {players}", { id: g.id, players: playerNames(g) }))));
  if (current) select.value = current;
}

// ---------- new game ----------

function title() {
  return state.titles.find((t) => t.id === document.getElementById("title").value) ?? state.titles[0];
}

/** The chosen title's part of the form: its "setup" module (web/static/<prefix>-setup.js,
 * loaded through /api/titles), each export optional: COLOURS (its player colours), DEFAULTS
 * (the form's defaults where the engine's differ), HOUSE_RULES (its options are house rules),
 * OPTIONS_BY_PLAYERS (its options depend on the player count), choiceLabel(key, value,
 * options), choiceNote(key, value, options, players), optionShown(key, players),
 * startLabel(options) (null: no start player), renderMenuPicker(el, players, rerender) (its
 * menu), prepare() (when picked) and finishOptions(options) (a reason to stop, or null). */
function setup() {
  return state.setups.get(title()?.id) ?? {};
}

function colours() {
  return setup().COLOURS ?? PLAYER_COLOURS;
}

function freeColour(except) {
  const used = new Set(state.players.filter((p) => p !== except).map((p) => p.colour));
  return colours().find((c) => !used.has(c)) ?? "";
}

function addPlayer(focus = true) {
  const player = { name: "", colour: "" };
  player.colour = freeColour(player);
  state.players.push(player);
  renderPlayers();
  if (focus) [...document.querySelectorAll(".player-row input")].at(-1)?.focus();
}

function renderPlayers() {
  const chosen = title();
  const max = chosen?.max_players ?? MAX_DEFAULT;
  const min = chosen?.min_players ?? 1;
  const rows = state.players.map((player, i) => {
    const used = new Set(state.players.filter((p) => p !== player).map((p) => p.colour));
    return h("li", { class: "player-row" },
      h("input", { value: player.name, placeholder: t("Player {n}", { n: i + 1 }), maxlength: 24,
        "aria-label": t("Name of player {n} (up to 24 characters)", { n: i + 1 }), "aria-describedby": "name-hint",
        autocomplete: "off",
        oninput: (e) => { player.name = e.target.value; renderStart(); } }),
      h("button", { type: "button", class: "btn ghost", "aria-label": t("Remove player {n}", { n: i + 1 }),
        disabled: state.players.length <= min,
        why: tn("This game needs at least {n} player.", "This game needs at least {n} players.", min),
        onclick: () => {
          state.players.splice(i, 1);
          if (state.start >= state.players.length) state.start = 0;
          renderPlayers();
        } }, "✕"),
      h("div", { class: "swatches", role: "radiogroup", "aria-label": t("Colour of player {n}", { n: i + 1 }) },
        colours().map((c) => h("button", {
          type: "button", role: "radio", class: `swatch pc pc-${c}`, style: `background: var(--pc)`,
          "aria-checked": String(player.colour === c), "aria-label": colourName(c), title: colourName(c),
          disabled: used.has(c), why: t("Another player has {colour}: pick a colour nobody has.", { colour: colourName(c) }),
          onclick: () => { player.colour = c; renderPlayers(); },
        }))));
  });
  document.getElementById("players").replaceChildren(...rows);
  document.getElementById("known-players").replaceChildren(knownPicker(state.players, colours(), max, renderPlayers) ?? "");
  document.getElementById("player-count").textContent = t("({min} to {max})", { min, max });
  document.getElementById("add-player").hidden = state.players.length >= max;
  renderStart();
  renderMenu();
  if (setup().OPTIONS_BY_PLAYERS) renderRules(); // its options depend on the player count
}

/** A title's menu picker (Sushi Go Party!'s; its limits depend on the player count). */
function renderMenu() {
  const field = document.getElementById("menu-field");
  field.hidden = !setup().renderMenuPicker;
  if (field.hidden) return;
  setup().renderMenuPicker(document.getElementById("menu-picker"), state.players.length, renderMenu);
}

function renderStart() {
  const row = document.getElementById("start-player");
  row.replaceChildren(...state.players.map((p, i) => h("button", {
    type: "button", class: `btn pc pc-${p.colour}`, "aria-pressed": String(state.start === i),
    onclick: () => { state.start = i; renderStart(); },
  }, playerDot(p.colour), p.name.trim() || t("Player {n}", { n: i + 1 }))));
}

/** Whether option ``o`` is asked (Sushi Go!'s 2-player rule only with 2 players). */
function shown(o) {
  if (o.key === "start_player") return false;
  return setup().optionShown?.(o.key, state.players.length) ?? true;
}

/** The start player's label, or null where the title has none (Sushi Go Party!; Sushi Go!
 * only where a variant names one: hands pass in seat order otherwise). */
function startLabel() {
  const own = setup().startLabel;
  return own ? own(state.options) : t("Start player");
}

function renderRules() {
  const all = title()?.options ?? [];
  const options = all.filter(shown);
  for (const o of all) if (!shown(o) && o.key !== "start_player") delete state.options[o.key];
  document.getElementById("rules-label").textContent = setup().HOUSE_RULES ? t("House rules") : t("Options");
  const start = startLabel();
  document.getElementById("start-field").hidden = !start;
  if (start) document.getElementById("start-label").textContent = start;
  document.getElementById("rules-field").hidden = options.length === 0;
  dice.renderRollSource(title());
  document.getElementById("house-rules").replaceChildren(...options.map((o) => {
    const byDefault = setup().DEFAULTS?.[o.key] ?? o.default;
    if (!(o.key in state.options)) state.options[o.key] = byDefault;
    const choices = o.choices.map((c) => {
      const note = setup().choiceNote?.(o.key, c, state.options, state.players.length) ?? null;
      return h("button", {
        type: "button", class: `btn${note ? " noted" : ""}${note?.unfit ? " unfit" : ""}`, "aria-pressed": String(state.options[o.key] === c),
        "data-option": o.key, "data-value": String(c),
        onclick: () => { state.options[o.key] = c; renderRules(); },
      }, choiceLabel(o.key, c), c === byDefault ? h("span", { class: "muted small" }, t(" (default)")) : null,
      note ? h("span", { class: "choice-note" }, note.text) : null);
    });
    return h("div", { class: "rule", "data-rule": o.key },
      h("div", { class: "field-label" }, o.label),
      h("div", { class: "choice-row" }, choices),
      h("div", { class: "doc" }, o.doc));
  }));
}

function choiceLabel(key, value) {
  const words = setup().choiceLabel?.(key, value, state.options);
  if (words) return words;
  if (value === true) return t("Yes");
  if (value === false) return t("No");
  return String(value).replaceAll("_", " ");
}

let leaving = false;

async function createGame(event) {
  event.preventDefault();
  const chosen = title();
  const players = state.players.map((p) => ({ name: p.name.trim(), colour: p.colour }));
  const unnamed = players.findIndex((p) => !p.name);
  if (unnamed >= 0) {
    banner.show(t("Player {n} needs a name.", { n: unnamed + 1 }));
    return;
  }
  const options = { ...state.options };
  const stop = setup().finishOptions?.(options);
  if (stop) { banner.show(stop); return; }
  let order = players;
  if (chosen.options.some((o) => o.key === "start_player")) options.start_player = state.start;
  else if (startLabel()) order = [...players.slice(state.start), ...players.slice(0, state.start)];
  try {
    const body = { game: chosen.id, players: order, options, roll_source: dice.rollSource(chosen) };
    let created;
    try {
      created = await api("POST", "/api/games", body);
    } catch (err) {
      // the owner may allow only the owner to start games (issue 28 item 4): ask for the PIN
      if (err.status !== 403 || err.need !== "owner_required"
        || !(await needOwner("", t("On this Pi only the owner starts games: enter the owner PIN.")))) throw err;
      created = await ownerPost("/api/games", body);
    }
    store.set(created.id, { token: created.host_token, role: "host", seat: null });
    // Sushi Roll's camera chosen here: this game holds it at once when no other game does (the
    // game screen offers "Use the camera for this game" otherwise)
    if (chosen.icon_dice && body.roll_source === "camera") {
      await api("POST", `/api/games/${created.id}/devices/${body.roll_source}/claim`, {}, created.host_token).catch(() => null);
    }
    // A double tap's repeat gets the same answer: go to the game once, not twice.
    if (!leaving) { leaving = true; location.href = `/games/${created.id}`; }
  } catch (err) {
    banner.show(err.message);
  }
}

// ---------- join ----------

function joinGame(event) {
  event.preventDefault();
  const id = document.getElementById("join-id").value;
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  if (!id) { banner.show(t("There is no game to join yet.")); return; }
  if (!code) { banner.show(t("Type the join code shown on the host's screen.")); return; }
  location.href = `/games/${id}/join?code=${encodeURIComponent(code)}`;
}

async function takeOverGame(event) {
  event.preventDefault();
  const id = document.getElementById("join-id").value;
  const code = document.getElementById("host-code").value.trim();
  if (!id) { banner.show(t("There is no game to take over yet.")); return; }
  if (!code) { banner.show(t("Type the host code: 8 letters and digits, such as ABCD-EFGH.")); return; }
  try {
    await takeOver(Number(id), code);
  } catch (err) {
    banner.show(err.message);
  }
}

async function init() {
  banner.init();
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
  }
  showTab(["new", "join"].includes(location.hash.slice(1)) ? location.hash.slice(1) : "games");
  try {
    state.titles = (await loadTitles()).filter((x) => x.screens);
    state.setups = await titleModules(state.titles, "setup");
  } catch (err) {
    banner.show(err.message);
  }
  const select = document.getElementById("title");
  select.replaceChildren(...state.titles.map((x) => h("option", { value: x.id }, x.name)));
  select.addEventListener("change", async () => {
    state.options = {};
    for (const p of state.players) if (!colours().includes(p.colour)) p.colour = freeColour(p);
    if (setup().prepare) {
      try { await setup().prepare(); } catch (err) { banner.show(err.message); }
    }
    renderRules();
    renderPlayers();
  });
  for (let i = 0; i < (title()?.min_players ?? 3); i += 1) addPlayer(false);
  renderRules();
  document.getElementById("add-player").addEventListener("click", () => addPlayer());
  loadKnown(renderPlayers);
  document.getElementById("new-game").addEventListener("submit", createGame);
  document.getElementById("join-game").addEventListener("submit", joinGame);
  document.getElementById("host-game").addEventListener("submit", takeOverGame);
  await loadGames();
  setInterval(loadGames, 10000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) loadGames(); });
}

init();
