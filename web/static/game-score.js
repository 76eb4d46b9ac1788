// The final score: ranking, then every player's breakdown (each line: rule, card, points).
import { CUSTOMERS, h, playerDot } from "./common.js";
import { t, tn } from "./i18n.js";

function signed(points) {
  return points > 0 ? `+${points}` : `${points}`;
}

function breakdown(player) {
  return h("ul", { class: "breakdown" }, player.breakdown.map((line) => h("li", null,
    h("span", null, line.detail
      || `${line.rule}${line.card ? ` · ${CUSTOMERS[line.card] ?? line.card}` : ""}`),
    h("span", { class: "pts" }, signed(line.points)))));
}

export function scorePanel(g) {
  const score = g.view.score;
  if (!score) return [h("h2", null, t("Final score")), h("p", { class: "hint" }, t("Scoring…"))];
  const colourOf = (name) => g.view.players.find((p) => p.name === name)?.colour ?? "black";
  const ranking = h("table", { class: "ranking", "data-ranking": "" }, h("tbody", null,
    score.ranking.map((r) => h("tr", null,
      h("td", { class: "rank" }, r.rank),
      h("td", null, h("span", { class: "row" }, playerDot(colourOf(r.name)), r.name)),
      h("td", { class: "total" }, r.total)))));
  const byName = new Map(score.players.map((p) => [p.name, p]));
  const details = score.ranking.map((r) => {
    const p = byName.get(r.name);
    const tiebreak = p.tiebreak_label && p.tiebreak.length
      ? h("p", { class: "muted small" }, t("Tie-break: {what} {values}", { what: p.tiebreak_label, values: p.tiebreak.join(", ") })) : null;
    return h("details", { open: r.rank === 1 }, h("summary", null, tn("{name}: {n} point", "{name}: {n} points", p.total, { name: p.name })),
      breakdown(p), tiebreak);
  });
  return [h("h2", null, t("Final score")), ranking, details];
}
