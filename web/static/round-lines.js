// The round a score line belongs to. The engines start a round's line with the message
// "round {n}: {detail}" (game_lines, score_game), rendered by the server in this page's
// language: the same catalogue entry tells where the round's words end.
import { t } from "./i18n.js";

/** The words a line of round ``r`` starts with ("round 2: ", "manche 2 : "). */
export function roundPrefix(r) {
  return t("round {n}: {detail}", { n: r, detail: "" });
}

/** ``[round, rest]`` for a line's detail that starts with a round's words, else null. */
export function splitRound(detail) {
  const [before, after] = t("round {n}: {detail}", { n: "\u0001", detail: "" }).split("\u0001");
  const text = detail ?? "";
  if (!text.startsWith(before)) return null;
  const m = /^\d+/.exec(text.slice(before.length));
  if (!m) return null;
  const rest = text.slice(before.length + m[0].length);
  return rest.startsWith(after ?? "") ? [Number(m[0]), rest.slice((after ?? "").length)] : null;
}
