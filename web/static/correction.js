// The correction sheet (the host's "Correct" in the history): an earlier entry changed with the
// controls it was entered with (the customer colours, the dice faces, the menu's cards, the
// Sushi Roll dice, the players' names), never as JSON or internal ids; and, before it is saved,
// in words what saving will check again ("12 later entries will be checked again; 2 no longer
// hold"), asked of the companion with POST .../correct {"dry_run": true}.
//
// The sheet lives outside the render loop (a live update never eats a tap in progress).
import { api, fill, h } from "./common.js";
import { askedFields, control, fieldName, loadFields, resetUnasked } from "./correction-fields.js";
import { t, tn } from "./i18n.js";

/** What each kind of entry is, in words. */
const KINDS = {
  reveal_customers: t("customer cards turned up"), guess: t("guess"), place_exchange: t("place exchange"),
  roll: t("dice roll"), re_roll: t("re-roll"), give_up: t("give up"), move: t("van move"),
  take_customer: t("customer taken"), deliver: t("delivery"), record_draw: t("action card drawn"),
  declare_tips: t("tips"), deal: t("deal"), enter_tableau: t("tableau"), flip: t("cards flipped"),
  menu_draw: t("menu cards drawn"), menu_pick: t("menu card picked"), reveal: t("cards revealed"),
  spoon_give: t("card given for a spoon"), mochi_roll: t("mochi die"), enter_tray: t("tray"),
  pick: t("die picked"), use_chopsticks: t("chopsticks"), use_menu: t("menu"),
};

/** The card lists of the open sheet shown in full although empty (else one "Add a card"). */
const opened = new Set();

/** An entry's kind in words ("guess", "tray"); an unknown kind as "an entry". */
export function kindWords(kind) {
  return KINDS[kind] ?? t("entry");
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------- what saving will check again ----------

/** "Entry 3" as the history numbers it (``history``: the list when the sheet opened, which a
 * saved correction's set-aside entries have left). */
function entryName(history, index) {
  const shown = history.findIndex((e) => e.index === index);
  return shown >= 0 ? t("Entry {n}", { n: shown + 1 }) : t("A private entry");
}

function conflictWords(history, c) {
  const what = kindWords(c.action?.kind ?? "");
  const whose = c.action?.player ? t("{who}'s {what}", { who: c.action.player, what }) : what;
  return h("li", null, h("b", null, t("{entry} ({what})", { entry: entryName(history, c.index), what: whose })), `: ${c.reason}`);
}

/** "12 later entries will be checked again; 2 no longer hold:" and the list. */
export function recheckWords(history, later, conflicts) {
  if (later === 0) return [h("p", { class: "verdict-ok" }, t("Nothing was entered after it: no other entry is checked again."))];
  const n = conflicts.length;
  const head = n === 0
    ? tn("{n} later entry will be checked again; it still holds.", "{n} later entries will be checked again; all still hold.", later)
    : `${tn("{n} later entry will be checked again;", "{n} later entries will be checked again;", later)} `
      + tn("{n} no longer holds and will be set aside:", "{n} no longer hold and will be set aside:", n);
  return [h("p", { class: n ? "fix-warn" : "verdict-ok" }, head),
    n ? h("ul", { class: "conflicts", "data-conflicts": "" }, conflicts.map((c) => conflictWords(history, c))) : null];
}

// ---------- the sheet ----------

export async function openCorrection(g, entry, number = entry.index + 1) {
  await loadFields(g.view.game).catch(() => null); // the title's own fields (else the general ones)
  const sheet = document.getElementById("sheet");
  const draft = structuredClone(entry.action);
  const history = [...(g.snap.history ?? [])];
  opened.clear();
  const form = h("div", { class: "stack fix-form", "data-fix-form": entry.action.kind });
  const check = h("div", { class: "fix-check", "data-recheck": "", "aria-live": "polite" });
  const result = h("div", { "data-result": "" });
  const save = h("button", { type: "button", class: "btn primary grow act", "data-do": "save-correction" }, t("Save correction"));
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
      setSave(false, t("Change something first: tap what was entered wrongly."));
      fill(check, h("p", { class: "muted" }, t("Tap what was entered wrongly; what else that changes is shown here before you save.")));
      return;
    }
    setSave(false, t("Wait a moment: the change is being checked."));
    fill(check, h("p", { class: "muted" }, t("Checking what this changes…")));
    try {
      const answer = await api("POST", `/api/games/${g.id}/correct`, { index: entry.index, action: draft, dry_run: true }, g.token);
      if (mine !== asked) return;
      fill(check, recheckWords(history, answer.later, answer.conflicts ?? []));
      setSave(true);
    } catch (err) {
      if (mine !== asked) return;
      fill(check, h("p", { class: "sgp-refusal", role: "alert", "data-fix-refused": "" },
        t("This cannot be right: {reason}", { reason: err.message })));
      setSave(false, t("Change it so that it can be right first."));
    }
  };
  const draw = () => {
    const keys = askedFields(g, entry, draft);
    resetUnasked(g, entry, draft, keys);
    fill(form, keys.map((key) => h("div", { class: "field fix-field", "data-fix-field": key },
      h("span", { class: "field-label" }, fieldName(g.view.game, key, entry.action.kind)),
      control(g, entry, draft, key, (v) => {
        draft[key] = v;
        draw();
        clearTimeout(timer);
        timer = setTimeout(preview, 150);
      }, opened))));
  };
  save.addEventListener("click", async () => {
    if (!ready) return;
    const answer = await g.post(`/api/games/${g.id}/correct`, { index: entry.index, action: draft });
    if (!answer) return;
    clearTimeout(timer);
    asked += 1; // a check still on its way is answered for the saved entry: drop it
    fill(check, []);
    check.hidden = true;
    setSave(false, t("Saved: close the sheet, or tap Correct again for another change."));
    const n = answer.conflicts?.length ?? 0;
    fill(result, n
      ? [h("p", { class: "fix-warn" }, tn("Corrected. {n} later entry no longer holds and was set aside:",
        "Corrected. {n} later entries no longer hold and were set aside:", n)),
      h("ul", { class: "conflicts", "data-conflicts": "" }, answer.conflicts.map((c) => conflictWords(history, c)))]
      : h("p", { class: "verdict-ok", "data-fix-saved": "" }, t("Corrected; every later entry still holds.")));
  });
  draw();
  preview();
  sheet.replaceChildren(
    h("div", { class: "row spread" }, h("h2", null, t("Correct entry {n}", { n: number })),
      h("button", { type: "button", class: "btn ghost", "data-do": "close-correction", onclick: () => { sheet.hidden = true; } }, t("Close"))),
    h("p", { class: "muted", "data-fix-was": "" }, t("Entered: {what}", { what: entry.summary })),
    form, check, result,
    h("div", { class: "row", style: "margin-top: 12px" }, save));
  sheet.hidden = false;
}
