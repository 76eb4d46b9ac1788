// The ring of 12 tiles with the vans, moving a van ("1 tile further") and taking a customer.
import { customerChip, h } from "./common.js";
import { t, tn } from "./i18n.js";

const TILES = 12;

/** Where a van ends: ``steps`` clockwise, not counting tiles that hold another van. */
export function destination(ring, from, steps, seat) {
  let tile = from;
  let left = steps;
  for (let guard = 0; left > 0 && guard < 10 * TILES; guard += 1) {
    tile = (tile + 1) % TILES;
    const others = ring[tile].vans.filter((s) => s !== seat);
    if (others.length === 0) left -= 1;
  }
  return tile;
}

function moving(g) {
  const move = g.view.move;
  if (!move || move.pending_take) return null;
  const options = g.legal("move").filter((a) => a.player === g.name(move.mover));
  if (!options.length) return null;
  const further = Math.min(g.ui.further ?? 0, Math.max(...options.map((a) => a.further)));
  const mover = g.player(move.mover);
  const to = destination(g.view.ring, mover.tile, mover.guess + further, move.mover);
  return { move, options, further, mover, to };
}

export function renderRing(g) {
  const v = g.view;
  const plan = moving(g);
  const tiles = v.ring.map((spot) => {
    const angle = (-90 + spot.tile * (360 / TILES)) * (Math.PI / 180);
    const x = 50 + 39 * Math.cos(angle);
    const y = 50 + 39 * Math.sin(angle);
    const kind = spot.tile === 0 ? "express" : spot.tile === 6 ? "park" : "house";
    const name = kind === "express" ? spot.name : kind === "park" ? t("Park") : t("House {n}", { n: spot.tile });
    const label = kind === "house" ? `${spot.tile}` : name;
    return h("div", {
      class: `tile ${kind}${plan && plan.to === spot.tile ? " target" : ""}`,
      style: `left:${x.toFixed(2)}%;top:${y.toFixed(2)}%`, "data-tile": spot.tile,
      title: spot.vans.length ? t("{tile}: {vans}", { tile: name, vans: spot.vans.map((s) => g.name(s)).join(", ") }) : name,
    }, h("span", null, label), h("span", { class: "vans" }, spot.vans.map((s) => h("span", {
      class: `van pc pc-${g.player(s).colour}`, title: g.name(s), "data-seat": s }))));
  });
  const centre = h("div", { class: "ring-centre" },
    v.move ? h("strong", null, t("{player} drives", { player: g.name(v.move.mover) })) : null,
    plan ? h("span", null, t("to tile {n}", { n: plan.to })) : null);
  return [h("h2", null, t("The city"), h("span", { class: "aside" }, t("clockwise from Sushi Express"))),
    h("div", { class: "ring", role: "img", "aria-label": t("Ring of tiles with the vans") }, tiles, centre)];
}

function takePanel(g) {
  const takes = g.legal("take_customer");
  if (!takes.length) return null;
  return [h("h2", null, g.who(takes[0].player), t("Take a customer")),
    h("p", { class: "hint" }, t("You reached or passed Sushi Express: take one card from the display.")),
    h("div", { class: "chips" }, takes.map((a) => customerChip(a.card, null, {
      class: "act", onclick: () => g.send(a) })))];
}

export function movePanel(g) {
  const move = g.view.move;
  if (!move) return null;
  if (move.pending_take) return takePanel(g);
  const plan = moving(g);
  const name = g.name(move.mover);
  if (!plan) return null; // the turn card says whom we wait for
  const max = Math.max(...plan.options.map((a) => a.further));
  const step = (d) => () => { g.ui.further = Math.max(0, Math.min(max, plan.further + d)); g.rerender(); };
  const action = plan.options.find((a) => a.further === plan.further) ?? plan.options[0];
  const steps = plan.mover.guess + plan.further;
  return [
    h("h2", null, g.who(name), t("Move your van")),
    h("p", { class: "hint" }, t("Your guess was {n}. Tiles with other vans are not counted.", { n: plan.mover.guess })),
    max > 0 ? h("div", { class: "row spread" },
      h("span", null, t("“1 tile further” cards")),
      h("span", { class: "stepper" },
        h("button", { type: "button", class: "btn", "aria-label": t("One card fewer"),
          disabled: plan.further <= 0, why: t("No “1 tile further” card is played yet."), onclick: step(-1) }, "−"),
        h("span", { class: "count", "data-further": plan.further }, plan.further),
        h("button", { type: "button", class: "btn", "aria-label": t("One card more"),
          disabled: plan.further >= max, why: t("That is every “1 tile further” card in the hand."),
          onclick: step(1) }, "+"))) : null,
    h("button", { type: "button", class: "btn primary big act", "data-do": "move",
      onclick: () => g.send(action) }, tn("Move {n} tile → tile {to}", "Move {n} tiles → tile {to}", steps, { to: plan.to })),
  ];
}
