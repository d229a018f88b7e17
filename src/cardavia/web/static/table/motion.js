// @ts-check
// Card motion: a card that moves in a step flies from where it was (the stock, a hand, the public
// spot) to where it lands, by the `data-key` of the elements before and after the table is
// redrawn. Nothing moves when the user prefers reduced motion.

const DURATION_MS = 340;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Where every keyed element of `root` is now. @param {HTMLElement} root */
export function capture(root) {
  /** @type {Map<string, DOMRect>} */
  const places = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    const rect = node.getBoundingClientRect();
    if (rect.width && rect.height) places.set(/** @type {HTMLElement} */ (node).dataset.key || "", rect);
  }
  return places;
}

/**
 * Fly `target` from the place `from` had before the redraw.
 * @param {Map<string, DOMRect>} before @param {string} from @param {Element | null} target
 */
export function fly(before, from, target) {
  if (!target || reduced.matches) return;
  const start = before.get(from);
  const end = target.getBoundingClientRect();
  if (!start || !end.width || !end.height) return;
  const dx = start.left + start.width / 2 - (end.left + end.width / 2);
  const dy = start.top + start.height / 2 - (end.top + end.height / 2);
  const scale = Math.max(0.5, Math.min(1.6, start.width / end.width));
  target.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
    { duration: DURATION_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}
