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
