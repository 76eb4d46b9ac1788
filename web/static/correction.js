// The correction sheet (the host's "Correct" in the history): an earlier entry changed with the
// controls it was entered with (the customer colours, the dice faces, the menu's cards, the
// Sushi Roll dice, the players' names), never as JSON or internal ids; and, before it is saved,
// in words what saving will check again ("12 later entries will be checked again; 2 no longer
// hold"), asked of the companion with POST .../correct {"dry_run": true}.
//
// The sheet lives outside the render loop (a live update never eats a tap in progress).
import { ACTION_CARDS, CUSTOMERS, api, customerChip, fill, h } from "./common.js";
import { dieFace } from "./game-dice.js";
import { cardName, chip, tile } from "./sgp-common.js";
import { dicePicker, dieTile, faceIndex, faceOf } from "./sr-common.js";

/** What each kind of entry is, in words. */
const KINDS = {
  reveal_customers: "customer cards turned up", guess: "guess", place_exchange: "place exchange",
  roll: "dice roll", re_roll: "re-roll", give_up: "give up", move: "van move",
  take_customer: "customer taken", deliver: "delivery", record_draw: "action card drawn",
  declare_tips: "tips", deal: "deal", enter_tableau: "tableau", flip: "cards flipped",
  menu_draw: "menu cards drawn", menu_pick: "menu card picked", reveal: "cards revealed",
  spoon_give: "card given for a spoon", mochi_roll: "mochi die", enter_tray: "tray",
  pick: "die picked", use_chopsticks: "chopsticks", use_menu: "menu",
};

/** Each field's question. */
const FIELDS = {
  player: "Who", giver: "Who gave it", cards: "Cards", card: "Card", second: "Second card",
  dummy_card: "Dummy's card", on_wasabi: "On a wasabi", special_orders: "Special orders copy",
  special_orders_on_wasabi: "Special orders on a wasabi", flipped: "Flipped cards",
  uramaki_places: "Uramaki places", lead_takes: "Times the lead was taken",
  holds_lead: "Holds the lead token", mochi_die: "Mochi die", dice: "Dice", die: "Die",
  value: "Value", number: "Number guessed", same_guess: "Played Same guess", first: "First place",
  tips: "Tips", further: "Tiles further", keep: "Kept the card", desserts: "Desserts",
  menu: "Menu", chopsticks: "Chopsticks", spoon: "Spoon", give: "Die given", other: "Other die",
  take: "Die taken", hands: "Hands dealt", piles: "Piles", pool: "Pool", drawn: "Cards drawn",
  copies: "Copy", second_copies: "Copy of the second card", second_on_wasabi: "Second card on a wasabi",
  at: "Places", second_at: "Places of the second card", positions: "Places", ask: "Asked for",
};

/** The card lists of the open sheet shown in full although empty (else one "Add a card"). */
const opened = new Set();

/** Sushi Roll's fields holding one die (a reading "kind:face"; "" for none). */
const ONE_DIE = new Set(["die", "give", "other", "take"]);
/** Sushi Go Party! and Sushi Go! fields holding one card of the menu ("" for none). */
const ONE_CARD = new Set(["card", "second", "dummy_card"]);

export function kindWords(kind) {
  return KINDS[kind] ?? kind.replaceAll("_", " ");
}

function fieldName(key) {
  const words = FIELDS[key] ?? key.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// ---------- the controls, one kind of field each ----------

/** One choice among buttons: [value, label] pairs. */
function choices(key, value, options, set) {
  return h("div", { class: "fix-choices", "data-fix-choices": key }, options.map(([v, label]) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(v === value), "data-value": String(v),
    onclick: () => set(v),
  }, label)));
}

function stepper(key, value, set, min = 0) {
  return h("div", { class: "fix-stepper", "data-fix-stepper": key },
    h("button", { type: "button", class: "btn", "aria-label": `${fieldName(key)}: one less`, "data-step": "-1",
      disabled: value <= min, why: `It cannot be less than ${min}.`, onclick: () => set(value - 1) }, "−"),
    h("strong", { class: "fix-value" }, String(value)),
    h("button", { type: "button", class: "btn", "aria-label": `${fieldName(key)}: one more`, "data-step": "1",
      onclick: () => set(value + 1) }, "+"));
}

/** Express: the customer colours, tapped as when they were turned up (tap a picked one to take it back). */
function customers(key, list, set, count) {
  return [
    h("p", { class: "hint" }, "Tap the colour of each card turned up; tap a picked card to take it back."),
    h("div", { class: "chips", "data-fix-picked": key }, list.map((c, i) => customerChip(c, null, {
      "aria-label": `Take back ${CUSTOMERS[c] ?? c}`, onclick: () => set(list.filter((_, j) => j !== i)) }))),
    h("div", { class: "chips", "data-fix-palette": key }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      disabled: list.length >= count, why: `All ${count} cards are picked: tap a picked card above to take it back.`,
      onclick: () => set([...list, c]) }))),
  ];
}

/** Express: each die's face, tapped as when it was rolled. */
function dice(key, list, set) {
  return list.map((v, i) => h("div", null, h("div", { class: "muted small" }, `Die ${i + 1}`),
    h("div", { class: "die-row", "data-fix-die": i }, [1, 2, 3, 4, 5, 6].map((f) => dieFace(f, {
      class: f === v ? "selected" : "", "aria-pressed": String(f === v), "aria-label": `Die ${i + 1}: ${f}`,
      "data-face": f, onclick: () => set(list.map((x, j) => (j === i ? f : x))),
    })))));
}

/** Sushi Go Party! / Sushi Go!: cards of the menu, tapped in as on the entry panel (tap a chip
 * to take it back). */
function cardList(g, key, list, set) {
  const menu = g.view.menu;
  if (key !== "cards" && !list.length && !opened.has(key)) {
    return h("div", { class: "row" }, h("span", { class: "muted" }, "none"),
      h("button", { type: "button", class: "btn", "data-fix-open": key,
        onclick: () => { opened.add(key); set([]); } }, "Add a card"));
  }
  const n = new Map();
  for (const id of list) n.set(id, (n.get(id) ?? 0) + 1);
  return [
    h("div", { class: "sgp-tray", "data-fix-picked": key }, list.length
      ? list.map((id, i) => chip(menu, id, { "aria-label": `Take back ${cardName(menu, id)}`,
        onclick: () => set(list.filter((_, j) => j !== i)) }))
      : h("span", { class: "muted" }, "none")),
    h("div", { class: "sgp-grid fix-grid", "data-fix-palette": key }, menu.cards.map((c) => h("div", { class: "sgp-cell" },
      tile(menu, c, { label: c.name, count: n.get(c.id) || null, "aria-label": `Add ${c.name}`,
        onclick: () => set([...list, c.id]) })))),
  ];
}

function oneCard(g, key, value, set) {
  const menu = g.view.menu;
  return h("div", { class: "sgp-grid fix-grid", "data-fix-palette": key },
    key === "card" ? null : h("div", { class: "sgp-cell" }, h("button", {
      type: "button", class: "btn fix-none", "aria-pressed": String(!value), "data-card": "", onclick: () => set(""),
    }, "None")),
    menu.cards.map((c) => h("div", { class: "sgp-cell" }, tile(menu, c, {
      label: c.name, pressed: String(c.id === value), class: c.id === value ? "picked" : "",
      onclick: () => set(c.id) }))));
}

/** Sushi Roll: one die among every face of the game's dice. */
function oneDie(g, key, value, set) {
  const faces = [...faceIndex(g.view).values()];
  return h("div", { class: "sr-faces", "data-fix-palette": key },
    value !== undefined && key !== "die" ? h("button", { type: "button", class: "btn", "aria-pressed": String(!value),
      onclick: () => set("") }, "None") : null,
    faces.map((f) => dieTile(f, { "aria-pressed": String(f.die === value), class: f.die === value ? "selected" : "",
      onclick: () => set(f.die) })));
}

function control(g, entry, draft, key, set) {
  const value = draft[key];
  const original = entry.action[key];
  const title = g.view.game;
  const names = g.view.players.map((p) => p.name);
  if (["player", "giver"].includes(key)) {
    const all = g.view.dummy ? [...names, g.view.dummy.name] : names;
    return choices(key, value, (all.includes(value) ? all : [...all, value]).map((n) => [n, n]), set);
  }
  if (typeof value === "boolean") return choices(key, value, [[true, "Yes"], [false, "No"]], set);
  if (title === "sushi-express") {
    if (key === "cards") return customers(key, value, set, original.length);
    if (key === "card" && entry.action.kind === "record_draw") {
      return choices(key, value, Object.entries(ACTION_CARDS), set);
    }
    if (key === "card") return h("div", { class: "chips", "data-fix-palette": key }, Object.keys(CUSTOMERS).map((c) => customerChip(c, null, {
      "aria-pressed": String(c === value), class: c === value ? "selected" : "", onclick: () => set(c) })));
    if (key === "dice") return dice(key, value, set);
    if (key === "value") return dice(key, [value], (list) => set(list[0]))[0].lastChild;
  }
  if (title === "sushi-roll") {
    if (Array.isArray(value)) {
      const chosen = [...value];
      return dicePicker(g.view, chosen, () => set(chosen), { total: original.length });
    }
    if (ONE_DIE.has(key) && typeof value === "string") return oneDie(g, key, value, set);
  }
  if (g.view.menu) {
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return cardList(g, key, value, set);
    if (ONE_CARD.has(key) && typeof value === "string") return oneCard(g, key, value, set);
  }
  if (typeof value === "number") return stepper(key, value, set, key === "mochi_die" ? 1 : 0);
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    // places and positions: counted from 1 on screen
    return h("input", { value: value.map((v) => v + 1).join(", "), inputmode: "numeric", "aria-label": fieldName(key),
      onchange: (e) => set(e.target.value.split(",").map((s) => Number.parseInt(s, 10) - 1).filter((v) => v >= 0)) });
  }
  if (title === "sushi-roll" && typeof value === "string" && value.includes(":")) return oneDie(g, key, value, set);
  return h("input", { value: value ?? "", "aria-label": fieldName(key), onchange: (e) => set(e.target.value) });
}

// ---------- what saving will check again ----------

/** "Entry 3" as the history numbers it (``history``: the list when the sheet opened, which a
 * saved correction's set-aside entries have left). */
function entryName(history, index) {
  const shown = history.findIndex((e) => e.index === index);
  return shown >= 0 ? `Entry ${shown + 1}` : "A private entry";
}

function conflictWords(history, c) {
  const who = c.action?.player ? `${c.action.player}'s ` : "";
  return h("li", null, h("b", null, `${entryName(history, c.index)} (${who}${kindWords(c.action?.kind ?? "")})`), `: ${c.reason}`);
}

/** "12 later entries will be checked again; 2 no longer hold:" and the list. */
export function recheckWords(history, later, conflicts) {
  if (later === 0) return [h("p", { class: "verdict-ok" }, "Nothing was entered after it: no other entry is checked again.")];
  const n = conflicts.length;
  const head = `${plural(later, "later entry", "later entries")} will be checked again; `
    + (n === 0 ? (later === 1 ? "it still holds." : "all still hold.") : `${n} no longer ${n === 1 ? "holds" : "hold"} and will be set aside:`);
  return [h("p", { class: n ? "fix-warn" : "verdict-ok" }, head),
    n ? h("ul", { class: "conflicts", "data-conflicts": "" }, conflicts.map((c) => conflictWords(history, c))) : null];
}

// ---------- the sheet ----------

export function openCorrection(g, entry, number = entry.index + 1) {
  const sheet = document.getElementById("sheet");
  const draft = structuredClone(entry.action);
  const history = [...(g.snap.history ?? [])];
  opened.clear();
  const form = h("div", { class: "stack fix-form", "data-fix-form": entry.action.kind });
  const check = h("div", { class: "fix-check", "data-recheck": "", "aria-live": "polite" });
  const result = h("div", { "data-result": "" });
  const save = h("button", { type: "button", class: "btn primary grow act", "data-do": "save-correction" }, "Save correction");
  let asked = 0;
  let ready = false;
  let timer = null;

  const setSave = (ok, why) => {
    ready = ok;
    save.setAttribute("aria-disabled", String(!ok));
    save.dataset.why = why ?? "";
  };
  const preview = async () => {
    const mine = ++asked;
    if (same(draft, entry.action)) {
      setSave(false, "Change something first: tap what was entered wrongly.");
      fill(check, h("p", { class: "muted" }, "Tap what was entered wrongly; what else that changes is shown here before you save."));
      return;
    }
    setSave(false, "Wait a moment: the change is being checked.");
    fill(check, h("p", { class: "muted" }, "Checking what this changes…"));
    try {
      const answer = await api("POST", `/api/games/${g.id}/correct`, { index: entry.index, action: draft, dry_run: true }, g.token);
      if (mine !== asked) return;
      fill(check, recheckWords(history, answer.later, answer.conflicts ?? []));
      setSave(true);
    } catch (err) {
      if (mine !== asked) return;
      fill(check, h("p", { class: "sgp-refusal", role: "alert", "data-fix-refused": "" }, `This cannot be right: ${err.message}`));
      setSave(false, "Change it so that it can be right first.");
    }
  };
  const draw = () => {
    fill(form, Object.keys(entry.action).filter((k) => k !== "kind").map((key) => h("div", { class: "field fix-field", "data-fix-field": key },
      h("span", { class: "field-label" }, fieldName(key)),
      control(g, entry, draft, key, (v) => {
        draft[key] = v;
        draw();
        clearTimeout(timer);
        timer = setTimeout(preview, 150);
      }))));
  };
  save.addEventListener("click", async () => {
    if (!ready) return;
    const answer = await g.post(`/api/games/${g.id}/correct`, { index: entry.index, action: draft });
    if (!answer) return;
    clearTimeout(timer);
    asked += 1; // a check still on its way is answered for the saved entry: drop it
    fill(check, []);
    check.hidden = true;
    setSave(false, "Saved: close the sheet, or tap Correct again for another change.");
    fill(result, answer.conflicts?.length
      ? [h("p", { class: "fix-warn" }, `Corrected. ${plural(answer.conflicts.length, "later entry no longer holds and was", "later entries no longer hold and were")} set aside:`),
        h("ul", { class: "conflicts", "data-conflicts": "" }, answer.conflicts.map((c) => conflictWords(history, c)))]
      : h("p", { class: "verdict-ok" }, "Corrected; every later entry still holds."));
  });
  draw();
  preview();
  sheet.replaceChildren(
    h("div", { class: "row spread" }, h("h2", null, `Correct entry ${number}`),
      h("button", { type: "button", class: "btn ghost", "data-do": "close-correction", onclick: () => { sheet.hidden = true; } }, "Close")),
    h("p", { class: "muted", "data-fix-was": "" }, `Entered: ${entry.summary}`),
    form, check, result,
    h("div", { class: "row", style: "margin-top: 12px" }, save));
  sheet.hidden = false;
}
