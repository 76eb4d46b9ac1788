// Sushi Go! scoring mode: each table's round-end tableau on Sushi Go Party!'s entry panel
// (sgp-entry.js: one tap per card, a nigiri on a wasabi one tap for the pair), with the
// questions only Sushi Go! asks:
//
// * strawberry pudding: how many times the player took the lead token this round (0 up to the
//   strawberry puddings they played), never preselected: the player must choose, "Never"
//   included, and the send button says so until they do (ruling G23); when several players took
//   it, whether they hold it now (the engine fills the holder in when it is certain);
// * mochi: the face the player's die shows now, asked only when they took a mochi card this
//   round (otherwise it is unchanged, and the panel says so).
//
// In the dummy-player variant the Dummy's tableau is entered like a player's.
import { h } from "./common.js";
import { MOCHI, STRAWBERRY, dieOf, dieRow, smallDie, tables, typeOf } from "./sg-common.js";
import { t, tn } from "./i18n.js";
import { cardsWithWasabi, draftFrom, entryPanel as sharedEntryPanel } from "./sgp-entry.js";

function puddings(g, d) {
  return d.cards.filter((id) => typeOf(g.view, id) === STRAWBERRY).length;
}

function mochis(d) {
  return d.cards.filter((id) => id === MOCHI).length;
}

/** The lead takes chosen: 0 without a strawberry pudding in the draft (no take possible);
 * otherwise the player's answer, or null while there is none (never assumed: an answer for more
 * puddings than the draft now holds is asked again). */
function takes(g, d) {
  const most = puddings(g, d);
  if (!most) return 0;
  return d.takes == null || d.takes > most ? null : d.takes;
}

function actionOf(d, g) {
  const t = takes(g, d);
  const action = {
    kind: "enter_tableau", player: d.player, cards: cardsWithWasabi(d), on_wasabi: d.onWasabi,
    holds_lead: Boolean(t && d.holds),
    mochi_die: mochis(d) ? d.die ?? 0 : 0,
  };
  if (t != null) action.lead_takes = t; // left out: not answered, which the engine refuses
  return action;
}

function fromTableau(name, t) {
  const d = draftFrom(name, t);
  d.takes = t.lead_takes;
  d.holds = t.holds_lead;
  d.die = t.mochi_die;
  return d;
}

function change(g, fn) {
  return () => { fn(); g.ui.refusal = null; g.rerender(); };
}

function leadQuestion(g, d) {
  const v = g.view;
  const most = puddings(g, d);
  const now = takes(g, d);
  const start = v.lead.holder ? t("{player} held the lead token at the start of the round.", { player: v.lead.holder })
    : t("Nobody held the lead token at the start of the round.");
  return h("div", { class: "sg-question", "data-lead": "" },
    h("div", { class: "sgp-section-label" }, t("Lead token (strawberry pudding)")),
    h("p", { class: "sgp-note" }, `${start} ${t("Each take scores {points}.", { points: v.lead.points })}`),
    most ? [
      h("div", { class: "field-label small" }, t("Times {player} took the lead this round", { player: d.player })),
      now == null ? h("p", { class: "sgp-warn", "data-lead-ask": "" },
        tn("{player} played {n} strawberry pudding: choose how many times {player} took the lead token. Choose “Never” only if {player} did not take it.",
          "{player} played {n} strawberry puddings: choose how many times {player} took the lead token. Choose “Never” only if {player} did not take it.",
          most, { player: d.player })) : null,
      h("div", { class: "row", role: "group", "aria-label": t("Lead takes") },
        Array.from({ length: most + 1 }, (_, k) => h("button", {
          type: "button", class: "btn", "aria-pressed": String(now === k), "data-lead-takes": k,
          onclick: change(g, () => { d.takes = k; }),
        }, k === 0 ? t("Never") : `${k}×`))),
      now ? h("button", {
        type: "button", class: "btn wide-toggle", "aria-pressed": String(Boolean(d.holds)), "data-holds-lead": "",
        onclick: change(g, () => { d.holds = !d.holds; }),
      }, d.holds ? `✓ ${t("{player} holds the token now", { player: d.player })}` : t("{player} holds the token now?", { player: d.player })) : null,
      now ? h("p", { class: "sgp-note" }, t("Say who holds it only when several players took it this round.")) : null,
    ] : h("p", { class: "sgp-note" }, t("No strawberry pudding in this tableau: no lead taken.")));
}

function mochiQuestion(g, d) {
  const before = dieOf(g.view, d.player);
  const taken = mochis(d);
  if (!taken) {
    return h("div", { class: "sg-question", "data-mochi-question": "" },
      h("div", { class: "sgp-section-label" }, t("Mochi die")),
      h("p", { class: "sg-die-line" }, smallDie(before, t("Mochi die: {n}", { n: before })),
        t("Still {n}: no mochi card this round, so the die was not rolled.", { n: before })));
  }
  return h("div", { class: "sg-question", "data-mochi-question": "" },
    h("div", { class: "sgp-section-label" }, t("Mochi die: the face it shows now (it showed {n})", { n: before })),
    h("p", { class: "sgp-note" }, t("Rolled for each mochi card taken ({n} this round): the last roll counts.", { n: taken })),
    dieRow(t("Mochi die"), d.die || null, (value) => { d.die = value; g.ui.refusal = null; g.rerender(); },
      "data-mochi-die"));
}

const SUSHI_GO = {
  tables: (g) => tables(g.view),
  draftFrom: fromTableau,
  actionOf,
  extras(g, d) {
    const v = g.view;
    return [
      v.dessert === STRAWBERRY ? leadQuestion(g, d) : null,
      v.dessert === MOCHI ? mochiQuestion(g, d) : null,
    ];
  },
  missing(g, d) {
    if (g.view.dessert === STRAWBERRY && takes(g, d) == null) {
      return t("Choose above how many times {player} took the lead token", { player: d.player });
    }
    if (g.view.dessert === MOCHI && mochis(d) && !d.die) return t("Tap the face {player}'s mochi die shows", { player: d.player });
    return null;
  },
};

export function entryPanel(g) {
  return sharedEntryPanel(g, SUSHI_GO);
}
