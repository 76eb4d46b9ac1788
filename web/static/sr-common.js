// Sushi Roll on screen: what its screens share. A die is the engine's reading "kind:face"; the view
// gives every die as {die, kind, face, name, symbol, count} and the dice table (view.dice: every
// kind with its six faces, ruling D7), so nothing here knows the faces.
import { h } from "./common.js";

export const GAME_ID = "sushi-roll";

const SYMBOL_WORDS = {
  dumpling: "Dumpling", tempura: "Tempura", sashimi: "Sashimi", maki: "Maki", egg: "Egg",
  salmon: "Salmon", squid: "Squid", wasabi: "Wasabi", menu: "Menu", chopsticks: "Chop",
  dessert: "Dessert",
};

/** Every distinct face of the game's dice, by reading: {die, kind, face, name, symbol, count}. */
export function faceIndex(v) {
  const out = new Map();
  for (const kind of v.dice) for (const f of kind.faces) out.set(f.die, f);
  return out;
}

export function faceOf(v, reading) {
  return faceIndex(v).get(reading) ?? { die: reading, kind: reading.split(":")[0], name: reading, symbol: "", count: 1 };
}

const KIND_WORDS = { appetizer: "Appetizer", maki: "Maki", nigiri: "Nigiri", special: "Special", dessert: "Dessert" };

/** A die whose face was not entered (``"kind:?"``), as the view gives it. */
export function unreadDie(kind) {
  return { die: `${kind}:?`, kind, face: "?", name: `${KIND_WORDS[kind] ?? kind} die`, symbol: "", count: 0, unread: true };
}

/** The two lines printed on a die: the symbol and, when it counts, how many. */
function dieText(d) {
  if (d.unread) return [h("span", { class: "sym" }, KIND_WORDS[d.kind] ?? d.kind), h("span", { class: "n" }, "?")];
  const counted = ["maki", "menu", "chopsticks", "dessert"].includes(d.symbol);
  return [h("span", { class: "sym" }, SYMBOL_WORDS[d.symbol] ?? d.face),
    counted ? h("span", { class: "n" }, `×${d.count}`) : null];
}

/** A die (a button when ``props.onclick`` is given), coloured by its kind. */
export function dieTile(d, props = {}) {
  const tag = props.onclick ? "button" : "span";
  const cls = `sr-die k-${d.kind}${props.small ? " small" : ""}${props.class ? ` ${props.class}` : ""}`;
  const rest = { ...props };
  delete rest.small;
  return h(tag, {
    ...rest, class: cls, type: props.onclick ? "button" : undefined, title: d.name,
    "aria-label": props["aria-label"] ?? d.name, "data-die": d.die,
  }, dieText(d));
}

export function kindName(v, kind) {
  return v.dice.find((k) => k.kind === kind)?.name ?? kind;
}

/** "2 Maki, 1 Appetizer" for a list of dice (view dice or readings). */
export function kindWords(v, dice) {
  const n = new Map();
  for (const d of dice) {
    const kind = typeof d === "string" ? d.split(":")[0] : d.kind;
    n.set(kind, (n.get(kind) ?? 0) + 1);
  }
  return [...n].map(([k, c]) => `${c} ${kindName(v, k)}`).join(", ");
}

/** Counts of each kind in a list of dice (view dice or readings). */
export function kindCounts(dice) {
  const n = {};
  for (const d of dice) {
    const kind = typeof d === "string" ? d.split(":")[0] : d.kind;
    n[kind] = (n[kind] ?? 0) + 1;
  }
  return n;
}

/** The tokens a player holds, as chips. */
export function tokenChips(p) {
  return h("span", { class: "sr-tokens", "data-tokens": p.name },
    h("span", { class: "sr-token t-menu", title: "Menu tokens", "data-menu": p.menu }, `Menu ${p.menu}`),
    h("span", { class: "sr-token t-chopsticks", title: "Chopsticks tokens", "data-chopsticks": p.chopsticks },
      `Chopsticks ${p.chopsticks}`),
    h("span", { class: "sr-token t-dessert", title: "Desserts (tokens)", "data-desserts": p.desserts },
      `Desserts ${p.desserts}`));
}

/**
 * The dice picker: the faces to tap (grouped by kind; ``kinds`` limits them and says how many of
 * each are wanted), and the dice chosen so far (tap one to take it back).
 * ``chosen``: a list of readings, changed in place; ``changed()`` is called after every tap.
 */
export function dicePicker(v, chosen, changed, opts = {}) {
  const want = opts.kinds ?? null; // {kind: count} or null (any kind)
  const total = opts.total ?? null;
  const have = kindCounts(chosen);
  const full = total !== null && chosen.length >= total;
  const groups = v.dice.filter((k) => !want || want[k.kind]).map((k) => {
    const faces = [...new Map(k.faces.map((f) => [f.die, f])).values()];
    const kindFull = want ? (have[k.kind] ?? 0) >= want[k.kind] : false;
    return h("div", { class: "sr-kind", "data-kind": k.kind },
      h("div", { class: "sgp-section-label" },
        want && Number.isFinite(want[k.kind]) ? `${k.name} · ${have[k.kind] ?? 0} of ${want[k.kind]}` : k.name),
      h("div", { class: "sr-faces" }, faces.map((f) => dieTile(f, {
        disabled: full || kindFull, why: full ? "Every die is tapped in: tap one above to take it back." : `Every ${k.name} die is tapped in.`,
        "data-pick": f.die, "aria-label": `Add ${f.name}`,
        onclick: () => { chosen.push(f.die); changed(); },
      }))));
  });
  return h("div", { class: "sr-picker" },
    h("div", { class: "sr-chosen", "data-chosen": chosen.join(",") },
      chosen.length
        ? chosen.map((r, i) => dieTile(faceOf(v, r), {
          small: true, "data-chosen-die": r, "aria-label": `Remove ${faceOf(v, r).name}`,
          onclick: () => { chosen.splice(i, 1); changed(); },
        }))
        : h("span", { class: "muted small" }, opts.empty ?? "Tap the faces shown")),
    groups);
}
