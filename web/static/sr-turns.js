// Sushi Roll turn by turn: the rolls (a table input: any seat or the host; later the camera),
// then the turn of the red belt's holder and the players after them: Menu and Chopsticks tokens,
// then one die to the tray.
//
// Roll: pick the belt (the next comes by itself), tap each face shown, send. In a round's first
// turn any dice (they come from the bag). Later turns skip the rolls (issue 24 item 7: a round
// in under 60 taps): only the die taken scores, so the red belt's holder plays at once and taps
// the face taken among the faces of the kinds on the belt; the engine rolls the belts with their
// faces unread. "Enter every face of the belts" brings back the full roll entry (the camera
// enters the rolls by itself).
// Play: the player's own phone or the host. Three modes: Take (one tap on the die taken),
// Menu (tap the dice to re-roll, send; the new faces may then be entered, or skipped) and
// Chopsticks (tap a die of the belt, then a die of another belt, send).
import { h } from "./common.js";
import { dicePicker, dieTile, faceOf, kindCounts, kindName, kindWords, tokenChips, unreadDie } from "./sr-common.js";
import { lang, t, tn, tp } from "./i18n.js";

/** "a Dumpling", "an Egg", "2 Maki": a face's name in an English sentence (other languages
 * name the die without an article). */
const withArticle = (name) => (lang !== "en" || /^\d/.test(name) ? name : `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`);
const dice = (n) => tn("{n} die", "{n} dice", n);

function refusal(g) {
  return g.ui.refusal ? h("p", { class: "sgp-warn", "data-refusal": "" }, g.ui.refusal) : null;
}

async function send(g, action) {
  const answer = await g.send(action);
  g.ui.refusal = answer ? null : g.lastError;
  return answer;
}

// ---------------------------------------------------------------- rolls

function roller(g) {
  const v = g.view;
  const names = v.to_roll;
  if (names.includes(g.ui.rollFor)) return g.ui.rollFor;
  const mine = g.mySeat !== null ? v.players[g.mySeat].name : null;
  return names.includes(mine) ? mine : names[0];
}

/** Whether this page enters every face of the rolls after a round's first turn. */
const prefs = { enterFaces: false };

function facesButton(g, on) {
  return h("button", { type: "button", class: "btn ghost sr-faces-switch", "data-do": on ? "enter-faces" : "quick-turn",
    onclick: () => { prefs.enterFaces = on; g.ui.refusal = null; g.rerender(); } },
  on ? t("Enter every face of the belts instead") : t("Skip the faces: tap only the die each player takes"));
}

export function rollPanel(g) {
  const v = g.view;
  if (v.turn > 1 && !prefs.enterFaces) return playPanel(g);
  if (!g.canTable) return null;
  const name = roller(g);
  const p = v.players.find((q) => q.name === name);
  g.ui.rolls ??= {};
  const chosen = g.ui.rolls[name] ??= [];
  const first = v.turn === 1;
  const want = first ? null : kindCounts(p.belt);
  const size = first ? v.turns : p.belt.length;
  const ready = chosen.length === size;
  const submit = async () => {
    if (await send(g, { kind: "roll", player: name, dice: [...chosen] })) {
      if (g.ui.rolls) delete g.ui.rolls[name]; // g.ui is new when the decision changed
      g.ui.rollFor = null;
    }
    g.rerender();
  };
  return [
    h("h2", null, t("Turn {turn}: roll the belts", { turn: v.turn }), h("span", { class: "aside" },
      t("{n} of {total} rolled", { n: v.players.length - v.to_roll.length, total: v.players.length }))),
    h("p", { class: "hint" }, first
      ? t("Each player draws {n} dice from the bag onto their belt and rolls them. Tap the faces of one belt.", { n: v.turns })
      : t("Every belt is rolled again. Tap the faces of one belt.")),
    h("div", { class: "sgp-players", role: "group", "aria-label": t("Whose belt") }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === name), "data-roll-for": q.name,
      disabled: !v.to_roll.includes(q.name), why: t("{player}'s belt is entered already.", { player: q.name }),
      onclick: () => { g.ui.rollFor = q.name; g.rerender(); },
    }, v.to_roll.includes(q.name) ? null : h("span", { class: "done", "aria-label": t("rolled") }, "✓"), q.name))),
    first ? null : h("p", { class: "muted small" }, t("{player}'s belt: {dice}", { player: name, dice: kindWords(v, p.belt) })),
    dicePicker(v, chosen, () => { g.ui.refusal = null; g.rerender(); },
      { kinds: want, total: size, empty: t("Tap the {n} faces of {player}'s belt", { n: size, player: name }) }),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "roll", disabled: !ready,
      why: t("Tap all {n} faces of {player}'s belt first.", { n: size, player: name }), onclick: submit },
    ready ? t("{player}'s belt rolled ({dice})", { player: name, dice: dice(size) })
      : tn("{count} of {n} die", "{count} of {n} dice", size, { count: chosen.length })),
    first ? null : facesButton(g, false),
  ];
}

/** The dice re-rolled with a Menu token: their new faces (the same kinds). */
export function rerollPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
  const r = v.reroll;
  const chosen = g.ui.reroll ??= [];
  const ready = chosen.length === r.dice.length;
  return [
    h("h2", null, t("{player} re-rolls", { player: r.player }), h("span", { class: "aside" }, t("Menu token"))),
    h("p", { class: "hint" }, t("Tap the new faces of the {dice} re-rolled: {kinds}.", { dice: dice(r.dice.length), kinds: kindWords(v, r.dice) })),
    dicePicker(v, chosen, () => { g.ui.refusal = null; g.rerender(); },
      { kinds: kindCounts(r.dice), total: r.dice.length }),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "reroll", disabled: !ready, why: t("Tap the new face of every die re-rolled first."),
      onclick: async () => { if (await send(g, { kind: "roll", player: r.player, dice: [...chosen] })) g.ui.reroll = []; g.rerender(); } },
    ready ? t("Enter the new faces") : tn("{count} of {n} die", "{count} of {n} dice", r.dice.length, { count: chosen.length })),
    h("button", { type: "button", class: "btn ghost sr-faces-switch", "data-do": "skip-reroll",
      onclick: async () => { await send(g, { kind: "roll", player: r.player, dice: r.dice.map((d) => `${d.kind}:?`) }); g.rerender(); } },
    t("Skip the new faces: {player} taps the die taken next", { player: r.player })),
  ];
}

// ---------------------------------------------------------------- a player's turn

const MODES = { take: t("Take a die"), menu: tp("turn mode", "Menu"), chopsticks: tp("turn mode", "Chopsticks") };

function mayPlay(g, p) {
  return g.isHost || g.mySeat === p.seat;
}

/** The player to play: the red belt's holder while the belts wait for their roll. */
function player(v) {
  const name = v.phase === "roll" ? v.red : v.current;
  return v.players.find((q) => q.name === name);
}

/** A belt's dice now: a belt still to roll shows its kinds only (its faces will be new). */
function beltNow(v, p) {
  return v.phase === "roll" && !p.rolled ? p.belt.map((d) => unreadDie(d.kind)) : p.belt;
}

function beltButtons(g, p, selected, onTap, label) {
  return h("div", { class: "sr-belt big", role: "group", "aria-label": label, "data-belt": p.name },
    beltNow(g.view, p).map((d, i) => dieTile(d, {
      class: selected.includes(i) ? "selected" : "", "aria-pressed": String(selected.includes(i)),
      "data-belt-die": d.die, onclick: () => onTap(i),
    })));
}

/** One tap on the die taken: a die of the belt, or for dice whose face was not entered, the
 * face shown among the faces of their kind. */
function takeMode(g, p) {
  const v = g.view;
  const belt = beltNow(v, p);
  const known = [...new Map(belt.filter((d) => !d.unread).map((d) => [d.die, d])).values()];
  const unread = kindCounts(belt.filter((d) => d.unread));
  const take = async (reading) => { g.ui.refusal = null; await send(g, { kind: "pick", player: p.name, die: reading }); g.rerender(); };
  return [
    h("p", { class: "hint" }, t("Tap the die {player} puts on the tray.", { player: p.name })),
    known.length ? h("div", { class: "sr-belt big", role: "group", "aria-label": t("{player}'s belt: the die taken", { player: p.name }), "data-belt": p.name },
      known.map((d) => dieTile(d, { "data-belt-die": d.die, "data-take": d.die, "aria-label": t("{player} takes the {die}", { player: p.name, die: faceOf(v, d.die).name }),
        onclick: () => take(d.die) }))) : null,
    v.dice.filter((k) => unread[k.kind]).map((k) => h("div", { class: "sr-kind", "data-unread-kind": k.kind },
      h("div", { class: "sgp-section-label" }, t("{kind} · {dice} on the belt", { kind: kindName(v, k.kind), dice: dice(unread[k.kind]) })),
      h("div", { class: "sr-faces sr-take" }, [...new Map(k.faces.map((f) => [f.die, faceOf(v, f.die)])).values()].map((f) => dieTile(f, {
        "data-take": f.die, "aria-label": t("{player} takes {die}", { player: p.name, die: withArticle(f.name) }), onclick: () => take(f.die) }))))),
    refusal(g),
  ];
}

function menuMode(g, p, ui) {
  const picked = ui.menu;
  const toggle = (i) => {
    const at = picked.indexOf(i);
    if (at >= 0) picked.splice(at, 1); else picked.push(i);
    g.ui.refusal = null;
    g.rerender();
  };
  return [
    h("p", { class: "hint" }, t("Return a Menu token and re-roll any dice of {player}'s belt.", { player: p.name })),
    beltButtons(g, p, picked, toggle, t("{player}'s belt: the dice to re-roll", { player: p.name })),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "use-menu", disabled: !picked.length || !p.menu,
      why: p.menu ? t("Tap the dice to re-roll first.") : t("{player} has no Menu token.", { player: p.name }),
      onclick: async () => {
        if (await send(g, { kind: "use_menu", player: p.name, dice: picked.map((i) => beltNow(g.view, p)[i].die) })) ui.menu = [];
        g.rerender();
      } },
    p.menu ? t("Re-roll {dice} (1 Menu token)", { dice: dice(picked.length) }) : t("{player} has no Menu token", { player: p.name })),
  ];
}

function chopsticksMode(g, p, ui) {
  const v = g.view;
  const others = v.players.filter((q) => q.name !== p.name && q.belt.length);
  const give = ui.give !== null ? beltNow(v, p)[ui.give] : null;
  const other = others.find((q) => q.name === ui.other);
  const take = other && ui.takeAt !== null ? beltNow(v, other)[ui.takeAt] : null;
  return [
    h("p", { class: "hint" }, t("Return a Chopsticks token: swap a die of {player}'s belt with a die of another belt (never a tray).", { player: p.name })),
    h("div", { class: "sgp-section-label" }, t("Give from {player}'s belt", { player: p.name })),
    beltButtons(g, p, ui.give !== null ? [ui.give] : [], (i) => { ui.give = i; g.ui.refusal = null; g.rerender(); },
      t("{player}'s belt: the die to give", { player: p.name })),
    others.map((q) => [
      h("div", { class: "sgp-section-label" }, t("Take from {player}'s belt", { player: q.name })),
      h("div", { class: "sr-belt big", role: "group", "aria-label": t("{player}'s belt", { player: q.name }), "data-other-belt": q.name },
        beltNow(v, q).map((d, i) => dieTile(d, {
          class: q === other && ui.takeAt === i ? "selected" : "", "aria-pressed": String(q === other && ui.takeAt === i),
          "data-take-die": d.die, onclick: () => { ui.other = q.name; ui.takeAt = i; g.ui.refusal = null; g.rerender(); },
        }))),
    ]),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "use-chopsticks", disabled: !give || !take || !p.chopsticks,
      why: p.chopsticks ? t("Tap the die to give and the die to take first.") : t("{player} has no Chopsticks token.", { player: p.name }),
      onclick: async () => {
        const ok = await send(g, { kind: "use_chopsticks", player: p.name, give: give.die, other: other.name, take: take.die });
        if (ok) Object.assign(ui, { mode: "take", give: null, other: null, takeAt: null });
        g.rerender();
      } },
    p.chopsticks ? (give && take ? t("Swap {give} for {player}'s {take}", { give: faceOf(v, give.die).name, player: other.name, take: faceOf(v, take.die).name })
      : t("Tap a die to give, then one to take")) : t("{player} has no Chopsticks token", { player: p.name })),
  ];
}

export function playPanel(g) {
  const v = g.view;
  const p = player(v);
  if (!p) return null;
  const quick = v.phase === "roll";
  const skipped = quick ? h("p", { class: "muted small", "data-quick": "" },
    t("Turn {turn}: every belt is rolled again. Only the die each player takes is entered.", { turn: v.turn })) : null;
  if (!mayPlay(g, p)) {
    return [h("h2", null, t("{player}'s turn", { player: p.name })), skipped,
      h("p", { class: "hint" }, t("{player} uses tokens and takes a die on their phone (or the host enters it).", { player: p.name })),
      quick && g.canTable ? facesButton(g, true) : null];
  }
  const ui = g.ui.play ??= { mode: "take", menu: [], give: null, other: null, takeAt: null };
  const body = { take: takeMode, menu: menuMode, chopsticks: chopsticksMode }[ui.mode](g, p, ui);
  return [
    h("h2", null, g.mySeat === p.seat ? t("Your turn") : t("{player}'s turn", { player: p.name }), h("span", { class: "aside" }, tokenChips(p))),
    h("div", { class: "seg seg-3", role: "group", "aria-label": t("What to do") }, Object.entries(MODES).map(([m, label]) => h("button", {
      type: "button", "aria-pressed": String(ui.mode === m), "data-mode": m,
      disabled: (m === "menu" && !p.menu) || (m === "chopsticks" && !p.chopsticks),
      why: m === "menu" ? t("{player} has no Menu token.", { player: p.name }) : t("{player} has no Chopsticks token.", { player: p.name }),
      onclick: () => { ui.mode = m; g.ui.refusal = null; g.rerender(); },
    }, label))),
    skipped,
    body,
    quick ? facesButton(g, true) : null,
  ];
}
