// @ts-check
// The log: one entry per public card (or other step) and what became of it. A draw, reveal or
// discard opens an entry; what follows it (the second chance, a claim, a compulsory meld, the
// card dying, the human's pass, why he could not take it or why his claim lost) adds a sentence
// to that entry. Chou is no line of its own except the one the human gets by refusing a claim.
// Every sentence is one catalogue message; each line carries the frame it came with (`data-v`).

import { el } from "./cards.js";

const LIMIT = 200;

/** An event's kind without its game ("<game>.draw" -> "draw"). @param {string} kind */
export const bare = (kind) => kind.slice(kind.indexOf(".") + 1);

/** The events that are a seat's own move (the seat is marked as the one who acted). */
export const MOVES = new Set(["draw", "discard", "take", "chi", "peng", "pao", "wei", "ti", "win", "tianhu", "initial_ti"]);

/** Reason codes that say nothing to a player about a card he was not asked on (the engine's
 * bookkeeping: a seat not asked, a step of another kind); they get no line. */
const UNTOLD = new Set(["not_asked", "deal_over", "wrong_step", "not_in_hand", "not_a_group"]);

/**
 * A why-not reason (records-and-cli.md section 7) as its message key, or null when it has nothing
 * to tell the player. @param {Record<string, any>} params @param {(key: string) => boolean} has
 */
export function reasonKey(params, has) {
  const reason = String(params.reason || "");
  if (UNTOLD.has(reason)) return null;
  const keys = reason === "role_forbids"
    ? [`reason.role_forbids.${params.role}.${params.group}`, `reason.role_forbids.${params.role}`, "reason.role_forbids"]
    : [`reason.${reason}`];
  return keys.find(has) || "reason.other";
}

/** Params of a why-not reason, in words. @param {Record<string, any>} p @param {import("./words.js").Words} w */
export function reasonParams(p, w) {
  const out = /** @type {Record<string, any>} */ ({ card: w.card(p.card) });
  if (typeof p.huxi === "number") out.huxi = w.number(p.huxi);
  if (typeof p.min === "number") out.min = w.number(p.min);
  return out;
}

/** @param {Record<string, any>} params @param {(key: string) => boolean} has */
export function priorityKey(params, has) {
  const key = `priority.${params.rule}`;
  return has(key) ? key : "priority.other";
}

export class LogBook {
  /**
   * @param {HTMLOListElement} list @param {import("./words.js").Words} words
   * @param {import("./cards.js").CardArt} art @param {string} game
   */
  constructor(list, words, art, game) {
    this.list = list;
    this.words = words;
    this.art = art;
    this.game = game;
    /** @type {HTMLElement | null} */
    this.open = null;
    /** @type {number | null} */
    this.owner = null;
    /** The why-not sentences said so far this deal: a rule is explained once, not at every card. */
    this.told = new Set();
  }

  /** Start again from nothing (a snapshot brings the whole log). */
  clear() {
    this.list.replaceChildren();
    this.open = null;
    this.owner = null;
    this.told = new Set();
  }

  /**
   * Add the events of one frame; return each sentence added with its event (for the live region
   * and the seats' last moves).
   * @param {{kind: string, params: Record<string, any>}[]} events @param {number} v
   * @returns {{event: {kind: string, params: Record<string, any>}, text: string}[]}
   */
  add(events, v) {
    const said = [];
    for (const event of events) {
      const text = this.line(event, v);
      if (text) said.push({ event, text });
    }
    while (this.list.children.length > LIMIT) this.list.firstElementChild?.remove();
    this.list.scrollTop = this.list.scrollHeight;
    return said;
  }

  /**
   * @param {{kind: string, params: Record<string, any>}} event @param {number} v
   * @returns {string}
   */
  line(event, v) {
    const w = this.words;
    const p = event.params || {};
    const me = w.me;
    const name = bare(event.kind);
    const game = this.game;
    switch (name) {
      case "deal": {
        const said = this.entry(w.about("log.deal", p.dealer, { stock: w.number(p.stock) }), v, [], "deal");
        if (p.shown) this.sub(w.t(`log.${game}.shown`, { card: w.card(p.shown) }), v, [p.shown]);
        return said;
      }
      case "initial_ti":
        return this.entry(w.about(`log.${game}.initial_ti`, p.seat), v, [], "meld");
      case "draw":
        this.owner = p.seat;
        return this.entry(w.about(`log.${game}.draw`, p.seat, { card: w.card(p.card) }), v, [p.card], "draw");
      case "discard":
        this.owner = p.seat;
        return this.entry(w.about("log.discard", p.seat, { card: w.card(p.card) }), v, [p.card], "discard");
      case "window":
        return p.window === "W2" ? this.sub(w.t(`log.${game}.second_chance`), v) : "";
      case "answer":
        return p.seat === me && p.action === "pass" ? this.sub(w.t("log.answer.pass"), v) : "";
      case "timeout":
        return this.sub(w.t("log.timeout"), v);
      case "take": {
        const key = p.forced ? `log.${game}.take_forced` : `log.${game}.take`;
        return this.sub(w.about(key, p.seat, { cards: w.cards(p.group) }), v, p.group);
      }
      case "chi": {
        const groups = (p.groups || []).map((/** @type {string} */ g) => w.cards(g.split(" ")));
        const codes = (p.groups || []).flatMap((/** @type {string} */ g) => g.split(" "));
        const key = groups.length > 1 ? `log.${game}.chi_bi` : `log.${game}.chi`;
        return this.sub(w.about(key, p.seat, { cards: groups[0] || "", bi: w.list(groups.slice(1)) }), v, codes);
      }
      case "peng":
      case "pao":
      case "wei":
      case "ti":
        return this.sub(w.about(`log.${game}.${name}`, p.seat, {}), v);
      case "dead":
        return this.sub(w.t("log.dead"), v);
      case "chou":
        // The human's chou from refusing a chi or peng (his own discards and reveals make chou
        // for everybody to see, in the chou rows, without a line).
        return p.seat === me && this.owner !== me ? this.sub(w.t("log.chou_refused"), v) : "";
      case "why_not": {
        const key = p.seat === me ? reasonKey(p, (k) => w.has(k)) : null;
        const text = key ? w.t(key, reasonParams(p, w)) : "";
        if (!text || this.told.has(text)) return "";
        this.told.add(text);
        return this.sub(text, v, [], "why");
      }
      case "outranked":
        return p.seat === me ? this.sub(w.t(priorityKey(p, (k) => w.has(k)), { seat: w.seat(p.by) }), v, [], "why") : "";
      case "dead_hand":
        return this.entry(w.about(`log.${game}.dead_hand`, p.seat), v, [], "dead-hand");
      case "tianhu":
        return this.entry(w.about(`log.${game}.tianhu`, p.seat, { huxi: w.number(p.huxi) }), v, [], "win");
      case "win": {
        const values = w.display(game).tun
          ? { huxi: w.value(game, p.huxi), tun: w.count("tun", p.tun) }
          : { score: w.value(game, p.score) };
        return this.open
          ? this.sub(w.about(`log.${game}.win`, p.seat, values), v, [], "win")
          : this.entry(w.about(`log.${game}.win`, p.seat, values), v, [], "win");
      }
      case "end":
        return p.status === "draw" ? this.entry(w.t("log.end.draw"), v, [], "end") : "";
      case "resolve":
        return "";
      default:
        return this.entry(w.t("event.generic", { kind: event.kind }), v, [], "other");
    }
  }

  /** Open a new entry with its first sentence. @param {string} text @param {number} v @param {string[]} codes @param {string} kind */
  entry(text, v, codes, kind) {
    const item = el("li", { class: `entry entry-${kind}` });
    this.list.append(item);
    this.open = item;
    this.sentence(item, text, v, codes, "line");
    return text;
  }

  /** A sentence added to the open entry. @param {string} text @param {number} v @param {string[]} [codes] @param {string} [kind] */
  sub(text, v, codes = [], kind = "") {
    if (!this.open) return this.entry(text, v, codes, kind || "other");
    this.sentence(this.open, text, v, codes, kind ? `line sub ${kind}` : "line sub");
    return text;
  }

  /** @param {HTMLElement} item @param {string} text @param {number} v @param {string[]} codes @param {string} cls */
  sentence(item, text, v, codes, cls) {
    const line = el("span", { class: cls, "data-v": v }, el("span", { class: "words", text }));
    if (codes.length) line.append(this.art.row(codes, { decorative: true })); // the sentence names them
    item.append(line);
  }
}
