// Sushi Roll turn by turn: the rolls (a table input: any seat or the host; later the camera),
// then the turn of the red belt's holder and the players after them: Menu and Chopsticks tokens,
// then one die to the tray.
//
// Roll: pick the belt (the next comes by itself), tap each face shown, send. In a round's first
// turn any dice (they come from the bag); later the kinds already on that belt, counted.
// Play: the player's own phone or the host. Three modes: Take (tap a die of the belt, send),
// Menu (tap the dice to re-roll, send; the new faces are then entered like a roll) and
// Chopsticks (tap a die of the belt, then a die of another belt, send).
import { h } from "./common.js";
import { dicePicker, dieTile, kindCounts, kindWords, tokenChips } from "./sr-common.js";
import { plural } from "./sgp-common.js";

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

export function rollPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
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
    h("h2", null, `Turn ${v.turn}: roll the belts`, h("span", { class: "aside" },
      `${v.players.length - v.to_roll.length} of ${v.players.length} rolled`)),
    h("p", { class: "hint" }, first
      ? `Each player draws ${v.turns} dice from the bag onto their belt and rolls them. Tap the faces of one belt.`
      : "Every belt is rolled again. Tap the faces of one belt."),
    h("div", { class: "sgp-players", role: "group", "aria-label": "Whose belt" }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === name), "data-roll-for": q.name,
      disabled: !v.to_roll.includes(q.name), why: `${q.name}'s belt is entered already.`, onclick: () => { g.ui.rollFor = q.name; g.rerender(); },
    }, v.to_roll.includes(q.name) ? null : h("span", { class: "done", "aria-label": "rolled" }, "✓"), q.name))),
    first ? null : h("p", { class: "muted small" }, `${name}'s belt: ${kindWords(v, p.belt)}`),
    dicePicker(v, chosen, () => { g.ui.refusal = null; g.rerender(); },
      { kinds: want, total: size, empty: `Tap the ${size} faces of ${name}'s belt` }),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "roll", disabled: !ready, why: `Tap all ${size} faces of ${name}'s belt first.`, onclick: submit },
      ready ? `${name}'s belt rolled (${plural(size, "die", "dice")})` : `${chosen.length} of ${size} dice`),
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
    h("h2", null, `${r.player} re-rolls`, h("span", { class: "aside" }, "Menu token")),
    h("p", { class: "hint" }, `Tap the new faces of the ${plural(r.dice.length, "die", "dice")} re-rolled: ${kindWords(v, r.dice)}.`),
    dicePicker(v, chosen, () => { g.ui.refusal = null; g.rerender(); },
      { kinds: kindCounts(r.dice), total: r.dice.length }),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "reroll", disabled: !ready, why: "Tap the new face of every die re-rolled first.",
      onclick: async () => { if (await send(g, { kind: "roll", player: r.player, dice: [...chosen] })) g.ui.reroll = []; g.rerender(); } },
    ready ? "Enter the new faces" : `${chosen.length} of ${r.dice.length} dice`),
  ];
}

// ---------------------------------------------------------------- a player's turn

const MODES = { take: "Take a die", menu: "Menu", chopsticks: "Chopsticks" };

function mayPlay(g, p) {
  return g.isHost || g.mySeat === p.seat;
}

function beltButtons(g, p, selected, onTap, label) {
  return h("div", { class: "sr-belt big", role: "group", "aria-label": label, "data-belt": p.name },
    p.belt.map((d, i) => dieTile(d, {
      class: selected.includes(i) ? "selected" : "", "aria-pressed": String(selected.includes(i)),
      "data-belt-die": d.die, onclick: () => onTap(i),
    })));
}

function takeMode(g, p, ui) {
  const d = ui.take !== null ? p.belt[ui.take] : null;
  return [
    beltButtons(g, p, ui.take !== null ? [ui.take] : [], (i) => { ui.take = i; g.ui.refusal = null; g.rerender(); },
      `${p.name}'s belt: the die to take`),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "pick", disabled: !d, why: "Tap the die to put on the tray first.",
      onclick: async () => { if (await send(g, { kind: "pick", player: p.name, die: d.die })) ui.take = null; g.rerender(); } },
    d ? `${p.name} takes the ${d.name}` : "Tap the die to put on the tray"),
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
    h("p", { class: "hint" }, `Return a Menu token and re-roll any dice of ${p.name}'s belt.`),
    beltButtons(g, p, picked, toggle, `${p.name}'s belt: the dice to re-roll`),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "use-menu", disabled: !picked.length || !p.menu,
      why: p.menu ? "Tap the dice to re-roll first." : `${p.name} has no Menu token.`,
      onclick: async () => {
        if (await send(g, { kind: "use_menu", player: p.name, dice: picked.map((i) => p.belt[i].die) })) ui.menu = [];
        g.rerender();
      } },
    p.menu ? `Re-roll ${plural(picked.length, "die", "dice")} (1 Menu token)` : `${p.name} has no Menu token`),
  ];
}

function chopsticksMode(g, p, ui) {
  const v = g.view;
  const others = v.players.filter((q) => q.name !== p.name && q.belt.length);
  const give = ui.give !== null ? p.belt[ui.give] : null;
  const other = others.find((q) => q.name === ui.other);
  const take = other && ui.takeAt !== null ? other.belt[ui.takeAt] : null;
  return [
    h("p", { class: "hint" }, `Return a Chopsticks token: swap a die of ${p.name}'s belt with a die of another belt (never a tray).`),
    h("div", { class: "sgp-section-label" }, `Give from ${p.name}'s belt`),
    beltButtons(g, p, ui.give !== null ? [ui.give] : [], (i) => { ui.give = i; g.ui.refusal = null; g.rerender(); },
      `${p.name}'s belt: the die to give`),
    others.map((q) => [
      h("div", { class: "sgp-section-label" }, `Take from ${q.name}'s belt`),
      h("div", { class: "sr-belt big", role: "group", "aria-label": `${q.name}'s belt`, "data-other-belt": q.name },
        q.belt.map((d, i) => dieTile(d, {
          class: q === other && ui.takeAt === i ? "selected" : "", "aria-pressed": String(q === other && ui.takeAt === i),
          "data-take-die": d.die, onclick: () => { ui.other = q.name; ui.takeAt = i; g.ui.refusal = null; g.rerender(); },
        }))),
    ]),
    refusal(g),
    h("button", { type: "button", class: "btn primary big act", "data-do": "use-chopsticks", disabled: !give || !take || !p.chopsticks,
      why: p.chopsticks ? "Tap the die to give and the die to take first." : `${p.name} has no Chopsticks token.`,
      onclick: async () => {
        const ok = await send(g, { kind: "use_chopsticks", player: p.name, give: give.die, other: other.name, take: take.die });
        if (ok) Object.assign(ui, { mode: "take", give: null, other: null, takeAt: null });
        g.rerender();
      } },
    p.chopsticks ? (give && take ? `Swap ${give.name} for ${other.name}'s ${take.name}` : "Tap a die to give, then one to take")
      : `${p.name} has no Chopsticks token`),
  ];
}

export function playPanel(g) {
  const v = g.view;
  const p = v.players.find((q) => q.name === v.current);
  if (!p) return null;
  if (!mayPlay(g, p)) {
    return [h("h2", null, `${p.name}'s turn`), h("p", { class: "hint" }, `${p.name} uses tokens and takes a die on their phone (or the host enters it).`)];
  }
  const ui = g.ui.play ??= { mode: "take", take: null, menu: [], give: null, other: null, takeAt: null };
  const body = { take: takeMode, menu: menuMode, chopsticks: chopsticksMode }[ui.mode](g, p, ui);
  return [
    h("h2", null, g.mySeat === p.seat ? "Your turn" : `${p.name}'s turn`, h("span", { class: "aside" }, tokenChips(p))),
    h("div", { class: "seg seg-3", role: "group", "aria-label": "What to do" }, Object.entries(MODES).map(([m, label]) => h("button", {
      type: "button", "aria-pressed": String(ui.mode === m), "data-mode": m,
      disabled: (m === "menu" && !p.menu) || (m === "chopsticks" && !p.chopsticks),
      why: `${p.name} has no ${m === "menu" ? "Menu" : "Chopsticks"} token.`,
      onclick: () => { ui.mode = m; g.ui.refusal = null; g.rerender(); },
    }, label))),
    body,
  ];
}
