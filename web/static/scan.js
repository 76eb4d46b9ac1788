// Card scans on the Sushi Go Party! and Sushi Go! game screens (scoring mode at round end, or the
// reveal of each turn when the table follows turn by turn): take a scan (the tablet: the camera
// over the table; a phone: "Photograph my cards", shrunk on the phone before upload by photo.js),
// then on every screen the photo with every card outlined and numbered, each player's cards as
// chips (uncertain ones highlighted), a one-tap correction with the menu's cards as big
// tiles, and the confirm that enters the tableau (or the turn's reveal).
//
// The pending scan lives on the Pi, on its one pending-input desk, and reaches every screen on the
// game's live stream only (issue 25): the `pending` event's `scan` entry carries it in its
// `detail` (what GET /api/games/<id>/scan answers; pending.js), and this module re-renders the
// page when it changes. Nothing is polled, and a POST's answer is not read for it either: a
// confirm, a correction or a dismissal comes back on the stream like anyone else's. A
// correction also teaches the card set. "Adjust with taps" hands the scanned cards to the entry
// panel (sgp-entry.js) for what a photo cannot tell (special orders, lead token, mochi die).
import { ApiError, api, banner, h, newKey } from "./common.js";
import { t, tn } from "./i18n.js";
import { cardName, cardOf, tile } from "./sgp-common.js";
import { draftFrom } from "./sgp-entry.js";
import { shrinkPhoto } from "./photo.js";
import { onPending, pendingCard, pendingOf } from "./pending.js";

const state = {
  game: null, data: null, key: "", busy: "", picking: null, camera: null,
  g: null, input: null, picture: null, active: false,
  /** The card the prompt is about this render; "scan/card" of doubtful cards put off; whether
   * the whole menu is open; whether the photo is zoomed in, and where it was scrolled. */
  shown: null, later: new Set(), others: false, zoom: false, scroll: null,
};

/** Whether the game takes a scan now: round-end tableaux (scoring mode), or the cards revealed
 * this turn (turn by turn). */
export function scanning(view) {
  if (view.over) return false;
  return (view.mode === "scoring" && view.phase === "entry") || (view.mode === "turns" && view.phase === "reveal");
}

function tablesOf(view) {
  return view.dummy ? [...view.players, view.dummy] : view.players;
}

// ---------- talking to the Pi ----------

function path(g, tail = "") {
  return `/api/games/${g.id}/scan${tail}`;
}

/** The game's pending scan as the live stream pushed it last (``null``: none). */
function pushed() {
  const entry = pendingOf("scan").find((p) => p.game === state.game && p.detail);
  return entry ? entry.detail : null;
}

/** Take ``scan`` as the game's pending scan; re-render the page when it changed (unless
 * ``quiet``: the page is rendering now). */
function take(scan, quiet = false) {
  const key = scan ? JSON.stringify(scan) : "";
  if (key === state.key) return;
  state.key = key;
  state.data = scan;
  if (state.picking !== null && !scan?.cards?.[state.picking]) state.picking = null;
  if (!quiet) state.g?.rerender();
}

// a scan taken, corrected, confirmed or dismissed on any screen, or lapsed (pending.js)
onPending("scan", () => { if (state.active) take(pushed()); });

/** Show the game's pending scan while the game takes scans (from the stream: see the top). */
function follow(g) {
  state.g = g;
  if (state.game !== g.id) {
    state.game = g.id;
    state.data = null;
    state.key = "";
  }
  if (!state.active) {
    state.active = true;
    take(pushed(), true);  // called while the page renders: it shows it now
  }
  if (state.camera === null) {
    state.camera = {};
    api("GET", "/api/camera").then((c) => { state.camera = c; g.rerender(); }, () => {});
  }
}

/** POST a JSON body (what it changes comes back on the stream). Refusals go in the banner. */
async function post(g, tail, body, what) {
  state.busy = what;
  g.rerender();
  try {
    const answer = await api("POST", path(g, tail), body, g.token);
    banner.hide();
    return answer;
  } catch (err) {
    banner.show(err.message);
    return null;
  } finally {
    state.busy = "";
    g.rerender();
  }
}

async function upload(g, file, seat) {
  state.busy = "upload";
  g.rerender();
  try {
    const photo = await shrinkPhoto(file);
    const form = new FormData();
    form.append("photo", photo, "cards.jpg");
    if (seat !== null && seat !== undefined) form.append("seat", String(seat));
    const headers = { Accept: "application/json", "Idempotency-Key": newKey() };
    if (g.token) headers["X-Companion-Token"] = g.token;
    const response = await fetch(path(g, "/upload"), {
      method: "POST", body: form, headers, credentials: "omit", cache: "no-store",
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, data?.error, data?.reason ?? t("The companion answered {status}.", { status: response.status }));
    banner.hide();  // the scan comes on the stream
  } catch (err) {
    banner.show(err.status === 0 || !err.message ? t("Cannot reach the companion. Is the Wi-Fi on?") : err.message);
  } finally {
    state.busy = "";
    g.rerender();
  }
}

// ---------- the scan buttons ----------

/** Whose cards a photo is: this phone's seat, else the player the entry panel is on, else the
 * first table still to enter (or to reveal, turn by turn). */
function photoSeat(g) {
  if (g.mySeat !== null) return g.mySeat;
  const tables = tablesOf(g.view);
  const picked = tables.findIndex((p) => p.name === g.ui.entryPlayer);
  if (picked >= 0) return picked;
  const open = tables.findIndex((p) => !(p.entered ?? p.revealed));
  return open >= 0 ? open : 0;
}

function fileInput(g) {
  // one input kept across renders, so a live update never drops the chosen photo
  state.input ??= h("input", {
    type: "file", accept: "image/*", capture: "environment", hidden: true, "data-scan-photo": "",
    onchange: (e) => {
      const file = e.target.files?.[0];
      e.target.value = "";
      if (file) upload(state.g, file, photoSeat(state.g));
    },
  });
  return state.input;
}

function scanButtons(g) {
  if (!g.canTable) return null;
  const busy = Boolean(state.busy);
  const seat = photoSeat(g);
  const who = tablesOf(g.view)[seat]?.name ?? "";
  const phone = g.mySeat !== null;
  const camera = state.camera?.enabled;
  return h("div", { class: "scan-actions" },
    fileInput(g),
    h("button", {
      type: "button", class: `btn big${phone || !camera ? " primary" : ""}`, "data-do": "scan-photo", disabled: busy, why: t("Wait a moment: the last photo is still being read."),
      onclick: () => state.input.click(),
    }, state.busy === "upload" ? t("Reading the photo…") : phone ? t("Photograph my cards") : t("Photograph {who}'s cards", { who })),
    camera ? h("button", {
      type: "button", class: `btn big${phone ? "" : " primary"}`, "data-do": "scan-camera", disabled: busy, why: t("Wait a moment: the last photo is still being read."),
      onclick: () => post(g, "", {}, "camera"),
    }, state.busy === "camera" ? t("Reading the table…") : t("Scan the table with the camera")) : null);
}

// ---------- the result ----------

function picture(g, scan) {
  state.picture ??= h("img", { alt: t("The scanned cards, each outlined and numbered"), "data-scan-image": "" });
  // the picture changes with the cards (labels, seats, corrections), not with a seat's status
  const src = `${path(g, "/image.jpg")}?n=${scan.scan}-${hash(JSON.stringify(scan.cards))}`;
  if (state.picture.getAttribute("src") !== src) state.picture.setAttribute("src", src);
  state.picture.width = scan.width;
  state.picture.height = scan.height;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${scan.width} ${scan.height}`);
  svg.setAttribute("class", "scan-overlay");
  svg.setAttribute("aria-hidden", "true");
  svg.addEventListener("click", (e) => { if (e.target === svg) zoom(g, scan, !state.zoom); });
  for (const c of scan.cards) {
    const poly = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    poly.setAttribute("points", c.quad.map(([x, y]) => `${x},${y}`).join(" "));
    poly.setAttribute("class", cardClass(c) + (state.shown === c.index ? " picked" : ""));
    if (g.canTable) poly.addEventListener("click", () => pick(g, c.index));
    svg.append(poly);
  }
  const frame = h("div", { class: `scan-frame${state.zoom ? " zoomed" : ""}`, "data-scan-frame": "" },
    h("figure", { class: "scan-figure" }, state.picture, svg));
  if (state.zoom) requestAnimationFrame(() => centre(frame, scan));
  return [frame, h("div", { class: "row scan-zoom-row" },
    h("button", {
      type: "button", class: "btn slim", "data-do": "scan-zoom", "aria-pressed": String(state.zoom),
      onclick: () => zoom(g, scan, !state.zoom),
    }, state.zoom ? t("Show the whole photo") : t("Zoom in on the photo")),
    state.zoom ? h("span", { class: "muted small" }, t("Drag to look around; tap the photo to zoom out.")) : null)];
}

/** Zoom the photo in (three times its width, scrolled to the card looked at) or out. */
function zoom(g, scan, on) {
  state.zoom = on;
  state.scroll = null;
  g.rerender();
}

/** Scroll a zoomed photo to where it was, or to the card looked at (else the middle). */
function centre(frame, scan) {
  if (state.scroll) {
    [frame.scrollLeft, frame.scrollTop] = state.scroll;
  } else {
    const c = scan.cards[state.shown ?? -1];
    const [x, y] = c ? [c.quad.reduce((a, q) => a + q[0], 0) / c.quad.length, c.quad.reduce((a, q) => a + q[1], 0) / c.quad.length]
      : [scan.width / 2, scan.height / 2];
    const fig = frame.firstChild;
    frame.scrollLeft = (x / scan.width) * fig.clientWidth - frame.clientWidth / 2;
    frame.scrollTop = (y / scan.height) * fig.clientHeight - frame.clientHeight / 2;
  }
  frame.onscroll = () => { state.scroll = [frame.scrollLeft, frame.scrollTop]; };
}

function hash(text) {
  let x = 0;
  for (let i = 0; i < text.length; i += 1) x = (x * 31 + text.charCodeAt(i)) | 0;
  return (x >>> 0).toString(36);
}

function cardClass(c) {
  if (c.ignored) return "ignored";
  if (c.corrected) return "corrected";
  return c.uncertain ? "uncertain" : "ok";
}

/** Whether a card still waits for a person to say what it is. */
function doubtful(c) {
  return c.uncertain && !c.corrected && !c.ignored;
}

/** The card the prompt is about: the one tapped, else the first the reader was not sure of
 * (unless put off with "Later"). */
function shownCard(g, scan) {
  if (state.picking !== null) return state.picking;
  if (!g.canTable) return null;
  const next = scan.cards.find((c) => doubtful(c) && !state.later.has(`${scan.scan}/${c.index}`));
  return next ? next.index : null;
}

function pick(g, index) {
  if (state.picking === index) {
    close(index);
  } else {
    state.picking = index;
    state.others = false;
  }
  g.rerender();
}

/** Put the prompt about card ``index`` away (a doubtful card comes back after a new scan). */
function close(index) {
  if (state.data) state.later.add(`${state.data.scan}/${index}`);
  state.picking = null;
  state.others = false;
}

function onMenu(menu, id) {
  return menu.cards.some((m) => m.id === id);
}

function cardChip(g, c) {
  const menu = g.view.menu;
  const known = cardOf(menu, c.label);
  const name = onMenu(menu, c.label) ? cardName(menu, c.label)
    : t("{card} (not on this menu)", { card: cardName(menu, c.label).replaceAll("_", " ") });
  const label = c.ignored ? t("{card}: not a card", { card: name }) : name;
  const unsure = c.uncertain && !c.corrected && !c.ignored;
  return h(g.canTable ? "button" : "span", {
    type: g.canTable ? "button" : undefined,
    class: `sgp-chip scan-chip t-${known.background} ${cardClass(c)}${state.shown === c.index ? " picked" : ""}`,
    "data-scan-card": c.index, "aria-pressed": g.canTable ? String(state.shown === c.index) : undefined,
    "aria-label": unsure ? t("Card {n}: {card}, not sure", { n: c.index + 1, card: label })
      : t("Card {n}: {card}", { n: c.index + 1, card: label }),
    onclick: g.canTable ? () => pick(g, c.index) : undefined,
  }, h("span", { class: "scan-n" }, c.index + 1), unsure ? "? " : "", label,
  c.on_wasabi ? h("span", { class: "muted small" }, ` ${t("on a wasabi")}`) : null);
}

/** The card as the photo shows it, cut out, straightened and large (``?scan=``: a replaced scan's
 * card is never shown). */
function cardPicture(g, scan, c) {
  return h("img", {
    class: "scan-crop", "data-scan-crop": c.index, alt: t("Card {n} as the photo shows it", { n: c.index + 1 }),
    src: `${path(g, `/cards/${c.index}.jpg`)}?scan=${scan.scan}`,
  });
}

/** "Which card is it?": the card cut from the photo, large, beside its two best readings;
 * every other card of the menu one tap further; whose card; and "Not a card" last. */
function chooser(g, scan) {
  const c = scan.cards[state.shown];
  if (!c) return null;
  const menu = g.view.menu;
  const fix = (body) => {
    state.picking = null;
    state.others = false;
    post(g, "/correct", { card: c.index, scan: scan.scan, ...body }, "correct");
  };
  const unsure = doubtful(c);
  const best = [c.label, c.runner_up].filter((id, i) => id && onMenu(menu, id) && (i === 0 || unsure));
  const tiles = best.map((id, i) => h("div", { class: `sgp-cell wide scan-best${i === 0 ? " scan-yes" : ""}` },
    tile(menu, cardOf(menu, id), {
      prefix: i === 0 ? (unsure ? t("Yes, it is") : t("Keep")) : t("No, it is"), label: cardName(menu, id),
      data: { "data-scan-label": id, "data-scan-best": i, ...(i === 0 ? { "data-scan-keep": "" } : {}) },
      onclick: () => fix({ label: id }),
    })));
  const open = state.others || best.length === 0;
  const rest = menu.cards.filter((m) => !best.includes(m.id));
  const tables = tablesOf(g.view);
  const notACard = c.ignored
    ? h("button", { type: "button", class: "btn big", "data-do": "scan-ignore", onclick: () => fix({ ignore: false }) },
      t("Count this card again"))
    : h("button", { type: "button", class: "btn big scan-not-card", "data-do": "scan-ignore", onclick: () => fix({ ignore: true }) },
      t("Not a card"));
  return h("div", { class: "scan-chooser", "data-scan-chooser": c.index },
    h("div", { class: "row spread scan-chooser-head" },
      h("div", null, h("strong", null, t("Card {n}: which card is it?", { n: c.index + 1 })),
        unsure ? h("div", { class: "muted small" }, t("The photo is not clear enough to be sure.")) : null),
      h("button", { type: "button", class: "btn ghost slim", "data-do": "scan-later",
        onclick: () => { close(c.index); g.rerender(); } }, unsure ? t("Later") : t("Close"))),
    h("div", { class: "scan-doubt" },
      cardPicture(g, scan, c),
      h("div", { class: "scan-choices" }, tiles,
        h("button", {
          type: "button", class: "btn", "data-do": "scan-others", "aria-expanded": String(open),
          onclick: () => { state.others = !open; g.rerender(); },
        }, open ? t("Hide the other cards") : t("Another card…")))),
    open ? h("div", { class: "sgp-grid scan-grid", "data-scan-others": "" }, rest.map((m) => h("div", { class: "sgp-cell" },
      tile(menu, m, { data: { "data-scan-label": m.id }, onclick: () => fix({ label: m.id }) })))) : null,
    tables.length > 1 ? [h("div", { class: "sgp-section-label" }, t("Whose card?")),
      h("div", { class: "sgp-players" }, tables.map((p, seat) => h("button", {
        type: "button", class: "btn", "aria-pressed": String(c.seat === seat), "data-scan-seat": seat,
        onclick: () => fix({ seat }),
      }, p.name)))] : null,
    h("div", { class: "scan-chooser-end" }, notACard));
}

/** Hand the scanned cards to the entry panel (special orders, lead token, mochi die...). */
function adjust(g, seat) {
  const s = seat.action ?? seat.tableau;
  g.ui.drafts ??= {};
  g.ui.drafts[seat.player] = draftFrom(seat.player, { cards: s.cards, on_wasabi: s.on_wasabi });
  g.ui.entryPlayer = seat.player;
  g.ui.entryAuto = false;
  g.ui.refusal = null;
  g.rerender();
  document.getElementById("panel")?.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** "Enter Ann's new card: Maki (2)" for the card(s) a turn-by-turn scan reveals. */
function enterNew(g, seat) {
  const a = seat.action;
  const names = a?.kind === "reveal" ? [a.card, a.second].filter(Boolean).map((x) => cardName(g.view.menu, x)) : [];
  if (!names.length) return t("Enter {who}'s new card", { who: seat.player });
  return tn("Enter {who}'s new card: {cards}", "Enter {who}'s new cards: {cards}", names.length,
    { who: seat.player, cards: names.join(" + ") });
}

const STATUS = {
  ready: t("ready to enter"), uncertain: t("some cards need a look"), entered: t("✓ entered"), refused: t("refused"),
};

function seatBlock(g, scan, seat) {
  const cards = scan.cards.filter((c) => c.seat === seat.seat && !c.ignored);
  const entered = seat.status === "entered";
  const turns = g.view.mode === "turns";
  const n = seat.cards;
  return h("div", { class: `scan-seat ${seat.status}`, "data-scan-seat-block": seat.seat },
    h("div", { class: "scan-seat-head" },
      h("strong", null, seat.player ?? t("Seat {n}", { n: seat.seat + 1 })),
      h("span", { class: "muted small" }, [` · ${tn("{n} card", "{n} cards", n)}`,
        seat.uncertain ? ` · ${tn("{n} card not sure", "{n} cards not sure", seat.uncertain)}` : "", ` · ${STATUS[seat.status] ?? seat.status}`].join(""))),
    h("div", { class: "sgp-tray" }, cards.map((c) => cardChip(g, c))),
    seat.status === "refused" && seat.reason ? h("p", { class: "sgp-refusal", role: "alert", "data-scan-refusal": "" }, seat.reason) : null,
    g.canTable && !entered ? h("div", { class: "row" },
      h("button", {
        type: "button", class: "btn primary", "data-do": "scan-confirm", "data-seat": seat.seat,
        disabled: Boolean(state.busy) || seat.uncertain > 0,
        why: seat.uncertain ? t("Some cards are marked ?: tap each one and say what it is first.")
          : t("Wait a moment: the photo is still being read."),
        onclick: () => post(g, "/confirm", { seat: seat.seat, scan: scan.scan }, "confirm"),
      }, seat.uncertain ? tn("Tap the card marked ?", "Tap the {n} cards marked ?", seat.uncertain)
        : turns ? enterNew(g, seat) : tn("Enter {who}'s {n} card", "Enter {who}'s {n} cards", n, { who: seat.player })),
      turns ? null : h("button", { type: "button", class: "btn", "data-do": "scan-adjust", "data-seat": seat.seat,
        onclick: () => adjust(g, seat) }, t("Adjust with taps"))) : null);
}

function result(g, scan) {
  const loose = scan.cards.filter((c) => c.seat === null && !c.ignored);
  const left = scan.cards.filter((c) => c.ignored);
  state.shown = shownCard(g, scan);
  // the one pending card (pending.js): the photo and each seat's cards (confirmed seat by seat)
  return pendingCard({ kind: "scan", ref: scan.scan, canAct: g.canTable, hint: false, read: [
    picture(g, scan),
    h("p", { class: "muted small scan-legend" },
      h("span", { class: "key ok" }), `${t("read")} `, h("span", { class: "key uncertain" }), `${t("not sure")} `,
      h("span", { class: "key corrected" }), t("set by hand"),
      " · ", scan.source === "camera" ? t("camera, {time}", { time: scan.taken.slice(11, 16) })
        : t("phone photo, {time}", { time: scan.taken.slice(11, 16) }),
      // the title's own card set goes without saying; another one (the owner's) is named
      scan.set && scan.set !== g.view.game ? `, ${t("card set “{name}”", { name: scan.set })}` : ""),
    state.shown !== null ? chooser(g, scan) : null,
    scan.seats.map((seat) => seatBlock(g, scan, seat)),
    loose.length ? h("div", { class: "scan-seat loose" },
      h("div", { class: "scan-seat-head" }, h("strong", null, t("Outside every seat")),
        h("span", { class: "muted small" }, ` · ${t("tap a card to say whose it is")}`)),
      h("div", { class: "sgp-tray" }, loose.map((c) => cardChip(g, c)))) : null,
    left.length ? h("div", { class: "scan-seat left-out", "data-scan-left-out": "" },
      h("div", { class: "scan-seat-head" }, h("strong", null, t("Not cards")),
        h("span", { class: "muted small" }, ` · ${t("left out of the scan; tap one to count it again")}`)),
      h("div", { class: "sgp-tray" }, left.map((c) => cardChip(g, c)))) : null,
  ], actions: [{ style: "ghost", do: "scan-dismiss", label: t("Dismiss this scan"),
    onclick: () => { state.picking = null; post(g, "/dismiss", {}, "dismiss"); } }] });
}

/** The scan card of the game screen (null when the game takes no scan now). */
export function scanCard(g) {
  if (!scanning(g.view)) {
    state.active = false;
    return null;
  }
  follow(g);
  const scan = state.data;
  if (!scan && !g.canTable) return null;
  const enrollLink = g.canTable ? h("a", { class: "btn slim", href: `/games/${g.id}/enroll`, "data-do": "enroll" }, t("Enroll cards")) : null;
  return [
    h("h2", null, t("Scan the cards"), h("span", { class: "aside" }, scan
      ? tn("{n} card read", "{n} cards read", scan.cards.length) : t("instead of tapping")), enrollLink),
    scan || !g.canTable || g.view.mode === "turns" ? null : h("p", { class: "muted" }, g.mySeat !== null
      ? t("Lay your cards face up, then photograph them from above: they are read for you.")
      : state.camera?.enabled ? t("Lay every tableau face up in its place, then scan the table; or photograph one player's cards.")
        : t("Photograph one player's cards from above: they are read for you.")),
    scanButtons(g),
    scan ? result(g, scan) : null,
  ];
}
