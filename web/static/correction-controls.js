// The correction sheet's shared pieces (correction-fields.js and the titles' *-correct.js): the
// fields' questions in words, and the controls every title may use (buttons, toggles, a stepper,
// a die's faces). No title's fields here.
import { h } from "./common.js";
import { dieFace } from "./game-dice.js";
import { t } from "./i18n.js";

/** Each field's question (a title's own wording first: its *-correct.js's fieldName). */
export const FIELDS = {
  player: t("Who"), giver: t("Who gave it"), cards: t("Cards"), card: t("Card"), second: t("Second card (chopsticks)"),
  dummy_card: t("Dummy's card"), on_wasabi: t("Nigiri on a wasabi"), special_orders: t("What each special order copies"),
  special_orders_on_wasabi: t("Special orders copying a nigiri on a wasabi"), flipped: t("Cards flipped face down"),
  uramaki_places: t("Uramaki places scored this round"), lead_takes: t("Times the lead token was taken"),
  holds_lead: t("Holds the lead token now"), mochi_die: t("Mochi die now shows"), dice: t("Dice"), die: t("Die"),
  value: t("The die shows"), number: t("Number guessed"), same_guess: t("Played Same guess"), first: t("First number"),
  tips: t("Tips"), further: t("Tiles further"), keep: t("Kept the card"), desserts: t("Desserts"),
  menu: t("Menu"), chopsticks: t("Chopsticks used"), spoon: t("Spoon used"), give: t("Die given"),
  other: t("Whose belt"), take: t("Die taken"), hands: t("Hands dealt"), piles: t("Draw piles"),
  pool: t("Pyramid cards"), drawn: t("Cards drawn"), copies: t("The special order copies"),
  second_copies: t("The second special order copies"), second_on_wasabi: t("Second card on a wasabi"),
  at: t("Taken from the pyramid at"), second_at: t("Second card taken from"), positions: t("Cards flipped face down"),
  ask: t("The spoon asked for"),
};

/** Whether the menu in a view has a card of ``type``. */
export function hasType(menu, type) {
  return Boolean(menu?.cards.some((c) => c.type === type));
}

/** One choice among buttons: [value, label] pairs. */
export function choices(key, value, options, set) {
  return h("div", { class: "fix-choices", "data-fix-choices": key }, options.map(([v, label]) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(v === value), "data-value": String(v),
    onclick: () => set(v),
  }, label)));
}

/** Several choices among buttons, each tapped on or off (``value``: the list on). */
export function toggles(key, value, options, set) {
  return h("div", { class: "fix-choices", "data-fix-toggles": key }, options.map(([v, label]) => h("button", {
    type: "button", class: "btn", "aria-pressed": String(value.includes(v)), "data-value": String(v),
    onclick: () => set(value.includes(v) ? value.filter((x) => x !== v) : [...value, v].sort((a, b) => a - b)),
  }, label)));
}

export function stepper(label, key, value, set, min = 0, shown = String) {
  return h("div", { class: "fix-stepper", "data-fix-stepper": key },
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one less", { what: label }), "data-step": "-1",
      disabled: value <= min, why: t("It cannot be less than this."), onclick: () => set(value - 1) }, "−"),
    h("strong", { class: "fix-value" }, shown(value)),
    h("button", { type: "button", class: "btn", "aria-label": t("{what}: one more", { what: label }), "data-step": "1",
      onclick: () => set(value + 1) }, "+"));
}

export function dieFaces(label, key, value, set, data = "data-face") {
  return h("div", { class: "die-row", "data-fix-die": key }, [1, 2, 3, 4, 5, 6].map((f) => dieFace(f, {
    class: f === value ? "selected" : "", "aria-pressed": String(f === value),
    "aria-label": t("{what}: {face}", { what: label, face: f }), [data]: f, onclick: () => set(f),
  })));
}

