// Sushi Roll scoring mode: each tray entered at round end (a table input: any seat or the host;
// later a tray read by the camera). Tap the dice on the tray, the nigiri lying on a wasabi apart,
// then the tokens: desserts default to what the dessert dice gave, Menu and Chopsticks tokens
// count at game end only.
import { h } from "./common.js";
import { dicePicker } from "./sr-common.js";
import { t, tn } from "./i18n.js";

function stepper(label, value, set, data, min = 0) {
  return h("div", { class: "sr-stepper", role: "group", "aria-label": label, "data-stepper": data },
    h("span", { class: "grow" }, label),
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one fewer", { what: label }), disabled: value <= min,
      why: t("{what}: this is the fewest.", { what: label }), onclick: () => set(value - 1) }, "−"),
    h("strong", { class: "sr-value" }, value < 0 ? t("as shown") : String(value)),
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one more", { what: label }), onclick: () => set(value + 1) }, "+"));
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
    h("h2", null, t("Round {round}: the trays", { round: v.round }), h("span", { class: "aside" },
      t("{n} of {total} entered", { n: v.players.filter((q) => q.entered).length, total: v.players.length }))),
    h("div", { class: "sgp-players", role: "group", "aria-label": t("Whose tray") }, v.players.map((q) => h("button", {
      type: "button", class: "btn", "aria-pressed": String(q.name === p.name), "data-entry-for": q.name,
      onclick: () => { g.ui.entryFor = q.name; rerender(); },
    }, q.entered ? h("span", { class: "done", "aria-label": t("entered") }, "✓") : null, q.name))),
    dicePicker(v, e.dice, rerender, { total: v.turns - e.on.length, empty: t("Tap the dice on {player}'s tray", { player: p.name }) }),
    h("details", { class: "sr-on-wasabi", open: e.on.length > 0 },
      h("summary", null, t("Nigiri on a wasabi ({n})", { n: e.on.length })),
      dicePicker(v, e.on, rerender, { kinds: nigiriOnly, total: v.turns - e.dice.length, empty: t("None") })),
    stepper(t("Desserts (tokens)"), e.desserts, (n) => { e.desserts = Math.max(n, -1); rerender(); }, "desserts", -1),
    stepper(t("Menu tokens"), e.menu, (n) => { e.menu = n; rerender(); }, "menu"),
    stepper(t("Chopsticks tokens"), e.chopsticks, (n) => { e.chopsticks = n; rerender(); }, "chopsticks"),
    g.ui.refusal ? h("p", { class: "sgp-warn", "data-refusal": "" }, g.ui.refusal) : null,
    h("button", { type: "button", class: "btn primary big act", "data-do": "enter-tray", disabled: !ready, why: t("Tap all {n} dice of the tray first.", { n: v.turns }),
      onclick: async () => {
        const answer = await g.send({ kind: "enter_tray", player: p.name, dice: [...e.dice], on_wasabi: [...e.on],
          desserts: e.desserts, menu: e.menu, chopsticks: e.chopsticks });
        g.ui.refusal = answer ? null : g.lastError;
        if (answer && g.ui.entries) { delete g.ui.entries[p.name]; g.ui.entryFor = null; }
        g.rerender();
      } },
    ready ? t("Enter {player}'s tray", { player: p.name }) : tn("{count} of {n} die", "{count} of {n} dice", v.turns, { count })),
  ];
}
