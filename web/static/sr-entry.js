// Sushi Roll scoring mode: each tray entered at round end (a table input: any seat or the host;
// later a tray read by the camera). Tap the dice on the tray, the nigiri lying on a wasabi apart,
// then the tokens: desserts default to what the dessert dice gave, Menu and Chopsticks tokens
// count at game end only.
import { h } from "./common.js";
import { dicePicker } from "./sr-common.js";
import { plural } from "./sgp-common.js";

function stepper(label, value, set, data, min = 0) {
  return h("div", { class: "sr-stepper", role: "group", "aria-label": label, "data-stepper": data },
    h("span", { class: "grow" }, label),
    h("button", { type: "button", class: "btn", "aria-label": `${label}: one fewer`, disabled: value <= min, why: `${label}: this is the fewest.`,
      onclick: () => set(value - 1) }, "−"),
    h("strong", { class: "sr-value" }, value < 0 ? "as shown" : String(value)),
    h("button", { type: "button", class: "btn", "aria-label": `${label}: one more`, onclick: () => set(value + 1) }, "+"));
}

function entrant(g) {
  const v = g.view;
  const open = v.players.filter((p) => !p.entered);
  return v.players.find((p) => p.name === g.ui.entryFor) ?? open[0] ?? v.players[0];
}

export function entryPanel(g) {
  if (!g.canTable) return null;
  const v = g.view;
  const p = entrant(g);
  g.ui.entries ??= {};
  const e = g.ui.entries[p.name] ??= { dice: [], on: [], desserts: -1, menu: 0, chopsticks: 0 };
  const rerender = () => { g.ui.refusal = null; g.rerender(); };
  const count = e.dice.length + e.on.length;
  const ready = count === v.turns;
  const nigiriOnly = { nigiri: Infinity };
  return [
    h("h2", null, `Round ${v.round}: the trays`, h("span", { class: "aside" },
      `${v.players.filter((q) => q.entered).length} of ${v.players.length} entered`)),
    h("div", { class: "sgp-players", role: "group", "aria-label": "Whose tray" }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === p.name), "data-entry-for": q.name,
      onclick: () => { g.ui.entryFor = q.name; rerender(); },
    }, q.entered ? h("span", { class: "done", "aria-label": "entered" }, "✓") : null, q.name))),
    dicePicker(v, e.dice, rerender, { total: v.turns - e.on.length, empty: `Tap the dice on ${p.name}'s tray` }),
    h("details", { class: "sr-on-wasabi", open: e.on.length > 0 },
      h("summary", null, `Nigiri on a wasabi (${e.on.length})`),
      dicePicker(v, e.on, rerender, { kinds: nigiriOnly, total: v.turns - e.dice.length, empty: "None" })),
    stepper("Desserts (tokens)", e.desserts, (n) => { e.desserts = Math.max(n, -1); rerender(); }, "desserts", -1),
    stepper("Menu tokens", e.menu, (n) => { e.menu = n; rerender(); }, "menu"),
    stepper("Chopsticks tokens", e.chopsticks, (n) => { e.chopsticks = n; rerender(); }, "chopsticks"),
    g.ui.refusal ? h("p", { class: "sgp-warn", "data-refusal": "" }, g.ui.refusal) : null,
    h("button", { type: "button", class: "btn primary big act", "data-do": "enter-tray", disabled: !ready, why: `Tap all ${v.turns} dice of the tray first.`,
      onclick: async () => {
        const answer = await g.send({ kind: "enter_tray", player: p.name, dice: [...e.dice], on_wasabi: [...e.on],
          desserts: e.desserts, menu: e.menu, chopsticks: e.chopsticks });
        g.ui.refusal = answer ? null : g.lastError;
        if (answer && g.ui.entries) { delete g.ui.entries[p.name]; g.ui.entryFor = null; }
        g.rerender();
      } },
    ready ? `Enter ${p.name}'s tray` : `${count} of ${plural(v.turns, "die", "dice")}`),
  ];
}
