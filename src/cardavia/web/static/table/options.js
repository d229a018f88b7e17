// @ts-check
// One option of a decision as the table's button shows it, for the pages that list a decision's
// options away from the table (the review, the puzzles): its words and the cards it plays or makes.

import { el } from "./cards.js";
import { describeAction } from "./describe.js";
import { actionLabel } from "./dock.js";

/**
 * What the option does, in words. @param {import("./words.js").Words} words @param {string} game
 * @param {string} action @param {string | null} pub the public card then @param {Record<string, any>} groups
 */
export function optionText(words, game, action, pub, groups) {
  if (action.startsWith("discard ")) return words.t("hand.discard", { card: words.card(action.slice(8)) });
  const what = describeAction(action, { game, pub, groups });
  const value = what.total === null ? "" : words.value(game, what.total);
  return actionLabel(words, what, value, action);
}

/**
 * The cards the option plays or makes (decorative: its words name them), or null.
 * @param {import("./cards.js").CardArt} art @param {string} game @param {string} action
 * @param {string | null} pub @param {Record<string, any>} groups
 */
export function optionCards(art, game, action, pub, groups) {
  const box = el("span", { class: "option-cards", "aria-hidden": "true" });
  if (action.startsWith("discard ")) {
    box.append(art.row([action.slice(8)], { decorative: true }));
    return box;
  }
  const what = describeAction(action, { game, pub, groups });
  if (!what.made.length) return null;
  for (const made of what.made) box.append(art.row(made.codes, { decorative: true, marked: made.marked }));
  return box;
}

/**
 * A judge's reason ("why": a message key and its params) as a sentence in the reader's words; the
 * generic "rated higher" sentence when a param is missing or the key is unknown.
 * @param {import("./words.js").Words} words @param {{key: string, params?: Record<string, any>}} why
 * @param {(action: string) => string} textOf how an action param is worded
 */
export function reasonText(words, why, textOf) {
  const params = why.params || {};
  if (Object.values(params).some((v) => v === null || v === undefined) || !words.has(why.key)) {
    return words.t("review.better");
  }
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (["seat", "owner", "dealer", "winner"].includes(key) && typeof value === "number") out[key] = words.seat(value);
    else if (typeof value === "string" && words.isCard(value)) out[key] = words.card(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" && words.isCard(v))) out[key] = words.cards(value);
    else if (key === "group" || key === "groups") {
      const list = Array.isArray(value) ? value : [value];
      out[key] = words.list(list.map((g) => words.cards(String(g).split(" ").filter((c) => words.isCard(c)))));
    } else if (key === "action" && typeof value === "string") out[key] = textOf(value);
    else if (typeof value === "number") out[key] = words.number(value);
    else out[key] = value;
  }
  return words.t(why.key, out);
}
