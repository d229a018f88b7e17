// @ts-check
// The felt above the player's hand: the other seats around the table in turn order (you at the
// bottom, the next player on your right: play goes anticlockwise), the stock and the turn order
// in the middle, and the player's own groups. Drawn from the seat's view only.

import { el, readGroup } from "./cards.js";

/** Face-down melds of another seat: its kind word alone (PROTOCOL.md view). */
const HIDDEN_SIZE = /** @type {Record<string, number>} */ ({ ti: 4, pao: 4, wei: 3, kan: 3 });

/**
 * Where `seat` sits for the human in `me`: "me" at the bottom, "right" (plays after him), "top"
 * (opposite, four seats), "left" (plays before him).
 * @param {number} seat @param {number} me @param {number} n
 */
export function place(seat, me, n) {
  const d = (seat - me + n) % n;
  if (d === 0) return "me";
  if (d === 1) return "right";
  return n === 4 && d === 2 ? "top" : "left";
}

/** Cards in a seat's hand, from its view entry. @param {any} info */
export function handSize(info) {
  if (Array.isArray(info.hand)) return info.hand.length;
  return Number(info.hand_count ?? info.hand) || 0;
}

/**
 * The seat whose special claims matter now: the one after the owner of the public card, or
 * after the seat that must discard. @param {any} view @param {number} n
 */
export function nextPlayer(view, n) {
  if (view.public) return (view.public.owner + 1) % n;
  const discarding = (view.to_act || []).length === 1 && !view.public ? view.to_act[0] : null;
  return discarding === null ? null : (discarding + 1) % n;
}

export class Board {
  /**
   * @param {{seats: HTMLElement, centre: HTMLElement, mine: HTMLElement}} parts
   * @param {import("./words.js").Words} words @param {import("./cards.js").CardArt} art @param {string} game
   */
  constructor(parts, words, art, game) {
    this.parts = parts;
    this.words = words;
    this.art = art;
    this.game = game;
    /** Seats whose panel the player opened on a phone. @type {Set<number>} */
    this.expanded = new Set();
    /** Draw every hand the view holds, the player's too (the review's replay; the live table
     * shows the others' hands only at the end, the player's in the dock). */
    this.showHands = false;
  }

  /**
   * @param {any} state the frame's state message
   * @param {{acted: number | null, last: Map<number, string>}} marks who moved last, each seat's last move
   */
  render(state, marks) {
    const view = state.view;
    const n = view.seats.length;
    const me = state.seat;
    const over = state.outcome !== null && state.outcome !== undefined;
    const next = over ? null : nextPlayer(view, n);
    const order = [1, 2, 3].slice(0, n - 1).map((d) => (me + d) % n);
    this.parts.seats.replaceChildren(...order.map((s) => this.seat(view, s, me, n, next, marks, over)));
    this.parts.seats.dataset.count = String(n);
    this.renderCentre(view, me, n);
    const mine = this.body(view.seats[me], me, this.showHands);
    const badges = this.badges(view, me, next, over);
    this.parts.mine.replaceChildren(
      ...(badges.childElementCount ? [el("p", { class: "mine-head" }, el("span", { class: "name", text: this.words.seat(me) }), badges)] : []),
      mine,
    );
    this.parts.mine.classList.toggle("acted", marks.acted === me);
  }

  /**
   * A seat's marks: dealer, next player (whose special claims matter now), discarding, dead hand.
   * @param {any} view @param {number} s @param {number | null} next @param {boolean} over
   */
  badges(view, s, next, over) {
    const w = this.words;
    const badges = el("span", { class: "badges" });
    if (view.dealer === s) badges.append(el("span", { class: "badge dealer", text: w.t("badge.dealer") }));
    if (next === s) {
      badges.append(el("span", {
        class: "badge next", text: w.t("badge.next"), title: w.t(`badge.next.${this.game}`),
      }));
    }
    if (!view.public && (view.to_act || []).includes(s) && !over && s !== w.me) {
      badges.append(el("span", { class: "badge acting", text: w.t("badge.discarding") }));
    }
    if (view.seats[s].dead) badges.append(el("span", { class: "badge dead", text: w.t("badge.dead_hand") }));
    return badges;
  }

  /**
   * @param {any} view @param {number} s @param {number} me @param {number} n @param {number | null} next
   * @param {{acted: number | null, last: Map<number, string>}} marks @param {boolean} over
   */
  seat(view, s, me, n, next, marks, over) {
    const w = this.words;
    const info = view.seats[s];
    const where = place(s, me, n);
    const title = `seat-title-${s}`;
    const badges = this.badges(view, s, next, over);
    const open = this.expanded.has(s);
    const toggle = el("button", {
      type: "button", class: "expand", "aria-expanded": open ? "true" : "false",
      "aria-controls": `seat-body-${s}`, "aria-label": w.t("seat.more"), title: w.t("seat.more"),
      onclick: () => {
        if (this.expanded.has(s)) this.expanded.delete(s);
        else this.expanded.add(s);
        const now = this.expanded.has(s);
        toggle.closest(".seat")?.classList.toggle("open", now);
        toggle.setAttribute("aria-expanded", now ? "true" : "false");
      },
    }, el("span", { class: "chevron", "aria-hidden": "true" }));
    const size = handSize(info);
    // On a phone the strip shows the number alone; the whole phrase stays for screen readers.
    const count = el(
      "span", { class: "count", "data-key": `hand-${s}` },
      el("span", { class: "count-back", "aria-hidden": "true" }),
      el("span", { class: "count-n", "aria-hidden": "true", text: w.number(size) }),
      el("span", { class: "count-text", text: w.count("cards_in_hand", size) }),
    );
    const panel = el(
      "section",
      {
        class: `seat seat-${where}${open ? " open" : ""}${marks.acted === s ? " acted" : ""}`,
        "data-seat": s, "aria-labelledby": title,
      },
      el("header", { class: "seat-head" },
        el("h3", { id: title, text: w.seat(s) }),
        el("span", { class: "relation", text: w.t(`seat.${where}`) }),
        badges, count, toggle),
    );
    const last = marks.last.get(s);
    if (last) panel.append(el("p", { class: "last-move", text: last }));
    const body = this.body(info, s, (over || this.showHands) && s !== me);
    body.id = `seat-body-${s}`;
    panel.append(body);
    return panel;
  }

  /** A seat's public rows: its hand at the end, melds, discards, chou, face-up card. @param {any} info @param {number} s @param {boolean} showHand */
  body(info, s, showHand) {
    const w = this.words;
    const body = el("div", { class: "seat-body" });
    if (showHand && Array.isArray(info.hand)) {
      body.append(el("div", { class: "row hand-row" }, el("span", { class: "label", text: w.t("table.hand") }),
        this.art.row(info.hand, { label: w.t("table.hand") })));
    }
    if (info.shown) {
      body.append(el("div", { class: "row shown" }, el("span", { class: "label", text: w.t("table.shown") }),
        this.art.row([info.shown], { label: w.t("table.shown") })));
    }
    if (info.melds && info.melds.length) {
      const melds = el("div", { class: "row melds", role: "group", "aria-label": w.t("table.melds") });
      info.melds.forEach((/** @type {string} */ text, /** @type {number} */ i) => melds.append(this.meld(text, `meld-${s}-${i}`)));
      body.append(melds);
    }
    if (info.discards && info.discards.length) {
      const key = `table.discards.${this.game}`;
      body.append(el("div", { class: "row discards" }, el("span", { class: "label", text: w.t(key) }),
        this.art.row(info.discards, {
          label: w.t(key), keys: info.discards.map((/** @type {string} */ _c, /** @type {number} */ i) => `discard-${s}-${i}`),
        })));
    }
    if (info.chou && info.chou.length) {
      const chou = w.t(s === w.me ? "table.chou.you" : "table.chou"); // the player's own row speaks to him
      body.append(el("div", { class: "row chou" },
        el("span", { class: "label", text: chou }),
        this.art.row(info.chou, { label: chou })));
    }
    return body;
  }

  /** One exposed group, with its kind where the group names one. @param {string} text @param {string} key */
  meld(text, key) {
    const w = this.words;
    const { kind, codes } = readGroup(text, (c) => w.isCard(c));
    const label = kind ? (this.words.M.kinds && this.words.M.kinds[kind]) || kind : "";
    const box = el("span", { class: "group", "data-kind": kind || null, "data-key": key });
    if (label) box.append(el("span", { class: "kind", text: label }));
    if (!codes.length && kind in HIDDEN_SIZE) box.append(this.art.backs(HIDDEN_SIZE[kind]));
    else box.append(this.art.row(codes, { label: label ? w.t("group.kind_cards", { kind: label, cards: w.cards(codes) }) : w.cards(codes) }));
    return box;
  }

  /** The stock and the turn order. @param {any} view @param {number} me @param {number} n */
  renderCentre(view, me, n) {
    const w = this.words;
    const order = el("ol", { class: "turn-order", "aria-label": w.t("table.turn_order") });
    for (let d = 0; d <= n; d += 1) {
      const s = (me + d) % n;
      order.append(el("li", { class: s === view.dealer ? "dealer" : null }, w.seat(s)));
    }
    this.parts.centre.replaceChildren(
      el("div", { class: "stock" },
        el("span", { class: "stock-pile", "data-key": "stock", "aria-hidden": "true" }),
        el("span", { class: "stock-count", "data-role": "stock", text: w.count("stock", view.stock) })),
      el("div", { class: "direction" },
        el("span", { class: "arrow", "aria-hidden": "true", text: "↺" }),
        el("span", { class: "label", text: w.t("table.direction") })),
      order,
    );
  }
}
