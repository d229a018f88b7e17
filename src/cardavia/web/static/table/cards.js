// @ts-check
// Card pictures: one SVG symbol per card from the game's sprite (web/pages/art.py), named for screen
// readers, and the rows and groups the table is made of. Elements carry `data-key` where a card
// may move from one step to the next, so motion.js can animate it.

const SVG = "http://www.w3.org/2000/svg";

/**
 * Create an element. Attributes `text` (text content) and `on<event>` (listeners) are special;
 * null, undefined and false attributes are left out.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export class CardArt {
  /** @param {import("./words.js").Words} words @param {string} game @param {string} sprite */
  constructor(words, game, sprite) {
    this.words = words;
    this.game = game;
    this.sprite = sprite;
  }

  /**
   * One card. `marked`: the public card inside a group (a ring and a star, not colour alone).
   * @param {string} code @param {{marked?: boolean, key?: string, label?: string}} [opts]
   */
  card(code, opts = {}) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", opts.marked ? "card marked" : "card");
    svg.setAttribute("viewBox", "0 0 40 64");
    svg.setAttribute("role", "img");
    const name = opts.label || this.words.card(code);
    svg.setAttribute("aria-label", name);
    svg.dataset.card = code;
    if (opts.key) svg.dataset.key = opts.key;
    const title = document.createElementNS(SVG, "title");
    title.textContent = name;
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `${this.sprite}#${this.game}-${code}`);
    svg.append(title, use);
    return svg;
  }

  /** Face-down cards, named for screen readers. @param {number} n @param {string} [key] */
  backs(n, key) {
    const row = el("span", { class: "cards-row backs", role: "img", "aria-label": this.words.count("face_down", n) });
    if (key) row.dataset.key = key;
    for (let i = 0; i < n; i += 1) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "card back");
      svg.setAttribute("viewBox", "0 0 40 64");
      svg.setAttribute("aria-hidden", "true");
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", `${this.sprite}#${this.game}-back`);
      svg.append(use);
      row.append(svg);
    }
    return row;
  }

  /**
   * A row of cards, a list for screen readers (or only a picture, `decorative`, where the text
   * beside it names the cards). `marked`: the index of the card to mark; `keys`: a key per card.
   * @param {string[]} codes
   * @param {{label?: string, marked?: number, keys?: string[], key?: string, decorative?: boolean}} [opts]
   */
  row(codes, opts = {}) {
    if (opts.decorative) {
      const row = el("span", { class: "cards-row", "aria-hidden": "true" });
      codes.forEach((code, i) => row.append(this.place(this.card(code, { marked: i === opts.marked }), i === opts.marked)));
      return row;
    }
    const row = el("span", { class: "cards-row", role: "list", "aria-label": opts.label || null });
    if (opts.key) row.dataset.key = opts.key;
    codes.forEach((code, i) => {
      const marked = i === opts.marked;
      const label = marked ? this.words.t("card.public", { card: this.words.card(code) }) : undefined;
      row.append(el("span", { role: "listitem", class: marked ? "marked-card" : null }, this.card(code, { marked, label, key: opts.keys?.[i] })));
    });
    return row;
  }

  /** A card in its place; the marked one gets a star beside its ring. @param {SVGElement} card @param {boolean} marked */
  place(card, marked) {
    return marked ? el("span", { class: "marked-card" }, card) : card;
  }
}

/** A small padlock: a card that cannot be discarded (a shape, not colour alone). */
export function lockIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "lock");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M4.5 7V5a3.5 3.5 0 0 1 7 0v2h1v7h-9V7h1zm1.6 0h3.8V5a1.9 1.9 0 0 0-3.8 0v2z");
  svg.append(path);
  return svg;
}

/** A group's text ("peng s9 s9 s9", "RC RH RN") as its kind word and its cards. @param {string} text @param {(code: string) => boolean} isCard */
export function readGroup(text, isCard) {
  const words = text.split(" ").filter(Boolean);
  const kind = words.length && !isCard(words[0]) ? words[0] : "";
  return { kind, codes: kind ? words.slice(1) : words };
}
