// @ts-check
// The table's words: messages from the page's catalogue (messages.py), filled with names and
// numbers the language's own way. Every sentence is one catalogue message; lists use the
// language's list format (Intl.ListFormat), numbers its number format.

/**
 * @typedef {Record<string, any>} Catalogue
 */

export class Words {
  /** @param {Catalogue} messages @param {string} lang */
  constructor(messages, lang) {
    this.M = messages;
    this.lang = lang;
    this.plurals = new Intl.PluralRules(lang);
    this.lists = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
    this.numbers = new Intl.NumberFormat(lang);
    this.signedNumbers = new Intl.NumberFormat(lang, { signDisplay: "exceptZero" });
    /** The human's seat, once known. @type {number | null} */
    this.me = null;
    /** At a friends' table, the people's names by seat (null: no name given). @type {Map<number, string | null>} */
    this.people = new Map();
  }

  /** Is there a message for `key`? @param {string} key */
  has(key) {
    return typeof this.M[key] === "string";
  }

  /** A message with its `{placeholders}` filled. @param {string} key @param {Record<string, any>} [params] */
  t(key, params = {}) {
    const text = this.M[key];
    if (typeof text !== "string") return key;
    return text.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => (name in params ? String(params[name]) : whole));
  }

  /**
   * The message about a seat: its `.you` form when the seat is the human's (each language says
   * "you drew" its own way), else the plain one with `{seat}` named.
   * @param {string} key @param {number} seat @param {Record<string, any>} [params]
   */
  about(key, seat, params = {}) {
    const mine = seat === this.me && this.has(`${key}.you`);
    return this.t(mine ? `${key}.you` : key, { ...params, seat: this.seat(seat) });
  }

  /** A plural message, the form chosen by the language's rules. @param {string} key @param {number} n */
  count(key, n) {
    const forms = this.M[`plural.${key}`] || {};
    const text = forms[this.plurals.select(n)] ?? forms.other ?? "{n}";
    return text.replace(/\{n\}/g, this.numbers.format(n));
  }

  /**
   * A plural message (the form chosen by `n`) with its other `{placeholders}` filled too.
   * @param {string} key @param {number} n @param {Record<string, any>} params
   */
  countWith(key, n, params) {
    return this.count(key, n).replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => (name in params ? String(params[name]) : whole));
  }

  /** A plural message whose number carries its sign (+2, −1, 0). @param {string} key @param {number} n */
  signed(key, n) {
    const forms = this.M[`plural.${key}`] || {};
    const text = forms[this.plurals.select(Math.abs(n))] ?? forms.other ?? "{n}";
    return text.replace(/\{n\}/g, this.signedNumbers.format(n));
  }

  /** A number with its sign (+2, −1, 0). @param {number} n */
  signedNumber(n) {
    return this.signedNumbers.format(n);
  }

  /** @param {number} n */
  number(n) {
    return this.numbers.format(n);
  }

  /** A seat's name ("You", "Computer 2", a friend's name). @param {number | null | undefined} seat */
  seat(seat) {
    if (seat === null || seat === undefined) return "";
    if (seat === this.me) return this.t("seat.you");
    if (this.people.has(seat)) return this.people.get(seat) || this.t("seat.player", { n: seat });
    return this.t("seat.computer", { n: seat });
  }

  /** @param {string} code */
  card(code) {
    return (this.M.names && this.M.names[code]) || code;
  }

  /** @param {string} code */
  isCard(code) {
    return Boolean(this.M.names && code in this.M.names);
  }

  /** Card names as the language lists them ("a, b and c"; "a、b和c"). @param {string[]} codes */
  cards(codes) {
    return this.list(codes.map((code) => this.card(code)));
  }

  /** @param {string[]} items */
  list(items) {
    return this.lists.format(items);
  }

  /**
   * What the server says the client needs to word `game`'s values (engine/display.py): `unit`,
   * the count key of a value; `tun`, whether a win is also counted in tun.
   * @param {string} game @returns {{unit: string, tun: boolean}}
   */
  display(game) {
    return (this.M.display && this.M.display[game]) || { unit: "points", tun: false };
  }

  /** A group's value in the game's unit ("1 point", "6 huxi"). @param {string} game @param {number} n */
  value(game, n) {
    return this.count(this.display(game).unit, n);
  }

  /** A win's value: in the game's unit, and in tun where the game counts them.
   * @param {string} game @param {{score?: number, huxi?: number, tun?: number}} win */
  winValue(game, win) {
    const d = this.display(game);
    if (!d.tun) return this.count(d.unit, win.score ?? 0);
    return this.t("value.huxi_tun", { huxi: this.count(d.unit, win.huxi ?? 0), tun: this.count("tun", win.tun ?? 0) });
  }
}
