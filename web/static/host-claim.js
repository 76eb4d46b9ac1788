// Take over as host with the host code (issue 24 item 5): used by the take-over page
// (templates/host.html) and the home page's Join tab.
import { api, store } from "./common.js";
import { t } from "./i18n.js";
// Words used inside another message (the extractor reads a t() only outside another call's arguments).
const aSeat = () => t("a seat");

/** "ABCD-EFGH": a host code as the screens show it (typed with or without the dash). */
export function showCode(code) {
  const c = String(code ?? "");
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** Ask the companion for the host role of game ``gameId`` with ``code``; on success this
 * device keeps the new host token (the old host's stops working) and the game opens. A device
 * that holds a seat of this game is asked first: it gives that seat up on this device. Throws
 * the companion's reason (a wrong code, too many tries). Returns false when the user said no. */
export async function takeOver(gameId, code) {
  const held = store.get(gameId);
  if (held?.role === "seat" && !globalThis.confirm(
    t("This phone is {who} in this game. Taking over as host here gives up that seat on this phone (the host can release it for another phone). Go on?",
      { who: held.name ?? aSeat() }))) return false;
  const answer = await api("POST", `/api/games/${gameId}/host/claim`, { code: code.trim() });
  store.set(gameId, { token: answer.host_token, role: "host" });
  location.href = `/games/${gameId}`;
  return true;
}
