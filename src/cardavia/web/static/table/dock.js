// @ts-check
// The decision strip and the hand, pinned to the bottom of the screen: the public card with its
// caption (who showed it and how), what to do now, why the last card could not be taken, the
// countdown, one button per legal action (Pass always first, in the same place) and the hand
// (its cards are the discard buttons on a discard turn; those that cannot be discarded carry a
// lock), with the cards the player waits for above it (the server's `waits`) and, when the setting
// allows, a hint button: the hard tier's choice (the server's `hint`) is marked and its reason said.
// Every button is one of the server's legal actions, sent back as it is. At a lesson table (a guided
// deal) the dock also holds the lesson's tip beside the prompt, with "Continue" when the table waits
// for it to be read and the answer to a refused move; the lesson's move is outlined, and a card that
// cannot be discarded may still be tried (the server says why not).

import { el, lockIcon } from "./cards.js";
import { describeAction } from "./describe.js";
import { priorityKey, reasonKey, reasonParams } from "./logbook.js";

/** @param {string} action */
const isDiscard = (action) => action.startsWith("discard ");

export class Dock {
  /**
   * @param {{public: HTMLElement, prompt: HTMLElement, notice: HTMLElement, countdown: HTMLElement,
   *          actions: HTMLElement, hand: HTMLElement, waits: HTMLElement, hint: HTMLButtonElement,
   *          hintText: HTMLElement, tip: HTMLElement}} parts
   * @param {import("./words.js").Words} words @param {import("./cards.js").CardArt} art
   * @param {string} game @param {Record<string, {name: string, value: number}>} groups
   * @param {(action: string) => void} act
   */
  constructor(parts, words, art, game, groups, act) {
    this.parts = parts;
    this.words = words;
    this.art = art;
    this.game = game;
    this.groups = groups;
    this.act = act;
    this.countdownTimer = 0;
    /** The deadline of the frame whose time is shown, and the time left while paused. @type {{v: number, total: number, deadline: number, left: number | null} | null} */
    this.clock = null;
    /** Which hand card had the focus last (roving tabindex). */
    this.handIndex = 0;
    /** The win each asking frame offers, once the server has said (frame v -> preview). @type {Map<number, any>} */
    this.wins = new Map();
    /** Are the waits shown, is the hint button offered (the table's settings)? */
    this.waitsOn = true;
    this.hintsOn = false;
    /** The last hint the server gave (its `window` says which decision), and the decision asked about. @type {any} */
    this.hint = null;
    /** @type {number | null} */
    this.hintAsked = null;
    /** A lesson's answer to the last refused move, shown under its tip until the next frame. */
    this.lessonNote = "";
    /** The tip's Continue was pressed for this frame (its button stays off). @type {number | null} */
    this.continued = null;
    /** Called by the tip's Continue. */
    this.onContinue = () => {};
    /** The last action the player sent (a refusal is read with it). */
    this.lastTried = "";
    /** The window whose invited move the player has tried (and the rules refused). @type {number | null} */
    this.triedWindow = null;
  }

  /** The params of a lesson's tip in words: seats named, cards named, numbers as the language writes them. @param {Record<string, any>} params */
  tipWords(params) {
    const w = this.words;
    /** @type {Record<string, any>} */
    const out = {};
    for (const [key, value] of Object.entries(params || {})) {
      if (typeof value === "number" && ["seat", "owner", "dealer", "winner", "by"].includes(key)) out[key] = w.seat(value);
      else if (typeof value === "number") out[key] = w.number(value);
      else if (typeof value === "string" && w.isCard(value)) out[key] = w.card(value);
      else if (Array.isArray(value) && value.every((v) => typeof v === "string" && w.isCard(v))) out[key] = w.cards(value);
      else out[key] = value;
    }
    return out;
  }

  /** A lesson tip (`{key, params}`) as one sentence. @param {{key: string, params?: Record<string, any>}} tip */
  tipText(tip) {
    return this.words.t(tip.key, this.tipWords(tip.params || {}));
  }

  /** Does the lesson hold the table on this frame until its tip is read? @param {import("../wire").StateMessage} state */
  holding(state) {
    return Boolean(state.lesson && state.tip && state.tip.hold);
  }

  /**
   * The lesson's tip beside the prompt (its moves are right below), the answer to a refused move
   * under it, and "Continue" when the table waits for it. @param {import("../wire").StateMessage} state @param {boolean} live
   */
  renderTip(state, live) {
    const box = this.parts.tip;
    if (!box) return;
    const tip = state.lesson ? state.tip : null;
    if (!state.lesson || (!tip && !this.lessonNote)) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const w = this.words;
    const body = el("div", { class: "tip-body" });
    if (tip) body.append(el("p", { class: "tip-text", "data-tip": tip.key, text: this.tipText(tip) }));
    if (this.lessonNote) body.append(el("p", { class: "tip-note", text: this.lessonNote }));
    box.replaceChildren(el("span", { class: "tip-title", text: w.t("lesson_ui.title") }), body);
    if (tip && tip.hold) {
      box.append(el("button", {
        type: "button", class: "button tip-continue", text: w.t("lesson_ui.continue"),
        disabled: !live || this.continued === state.v,
        onclick: () => { this.continued = state.v; this.onContinue(); },
      }));
    }
    box.hidden = false;
    // The answer to what he just tried is what he reads next: in view even when the tip scrolls.
    if (this.lessonNote) body.scrollTop = body.scrollHeight;
  }

  /**
   * A refused move at a lesson table in words: the lesson's own tip when it invited that move,
   * else the catalogue's why-not words for the engine's reason code, else the message's text.
   * @param {any} message @param {string} game
   */
  refusalText(message, game) {
    const w = this.words;
    if (message.tip) return this.tipText(message.tip);
    const reason = message.reason;
    if (message.key === "error.illegal" && reason && reason.code) {
      const p = reason.params || {};
      if (["cannot_discard", "kan_locked"].includes(reason.code) && this.lastTried.startsWith("discard ")) {
        const locked = `hand.locked.${game}`;
        if (w.has(locked)) return w.t(locked);
      }
      const key = reasonKey({ ...p, reason: reason.code }, (k) => w.has(k));
      if (key) return w.t(key, reasonParams(p, w));
    }
    return message.text || w.t(message.key);
  }

  /** The hint for the decision on screen, if the server has answered it. @param {import("../wire").StateMessage} state */
  hintFor(state) {
    return this.hint && state.window !== null && this.hint.window === state.window ? this.hint : null;
  }

  /**
   * Draw the strip for the frame on screen. Its buttons stay in place but are off once the player
   * has answered or while the connection is down. @param {import("../wire").StateMessage} state @param {{answered: boolean, offline: boolean, paused?: boolean}} status
   */
  render(state, status) {
    const over = state.outcome !== null && state.outcome !== undefined;
    const legal = over ? [] : state.legal;
    const live = !status.answered && !status.offline;
    this.renderPublic(state);
    this.renderPrompt(state, live ? legal : [], status, over);
    this.renderNotice(state);
    this.renderActions(state, legal, live);
    this.renderHand(state, legal, over, live);
    this.renderCountdown(state, live ? legal : [], Boolean(status.paused));
    this.renderWaits(state, over);
    this.renderHint(state, live ? legal : []);
    this.renderTip(state, !status.offline);
  }

  /**
   * The cards that would complete the player's holding, each with its score and the copies he has
   * not seen (the server counts them from his view alone). @param {import("../wire").StateMessage} state @param {boolean} over
   */
  renderWaits(state, over) {
    const w = this.words;
    const box = this.parts.waits;
    const waits = Array.isArray(state.waits) ? state.waits : [];
    if (!this.waitsOn || over || !waits.length) {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    const items = waits.map((/** @type {import("../wire").Wait} */ wait) => {
      const { value, note } = this.waitValue(wait);
      const unseen = w.count("unseen_copies", wait.unseen);
      const card = w.card(wait.card);
      const label = note ? w.t("waits.item_note", { card, value, note, unseen }) : w.t("waits.item", { card, value, unseen });
      return el("li", { class: wait.unseen ? "wait" : "wait none-left", "data-card": wait.card, "aria-label": label, title: label },
        this.art.card(wait.card, { label: card }),
        el("span", { class: "wait-value", "aria-hidden": "true", text: value }),
        note ? el("span", { class: "wait-note", "aria-hidden": "true", text: note }) : null,
        el("span", { class: "wait-unseen", "aria-hidden": "true", text: unseen }),
        el("span", { class: "wait-count", "aria-hidden": "true", text: w.number(wait.unseen) }));
    });
    // Many cards: each one short (its card, value and unseen copies as a number; the whole sentence
    // is its label and title), so the strip stays a line or two above the hand.
    box.classList.toggle("many", waits.length > 4);
    box.replaceChildren(el("span", { class: "waits-title", text: w.t("waits.title") }), el("ul", { class: "waits-list" }, ...items));
    box.hidden = false;
  }

  /**
   * What a waited-for card scores: in the game's unit, or huxi and tun where the game counts tun (another seat's reveal),
   * with a note when only the player's own reveal wins or scores otherwise. @param {import("../wire").Wait} wait
   * @returns {{value: string, note: string}}
   */
  waitValue(wait) {
    const w = this.words;
    if (!w.display(this.game).tun) return { value: w.value(this.game, wait.score ?? 0), note: "" };
    const worth = (/** @type {any} */ way) => w.winValue(this.game, way);
    if (!wait.other) return { value: worth(wait.own), note: w.t("waits.own_only") };
    if (wait.own && (wait.own.huxi !== wait.other.huxi || wait.own.tun !== wait.other.tun)) {
      return { value: worth(wait.other), note: w.t("waits.own", { value: worth(wait.own) }) };
    }
    return { value: worth(wait.other), note: "" };
  }

  /** The hint button, and the hint's two sentences once the server has answered. @param {import("../wire").StateMessage} state @param {string[]} legal */
  renderHint(state, legal) {
    const w = this.words;
    const button = this.parts.hint;
    const text = this.parts.hintText;
    const open = this.hintsOn && legal.length > 0;
    const hint = this.hintFor(state);
    button.hidden = !open || hint !== null; // answered: its words take the button's place
    button.disabled = !open || this.hintAsked === state.window;
    button.textContent = this.hintAsked === state.window && !hint ? w.t("hint.asking") : w.t("hint.ask");
    if (!open || !hint) {
      text.replaceChildren();
      return;
    }
    text.replaceChildren(el("span", { class: "hint-action", text: this.hintAction(hint.action, state) }), " ",
      el("span", { class: "hint-reason", text: this.hintReason(hint.reason || {}) }));
  }

  /** What the computer would do, in one sentence. @param {string} action @param {import("../wire").StateMessage} state */
  hintAction(action, state) {
    const w = this.words;
    if (action === "pass") return w.t("hint.pass");
    if (isDiscard(action)) return w.t("hint.discard", { card: w.card(action.slice(8)) });
    const pub = state.view.public ? state.view.public.card : null;
    const verb = describeAction(action, { game: this.game, pub, groups: this.groups }).verb;
    const key = `action.${verb}`;
    return w.t("hint.claim", { button: w.t(w.has(key) ? key : "action.other", { action }) });
  }

  /** The hint's reason (its code and params from the server) as one whole sentence. @param {{key?: string, params?: Record<string, any>}} reason */
  hintReason(reason) {
    const w = this.words;
    const code = String(reason.key || "").replace(/^hint\./, "");
    const p = reason.params || {};
    const card = typeof p.card === "string" ? w.card(p.card) : "";
    switch (code) {
      case "ready": return w.count(`hint.${code}`, p.outs);
      case "claim_closer":
        // A claim the hard tier makes though it brings the hand no closer (for its value) says so.
        return p.after < p.before
          ? w.countWith(`hint.${code}`, p.after, { before: w.number(p.before) })
          : w.count("no_closer", p.after);
      case "pass_keeps": return w.count(`hint.${code}`, p.missing);
      case "discard_least": return w.countWith(`hint.${code}`, p.missing, { card });
      default: return w.has(`hint.${code}`) ? w.t(`hint.${code}`, { card }) : "";
    }
  }

  /** @param {import("../wire").StateMessage} state */
  renderPublic(state) {
    drawPublic(this.parts.public, state.view, this.words, this.art, this.game);
  }

  /** @param {import("../wire").StateMessage} state @param {string[]} legal @param {{answered: boolean, offline: boolean, paused?: boolean}} status @param {boolean} over */
  renderPrompt(state, legal, status, over) {
    const w = this.words;
    const view = state.view;
    let text;
    if (status.offline) text = w.t("prompt.reconnecting");
    else if (over) text = w.t("prompt.over");
    else if (status.paused && !legal.length) text = w.t("prompt.paused");
    else if (this.holding(state) && !legal.length) text = w.t("lesson_ui.read");
    else if (status.answered) text = w.t("prompt.answered");
    else if (legal.some(isDiscard)) text = w.t(`prompt.discard.${this.game}`);
    else if (legal.includes("tianhu")) text = w.t("prompt.tianhu");
    else if (legal.includes("win")) text = w.t("prompt.win");
    else if (legal.includes("pass")) text = w.t(`prompt.claim.${this.game}`);
    else if (legal.length) text = w.t("prompt.choose");
    else if (!view.public && (view.to_act || []).length === 1) text = w.about("prompt.discarding", (view.to_act || [])[0]);
    else text = w.t("prompt.waiting");
    this.parts.prompt.textContent = text;
    this.parts.prompt.dataset.asked = legal.length ? "true" : "false";
  }

  /** Why the player could not take this card, or why his claim lost (the server's reason codes). @param {import("../wire").StateMessage} state */
  renderNotice(state) {
    const w = this.words;
    const lines = [];
    for (const event of state.events || []) {
      const p = event.params || {};
      if (p.seat !== w.me) continue;
      const why = event.kind.endsWith(".why_not") ? reasonKey(p, (k) => w.has(k)) : null;
      if (why) lines.push(w.t(why, reasonParams(p, w)));
      if (event.kind.endsWith(".outranked")) lines.push(w.t(priorityKey(p, (k) => w.has(k)), { seat: w.seat(/** @type {number} */ (p.by)) }));
    }
    this.parts.notice.replaceChildren(...lines.map((text) => el("span", { class: "why", text })));
    this.parts.notice.hidden = !lines.length;
  }

  /** @param {import("../wire").StateMessage} state @param {string[]} legal @param {boolean} live */
  renderActions(state, legal, live) {
    const box = this.parts.actions;
    const pub = state.view.public ? state.view.public.card : null;
    const claims = legal.filter((a) => a !== "pass" && !isDiscard(a));
    claims.sort((a, b) => Number(b === "win") - Number(a === "win")); // Win first, then the server's order
    const pass = el("div", { class: "pass-slot" });
    if (legal.includes("pass")) pass.append(this.button("pass", pub, state, "P"));
    const list = el("div", { class: "claims" });
    claims.forEach((action, i) => list.append(this.button(action, pub, state, i < 9 ? String(i + 1) : "")));
    box.replaceChildren(pass, list);
    this.markLessonMove(box, state);
    box.hidden = !legal.length || legal.every(isDiscard);
    if (!live) for (const button of box.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (button).disabled = true;
  }

  /**
   * The move a lesson outlines: the one its tip invites the player to try (a move the rules refuse,
   * to show why) until he has tried it, then the lesson's own move. @param {import("../wire").StateMessage} state
   */
  lessonTarget(state) {
    if (!state.lesson) return null;
    if (state.lesson_try && this.triedWindow !== state.window) return state.lesson_try;
    return state.lesson_move || null;
  }

  /** Outline the lesson's move among `box`'s buttons. @param {HTMLElement} box @param {import("../wire").StateMessage} state */
  markLessonMove(box, state) {
    const target = this.lessonTarget(state);
    if (!target) return;
    const button = box.querySelector(`button[data-action="${CSS.escape(target)}"]`);
    if (button) button.classList.add("lesson-move");
  }

  /** One legal action's button. @param {string} action @param {string | null} pub @param {import("../wire").StateMessage} state @param {string} hotkey */
  button(action, pub, state, hotkey) {
    const w = this.words;
    const what = describeAction(action, { game: this.game, pub, groups: this.groups });
    const button = el("button", {
      type: "button", class: `action action-${what.verb}`, "data-action": action,
      onclick: () => this.act(action),
    });
    const verbKey = `action.${what.verb}`;
    button.append(el("span", { class: "verb", text: w.t(w.has(verbKey) ? verbKey : "action.other", { action }) }));
    for (const made of what.made) {
      const group = el("span", { class: made.bi ? "made bi" : "made" });
      if (made.bi) group.append(el("span", { class: "kind", text: w.t("action.bi") }));
      group.append(this.art.row(made.codes, { decorative: true, marked: made.marked }));
      button.append(group);
    }
    let value = what.total === null ? "" : w.value(this.game, what.total);
    if (what.verb === "win") value = this.winValue(state.v);
    if (value) button.append(el("span", { class: "value", text: value }));
    if (hotkey) button.append(el("kbd", { class: "hotkey", "aria-hidden": "true", text: hotkey }));
    let label = this.label(what, value, action);
    const hint = this.hintFor(state);
    if (hint && hint.action === action) {
      button.classList.add("hinted");
      button.prepend(el("span", { class: "hint-badge", "aria-hidden": "true", text: w.t("hint.badge") }));
      label = w.t("hint.marked", { label });
    }
    button.setAttribute("aria-label", label);
    return button;
  }

  /** The button's name for screen readers: one whole sentence. @param {import("./describe.js").Described} what @param {string} value @param {string} action */
  label(what, value, action) {
    return actionLabel(this.words, what, value, action);
  }

  /** The Win button's total, once the server has said. @param {number} v */
  winValue(v) {
    const win = this.wins.get(v);
    if (!win) return "";
    return this.words.winValue(this.game, win);
  }

  /** @param {import("../wire").StateMessage} state @param {string[]} legal @param {boolean} over @param {boolean} live */
  renderHand(state, legal, over, live) {
    const w = this.words;
    const box = this.parts.hand;
    const mine = (state.view.seats || [])[state.seat];
    const hand = Array.isArray(mine.hand) ? mine.hand : [];
    const discards = new Set(legal.filter(isDiscard).map((a) => a.slice(8)));
    const turn = discards.size > 0;
    const lesson = Boolean(state.lesson);
    let outlined = false;
    const lessonTarget = this.lessonTarget(state);
    box.classList.toggle("discard-turn", turn);
    box.setAttribute("aria-label", w.t(turn ? "table.hand.discard" : "table.your_hand"));
    /** @type {HTMLElement | null} */
    let run = null;
    let runKey = "";
    /** @type {Record<string, number>} */
    const seen = {};
    const items = [];
    const hint = this.hintFor(state);
    let hinted = hint && isDiscard(hint.action) ? hint.action.slice(8) : "";
    for (const code of hand) {
      if (!run || code[0] !== runKey) {
        run = el("span", { class: "hand-group", "data-group": code[0] });
        items.push(run);
        runKey = code[0];
      }
      const copy = seen[code] ?? 0;
      seen[code] = copy + 1;
      const key = `h-${code}-${copy}`;
      if (!turn) {
        run.append(this.art.card(code, { key }));
        continue;
      }
      const allowed = discards.has(code);
      const tried = allowed || lesson; // in a lesson a locked card may be tried: the server says why not
      const name = w.card(code);
      const button = el("button", {
        type: "button", class: allowed ? "card-button" : "card-button locked", tabindex: "-1", disabled: !live,
        "data-action": tried ? `discard ${code}` : null, "data-key": key,
        "aria-disabled": tried ? null : "true",
        "aria-label": w.t(allowed ? "hand.discard" : "hand.locked", { card: name }),
        title: w.t(allowed ? "hand.discard" : `hand.locked.${this.game}`, { card: name }),
        onclick: () => { if (tried) this.act(`discard ${code}`); },
      }, this.art.card(code, { label: name }));
      if (tried && !outlined && lessonTarget === `discard ${code}`) {
        outlined = true; // one copy is enough
        button.classList.add("lesson-move");
      }
      if (!allowed) button.append(lockIcon());
      if (allowed && code === hinted) {
        hinted = ""; // one copy is enough
        button.classList.add("hinted");
        button.setAttribute("aria-label", w.t("hint.marked", { label: w.t("hand.discard", { card: name }) }));
        button.append(el("span", { class: "hint-badge", "aria-hidden": "true", text: w.t("hint.badge") }));
      }
      run.append(button);
    }
    box.replaceChildren(...items);
    if (over) box.replaceChildren();
    const buttons = /** @type {HTMLButtonElement[]} */ ([...box.querySelectorAll("button.card-button")]);
    if (buttons.length) {
      const firstAllowed = buttons.findIndex((b) => !b.classList.contains("locked"));
      const lessonAt = buttons.findIndex((b) => b.classList.contains("lesson-move"));
      const at = lessonAt >= 0 ? lessonAt
        : buttons[this.handIndex] && !buttons[this.handIndex].classList.contains("locked")
          ? this.handIndex : Math.max(0, firstAllowed);
      buttons[at].tabIndex = 0;
    }
  }

  /**
   * The time left to answer: counted down from the frame's `countdown_ms` (a redraw of the same
   * frame keeps its deadline); while the table is paused it stands still, as the server's clock does.
   * @param {import("../wire").StateMessage} state @param {string[]} legal @param {boolean} paused
   */
  renderCountdown(state, legal, paused) {
    const w = this.words;
    const box = this.parts.countdown;
    window.clearInterval(this.countdownTimer);
    if (state.countdown_ms === null || state.countdown_ms === undefined || !legal.length) {
      box.hidden = true;
      return;
    }
    const now = performance.now();
    let clock = this.clock;
    if (!clock || clock.v !== state.v) {
      clock = { v: state.v, total: Math.max(1, state.countdown_ms), deadline: now + state.countdown_ms, left: null };
    }
    if (paused && clock.left === null) clock.left = Math.max(0, clock.deadline - now);
    if (!paused && clock.left !== null) {
      clock.deadline = now + clock.left;
      clock.left = null;
    }
    this.clock = clock;
    const { total } = clock;
    const bar = el("span", { class: "bar" });
    const text = el("span", { class: "text" });
    box.replaceChildren(bar, text);
    const tick = () => {
      const leftMs = clock.left ?? Math.max(0, clock.deadline - performance.now());
      const left = Math.ceil(leftMs / 1000);
      text.textContent = w.count("countdown", left);
      bar.style.setProperty("--left", String(leftMs / total));
      box.classList.toggle("urgent", left <= 5);
      if (leftMs <= 0) window.clearInterval(this.countdownTimer);
    };
    box.hidden = false;
    tick();
    if (clock.left === null) this.countdownTimer = window.setInterval(tick, 250);
  }

  /** Keyboard along the hand: arrows, Home and End move; Enter and Space press (the button's own). @param {KeyboardEvent} event */
  handKeys(event) {
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.parts.hand.querySelectorAll("button.card-button")]);
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (at < 0) return;
    const moves = /** @type {Record<string, number>} */ ({ ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: buttons.length - 1 });
    if (!(event.key in moves)) return;
    event.preventDefault();
    const to = Math.max(0, Math.min(buttons.length - 1, moves[event.key]));
    buttons[at].tabIndex = -1;
    buttons[to].tabIndex = 0;
    buttons[to].focus();
    this.handIndex = to;
  }
}

/**
 * The public card with its caption (who showed it and how), or the empty place and "no card".
 * @param {HTMLElement} box @param {any} view @param {import("./words.js").Words} w
 * @param {import("./cards.js").CardArt} art @param {string} game
 */
export function drawPublic(box, view, w, art, game) {
  const pub = view.public;
  if (!pub || !pub.card) {
    box.replaceChildren(el("span", { class: "no-card", "aria-hidden": "true" }),
      el("p", { class: "caption", text: w.t("caption.none") }));
    box.dataset.window = "";
    return;
  }
  const key = `caption.${game}.${pub.window}`;
  const caption = w.about(w.has(key) ? key : "caption.other", pub.owner, { card: w.card(pub.card) });
  box.dataset.window = pub.window;
  box.replaceChildren(
    art.card(pub.card, { key: "public", label: w.t("card.public", { card: w.card(pub.card) }) }),
    el("div", { class: "caption" },
      el("span", { class: "window-tag", text: w.t(`window.${game}.${pub.window}`) }),
      el("p", { class: "who", text: caption })),
  );
}

/**
 * A legal action in one whole sentence, as a screen reader reads its button (the review names
 * the options with it too). @param {import("./words.js").Words} w
 * @param {import("./describe.js").Described} what @param {string} value @param {string} action
 */
export function actionLabel(w, what, value, action) {
  const [first, ...bi] = what.made;
  const described = (/** @type {import("./describe.js").Made} */ m) => (m.name
    ? w.t("group.kind_cards", { kind: m.name, cards: w.cards(m.codes) }) : w.cards(m.codes));
  switch (what.verb) {
    case "pass": return w.t("action.pass");
    case "win": return value ? w.t("button.win", { value }) : w.t("action.win");
    case "take": return w.t("button.take", { group: described(first), value });
    case "chi":
      return bi.length
        ? w.t("button.chi_bi", { group: described(first), bi: w.list(bi.map(described)), value })
        : w.t("button.chi", { group: described(first), value });
    // The verb is the group's name already ("Pao: pao (跑): …" says it twice): the cards alone.
    case "peng": case "pao": return w.t(`button.${what.verb}`, { group: w.cards(first.codes), value });
    case "tianhu": return w.t("action.tianhu");
    default: return w.t("action.other", { action });
  }
}
