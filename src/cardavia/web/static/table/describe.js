// @ts-check
// What a legal action does, as the data of its button: the groups it makes with the public card
// marked in them, each group's name and value, and their total. The action text is the server's
// (records-and-cli.md section 3); names and values come from the page's group table
// (web/live/scoring.py), so nothing here judges what is legal or what it scores.

/**
 * @typedef {{codes: string[], marked: number, name: string, value: number | null, bi: boolean}} Made
 * @typedef {{verb: string, made: Made[], total: number | null}} Described
 */

/**
 * @param {string} action one of the server's legal actions
 * @param {{game: string, pub: string | null, groups: Record<string, {name: string, value: number}>}} ctx
 * @returns {Described}
 */
export function describeAction(action, ctx) {
  const [verb, ...rest] = action.split(" ");
  /** @type {Made[]} */
  let made = [];
  if (verb === "take") {
    made = [group(rest, ctx.pub, "", ctx, false)];
  } else if (verb === "chi") {
    const plans = rest.join(" ").split(" / ").map((g) => g.split(" ").filter(Boolean));
    made = plans.map((codes, i) => group(codes, i === 0 ? ctx.pub : null, "chi", ctx, i > 0));
  } else if ((verb === "peng" || verb === "pao") && ctx.pub) {
    const codes = Array(verb === "pao" ? 4 : 3).fill(ctx.pub);
    made = [group(codes, ctx.pub, verb, ctx, false)];
  }
  const values = made.map((m) => m.value);
  const total = made.length && values.every((v) => v !== null)
    ? values.reduce((sum, v) => sum + Number(v), 0) : null;
  return { verb, made, total };
}

/**
 * @param {string[]} codes @param {string | null} pub @param {string} kind
 * @param {{groups: Record<string, {name: string, value: number}>}} ctx @param {boolean} bi
 * @returns {Made}
 */
function group(codes, pub, kind, ctx, bi) {
  const marked = pub ? codes.lastIndexOf(pub) : -1;
  const entry = ctx.groups[kind ? `${kind} ${codes.join(" ")}` : codes.join(" ")];
  return { codes, marked, name: entry ? entry.name : "", value: entry ? entry.value : null, bi };
}
