// The known players on the new-game form (issue 27 item A.2): everyone seated on this Pi before
// (GET /api/players, the one who played last first), one tap each to seat them with their name
// and, when nobody at this table has it yet and the title offers it, their colour.
// home.js calls loadKnown(redraw) once and knownPicker(...) at every redraw of the player rows.
import { api, h, playerDot } from "./common.js";
import { t } from "./i18n.js";

/** How many known players the picker offers (the latest ones). */
const SHOWN = 12;
let known = [];

const keyOf = (name) => name.trim().toLowerCase();

/** Read the known players, then ``redraw()``; none when the list cannot be read. */
export async function loadKnown(redraw) {
  try {
    known = (await api("GET", "/api/players")).players;
  } catch {
    known = [];
  }
  redraw();
}

/** Seat ``player`` (a known one) in the first row without a name, or in a new row. */
function seat(players, player, colours) {
  let row = players.find((p) => !p.name.trim());
  if (!row) {
    row = { name: "", colour: "" };
    players.push(row);
  }
  row.name = player.name;
  const used = new Set(players.filter((p) => p !== row).map((p) => p.colour));
  if (colours.includes(player.colour) && !used.has(player.colour)) row.colour = player.colour;
  else if (!row.colour || used.has(row.colour)) row.colour = colours.find((c) => !used.has(c)) ?? "";
}

/** The row of known players not seated yet (null when there is none): a tap seats one in
 * ``players`` (the form's rows, changed in place) and calls ``redraw()``. */
export function knownPicker(players, colours, max, redraw) {
  const seated = new Set(players.map((p) => keyOf(p.name)));
  const offered = known.filter((p) => !seated.has(keyOf(p.name))).slice(0, SHOWN);
  if (!offered.length) return null;
  const full = !players.some((p) => !p.name.trim()) && players.length >= max;
  return h("div", { class: "choice-row known-players", style: "margin: 4px 0 10px; align-items: center", role: "group", "aria-label": t("Players who played here before") },
    h("span", { class: "muted small" }, t("Played here before:")),
    offered.map((p) => h("button", {
      type: "button", class: "btn ghost known", "data-known": p.name, disabled: full,
      why: t("Every seat is taken: remove a player first."),
      onclick: () => { seat(players, p, colours); redraw(); },
    }, playerDot(p.colour || "black"), p.name)));
}
