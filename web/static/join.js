// Claim a seat: the join code (from the QR link or typed) and a tap on your name.
import { api, banner, h, playerDot, store } from "./common.js";
import { t } from "./i18n.js";

const gameId = Number(document.body.dataset.gameId);

async function claim(seat, name) {
  const code = document.getElementById("code").value.trim().toUpperCase();
  if (!code) {
    banner.show(t("Type the join code shown on the host's screen first."));
    return;
  }
  const held = store.get(gameId);
  if (held?.role === "host" && !window.confirm(
    t("This device hosts the game. Taking {name}'s seat here gives up the host controls (undo, corrections, the join code) on this device. Go on?", { name }))) return;
  try {
    // This phone's own seat token re-joins its seat (a reload); another seat is refused by the
    // companion while a phone holds it, with the reason shown here.
    const mine = held?.role === "seat" && held.seat === seat ? held.token : undefined;
    const answer = await api("POST", `/api/games/${gameId}/join`, { code, seat }, mine);
    store.set(gameId, { token: answer.token, role: "seat", seat: answer.seat, name });
    location.href = `/games/${gameId}`;
  } catch (err) {
    banner.show(err.message);
  }
}

/** Name -> colour: from the view, or (Sushi Go Party!, whose view has none) the games list. */
async function seatColours(snapshot) {
  const players = snapshot.view.players;
  if (players.every((p) => p.colour)) return new Map(players.map((p) => [p.name, p.colour]));
  try {
    const game = (await api("GET", "/api/games")).games.find((g) => g.id === gameId);
    return new Map((game?.players ?? []).map((p) => [p.name, p.colour]));
  } catch {
    return new Map();
  }
}

async function init() {
  banner.init();
  let snapshot;
  try {
    snapshot = await api("GET", `/api/games/${gameId}`);
  } catch (err) {
    banner.show(err.message);
    return;
  }
  const held = store.get(gameId);
  if (held) {
    const who = held.role === "host" ? t("the host") : (held.name ?? t("seat {n}", { n: held.seat + 1 }));
    document.getElementById("join-intro").replaceChildren(
      t("This device is already {who} in this game. ", { who }),
      h("a", { href: `/games/${gameId}` }, t("Go to the game")),
      t(", or claim another seat below."));
  }
  const colours = await seatColours(snapshot);
  const taken = new Set(snapshot.claimed_seats ?? []);
  const seats = snapshot.view.players.map((p) => h("button", {
    type: "button", class: "btn seat-btn", "data-seat": p.seat, "data-taken": taken.has(p.seat),
    onclick: () => claim(p.seat, p.name),
  }, playerDot(colours.get(p.name) ?? "black"), t("I am {name}", { name: p.name }),
  taken.has(p.seat) ? h("span", { class: "muted small" }, t(" (on a phone)")) : null));
  const input = document.getElementById("code");
  input.addEventListener("change", () => checkCode(seats));
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") checkCode(seats); });
  await checkCode(seats);
}

/** The seats are offered once the server has said the typed code opens this game (claiming
 * nothing); a wrong code is refused here, before any seat is tapped. */
async function checkCode(seats) {
  const box = document.getElementById("seats");
  const code = document.getElementById("code").value.trim().toUpperCase();
  if (!code) {
    box.replaceChildren();
    return;
  }
  try {
    await api("POST", `/api/games/${gameId}/join/check`, { code });
  } catch (err) {
    box.replaceChildren(h("p", { class: "muted", "data-code-refused": "" },
      t("Check the code on the host's screen and type it again.")));
    banner.show(err.message);
    return;
  }
  banner.hide();
  box.replaceChildren(...seats);
}

init();
