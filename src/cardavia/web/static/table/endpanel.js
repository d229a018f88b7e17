// @ts-check
// The end of the deal, taught: who won and with which card (marked), each of the winner's groups
// with its name and value, the sum, where the game counts tun the huxi -> tun step and the payments with their
// sign and unit, every hand labelled; a draw says why. Values are looked up in the page's group
// table (web/live/scoring.py) and the total is the engine's (`outcome.score`).

import { el, readGroup } from "./cards.js";

export class EndPanel {
  /**
   * @param {HTMLElement} box @param {import("./words.js").Words} words @param {import("./cards.js").CardArt} art
   * @param {string} game @param {Record<string, {name: string, value: number}>} groups
   */
  constructor(box, words, art, game, groups) {
    this.box = box;
    this.words = words;
    this.art = art;
    this.game = game;
    this.groups = groups;
    /** At a table for friends: its people and score (table/company.js). @type {import("./company.js").Company | null} */
    this.company = null;
    /** The game's levels, each with its name (the page's `data-levels`). @type {Record<string, string>} */
    this.levels = {};
  }

  hide() {
    this.box.hidden = true;
    this.box.replaceChildren();
  }

  /** @param {any} state */
  show(state) {
    const w = this.words;
    const result = state.outcome;
    const won = result.winner !== null && result.winner !== undefined;
    const title = won ? w.about("end.winner", result.winner) : w.t("end.draw");
    const box = this.box;
    box.replaceChildren(el("h2", { id: "end-title", text: title }));
    if (!won) {
      box.append(el("p", { class: "end-why", text: w.t("end.draw_why") }));
    } else {
      if (result.card) {
        box.append(el("p", { class: "winning-card" },
          el("span", { class: "label", text: w.t("end.card") }),
          this.art.row([result.card], { label: w.t("end.card"), marked: 0 })));
      } else {
        box.append(el("p", { class: "end-why", text: w.t("end.tianhu") }));
      }
      box.append(this.scoreTable(result));
      if (w.display(this.game).tun) {
        box.append(el("p", { class: "tun-step", text: w.t("end.tun_step", { huxi: w.value(this.game, result.score), tun: w.count("tun", result.tun) }) }),
          el("p", { class: "tun-rule", text: w.t("end.tun_rule") }));
      }
    }
    if (Array.isArray(result.payments)) {
      const list = el("ul", { class: "payments", "aria-labelledby": "end-payments" });
      result.payments.forEach((/** @type {number} */ amount, /** @type {number} */ s) => {
        list.append(el("li", { class: amount > 0 ? "plus" : amount < 0 ? "minus" : "zero" },
          el("span", { class: "who", text: w.seat(s) }),
          el("span", { class: "amount", text: w.signed("tun", amount) })));
      });
      box.append(el("h3", { id: "end-payments", text: w.t("end.payments") }), list);
    }
    if (this.company) box.append(this.company.scoreList());
    if (!state.lesson) {
      const standing = el("div", { class: "standing", "aria-live": "polite" });
      box.append(standing);
      this.standing(standing, String(state.record_url).replace(/\/record$/, "/par"), 0);
    }
    box.append(this.hands(state));
    box.append(this.buttons(state));
    box.hidden = false;
  }

  /**
   * The player's result against par, the evening's totals and, for a shared deal played again,
   * the original's: asked of the server until the par is known (it is worked out after the end).
   * @param {HTMLElement} box @param {string} url @param {number} tries
   */
  standing(box, url, tries) {
    const w = this.words;
    fetch(url, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((/** @type {any} */ body) => {
        if (!body || !box.isConnected) return;
        const f = (/** @type {number | null} */ n) => (n === null ? "–" : w.signedNumber(Math.round(n * 100) / 100));
        box.replaceChildren(el("h3", { id: "end-par", text: w.t("end.par_title") }));
        if (body.par === null) {
          box.append(el("p", { text: w.t("end.par_pending") }));
          if (tries < 40) setTimeout(() => this.standing(box, url, tries + 1), 3000);
        } else {
          box.append(el("p", { class: "par", text: w.t("end.par", { result: f(body.result), par: f(body.par), above: f(body.above_par) }) }));
        }
        if (body.original) {
          box.append(el("p", { class: "original", text: w.t("end.original", { result: f(body.original.result), par: f(body.original.par) }) }));
        }
        if (body.evening.deals > 1) {
          box.append(el("p", { class: "evening", text: w.countWith("evening", body.evening.deals, { result: f(body.evening.result) }) }));
        }
        box.append(el("p", {}, el("a", { class: "button secondary", href: "/me", text: w.t("end.my_deals") })));
      })
      .catch(() => {});
  }

  /** The winner's groups, each with its name and value (the winning card marked), then the sum. @param {any} result */
  scoreTable(result) {
    const w = this.words;
    const box = el("section", { class: "score", "aria-labelledby": "end-groups" },
      el("h3", { id: "end-groups", text: w.t("end.groups") }));
    const list = el("ol", { class: "score-groups" });
    let markedOnce = false;
    /** @type {number[]} */
    const values = [];
    for (const text of result.groups || []) {
      const entry = this.groups[text];
      const { codes } = readGroup(text, (c) => w.isCard(c));
      const at = !markedOnce && result.card ? codes.indexOf(result.card) : -1;
      if (at >= 0) markedOnce = true;
      const value = entry ? entry.value : 0;
      values.push(value);
      const name = entry ? entry.name : text;
      list.append(el("li", { class: at >= 0 ? "winning" : null },
        this.art.row(codes, { label: w.t("group.kind_cards", { kind: name, cards: w.cards(codes) }), marked: at }),
        el("span", { class: "name", text: name }),
        el("span", { class: "num", "data-value": value, text: w.value(this.game, value) })));
    }
    const sum = w.t("end.sum", { terms: values.map((v) => w.number(v)).join(" + "), total: w.value(this.game, result.score) });
    box.append(list, el("p", { class: "total" },
      el("span", { class: "label", text: w.t("end.total") }), el("span", { class: "sum", text: sum })));
    return box;
  }

  /** Every hand, labelled with its seat. @param {any} state */
  hands(state) {
    const w = this.words;
    const box = el("div", { class: "hands" }, el("h3", { text: w.t("end.hands") }));
    state.view.seats.forEach((/** @type {any} */ info, /** @type {number} */ s) => {
      if (!Array.isArray(info.hand)) return;
      const label = w.seat(s);
      box.append(el("div", { class: "hand-row" },
        el("span", { class: "label", text: label }),
        info.hand.length
          ? this.art.row(info.hand, { label: s === w.me ? w.t("table.your_hand") : w.t("end.hand_of", { seat: label }) })
          : el("span", { class: "empty", text: w.t("end.hand_empty") })));
    });
    return box;
  }

  /** @param {any} state */
  buttons(state) {
    const w = this.words;
    const company = this.company;
    // After a lesson, a real deal starts at the level the game page offers first (normal).
    const level = state.lesson ? ("normal" in this.levels ? "normal" : Object.keys(this.levels)[0]) : state.difficulty;
    const deal = (/** @type {string} */ tier, /** @type {string} */ text, /** @type {string} */ kind) => el(
      "form", { method: "post", action: `/games/${this.game}/start`, class: kind },
      el("input", { type: "hidden", name: "difficulty", value: tier }),
      el("button", { type: "submit", class: kind === "new-deal" ? "button" : "button secondary", text }));
    const again = company ? el("p", { class: "next-deal" },
      el("button", { type: "button", class: "button", "data-role": "next", text: w.t("friends.next"), onclick: () => company.send({ type: "next" }) }),
      el("small", { text: w.t("friends.next_note") }))
      : deal(level, w.t(state.lesson ? "lesson_ui.real_deal" : "end.new_deal"), "new-deal");
    const others = Object.entries(this.levels).filter(([tier]) => tier !== level);
    const elsewhere = company || state.lesson || !others.length ? null : el("div", { class: "other-levels" },
      el("span", { text: w.t("end.other_level") }),
      ...others.map(([tier, name]) => deal(tier, name, "other-level")));
    const next = state.lesson_next ? el("form", { method: "post", action: `/games/${this.game}/learn`, class: "next-lesson" },
      el("input", { type: "hidden", name: "lesson", value: state.lesson_next }),
      el("button", { type: "submit", class: "button secondary", text: w.t("lesson_ui.next") })) : null;
    const download = el("a", { class: "button secondary download", href: state.record_url, download: "", text: w.t("end.download") });
    const reviewUrl = String(state.record_url).replace(/\/record$/, "/review"); // the deal's review page
    const review = el("a", { class: "button review-link", href: reviewUrl, text: w.t("end.review") });
    return el("div", { class: "end-actions" }, again, next, review, download, elsewhere);
  }
}
