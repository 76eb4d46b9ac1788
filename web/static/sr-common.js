// Sushi Roll on screen: what its screens share. A die is the engine's reading "kind:face"; the view
// gives every die as {die, kind, face, name, symbol, count} and the dice table (view.dice: every
// kind with its six faces, ruling D7), so nothing here knows the faces.
import { h } from "./common.js";
import { t, tn, tp } from "./i18n.js";

export const GAME_ID = "sushi-roll";

/** The word printed on a die tile (short: the tile is small). */
const SYMBOL_WORDS = {
  dumpling: tp("sushi-roll", "Dumpling"), tempura: tp("sushi-roll", "Tempura"), sashimi: tp("sushi-roll", "Sashimi"),
  maki: tp("sushi-roll", "Maki"), egg: tp("sushi-roll", "Egg"), salmon: tp("sushi-roll", "Salmon"),
  squid: tp("sushi-roll", "Squid"), wasabi: tp("sushi-roll", "Wasabi"), menu: tp("die face", "Menu"),
  chopsticks: tp("die face", "Chop"), dessert: tp("sushi-roll", "Dessert"),
};
/** The die kinds as the rulebook names them (the engine's words.KIND_NAMES). */
const KIND_WORDS = {
  appetizer: tp("sushi-roll", "Appetizer"), maki: tp("sushi-roll", "Maki"), nigiri: tp("sushi-roll", "Nigiri"),
  special: tp("sushi-roll", "Special"), dessert: tp("sushi-roll", "Dessert"),
};

/** A face's name in the page's language ("3 Maki", "Squid"; the engine's words.face_label). */
function faceLabel(f) {
  const n = f.count;
  if (f.symbol === "maki") return tn("{n} Maki", "{n} Maki", n);
  if (f.symbol === "menu") return tn("{n} Menu", "{n} Menu", n);
  if (f.symbol === "chopsticks") return tn("{n} Chopsticks", "{n} Chopsticks", n);
  if (f.symbol === "dessert") return tn("{n} Dessert", "{n} Dessert", n);
  return SYMBOL_WORDS[f.symbol] ?? f.name;
}

/** A reading's face, short, in the page's language ("3 Maki", "Saumon"; the reading itself when
 * the game's dice do not print it): the camera view's legend (sr-camera.js). */
export function faceWords(v, reading) {
  const f = faceIndex(v).get(reading);
  return f ? faceLabel(f) : reading;
}

/** A die's name in the page's language ("Maki die showing 3 Maki"). */
function dieLabel(f) {
  return t("{kind} die showing {face}", { kind: KIND_WORDS[f.kind] ?? f.kind, face: faceLabel(f) });
}

/** What the enrollment asks for, in the page's language ("the Maki die's 3 Maki face"; the
 * English of the face set's ``prompt``): ``f`` as the enrollment lists a face. */
export function facePrompt(f) {
  return t("the {kind} die's {face} face", { kind: KIND_WORDS[f.kind] ?? f.kind, face: faceLabel(f) });
}

/** Every distinct face of the game's dice, by reading: {die, kind, face, name, symbol, count};
 * ``name`` in the page's language. */
export function faceIndex(v) {
  if (!v._faces) {
    const out = new Map();
    for (const kind of v.dice) for (const f of kind.faces) out.set(f.die, { ...f, name: dieLabel(f) });
    Object.defineProperty(v, "_faces", { value: out });
  }
  return v._faces;
}

export function faceOf(v, reading) {
  return faceIndex(v).get(reading) ?? { die: reading, kind: reading.split(":")[0], name: reading, symbol: "", count: 1 };
}

/** A die whose face was not entered (``"kind:?"``), as the view gives it. */
export function unreadDie(kind) {
  return { die: `${kind}:?`, kind, face: "?", name: t("{kind} die", { kind: KIND_WORDS[kind] ?? kind }), symbol: "", count: 0, unread: true };
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
  const name = d.symbol ? dieLabel(d) : d.name;  // the view's dice are named in English
  return h(tag, {
    ...rest, class: cls, type: props.onclick ? "button" : undefined, title: name,
    "aria-label": props["aria-label"] ?? name, "data-die": d.die,
  }, dieText(d));
}

export function kindName(v, kind) {
  return KIND_WORDS[kind] ?? v.dice.find((k) => k.kind === kind)?.name ?? kind;
}

/** "2 Maki, 1 Appetizer" for a list of dice (view dice or readings). */
export function kindWords(v, dice) {
  const n = new Map();
  for (const d of dice) {
    const kind = typeof d === "string" ? d.split(":")[0] : d.kind;
    n.set(kind, (n.get(kind) ?? 0) + 1);
  }
  return [...n].map(([k, c]) => t("{n} {kind}", { n: c, kind: kindName(v, k) })).join(", ");
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
    h("span", { class: "sr-token t-menu", title: t("Menu tokens"), "data-menu": p.menu }, t("Menu {n}", { n: p.menu })),
    h("span", { class: "sr-token t-chopsticks", title: t("Chopsticks tokens"), "data-chopsticks": p.chopsticks },
      t("Chopsticks {n}", { n: p.chopsticks })),
    h("span", { class: "sr-token t-dessert", title: t("Desserts (tokens)"), "data-desserts": p.desserts },
      t("Desserts {n}", { n: p.desserts })));
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
        want && Number.isFinite(want[k.kind]) ? `${kindName(v, k.kind)} · ${t("{n} of {total}", { n: have[k.kind] ?? 0, total: want[k.kind] })}` : kindName(v, k.kind)),
      h("div", { class: "sr-faces" }, faces.map((x) => faceOf(v, x.die)).map((f) => dieTile(f, {
        disabled: full || kindFull, why: full ? t("Every die is tapped in: tap one above to take it back.") : t("Every {kind} die is tapped in.", { kind: kindName(v, k.kind) }),
        "data-pick": f.die, "aria-label": t("Add {die}", { die: f.name }),
        onclick: () => { chosen.push(f.die); changed(); },
      }))));
  });
  return h("div", { class: "sr-picker" },
    h("div", { class: "sr-chosen", "data-chosen": chosen.join(",") },
      chosen.length
        ? chosen.map((r, i) => dieTile(faceOf(v, r), {
          small: true, "data-chosen-die": r, "aria-label": t("Remove {die}", { die: faceOf(v, r).name }),
          onclick: () => { chosen.splice(i, 1); changed(); },
        }))
        : h("span", { class: "muted small" }, opts.empty ?? t("Tap the faces shown"))),
    groups);
}
