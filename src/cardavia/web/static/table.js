// @ts-check
// The live table. It shows only what the server sends (PROTOCOL.md): one frame per step, each with
// the seat's view after it, its events and, when the player is asked, his legal actions. It keeps
// no rules: every button is one of the server's legal actions, sent back as it is with the frame
// it belongs to. Frames are paced here (table/pace.js) so that a person can follow every step.
// At a lesson table (a guided deal) each frame may carry a tip (table/dock.js shows it); a tip
// that holds the table keeps the queue waiting until the player presses its Continue.

import { CardArt } from "./table/cards.js";
import { Board } from "./table/board.js";
import { Company } from "./table/company.js";
import { Dock } from "./table/dock.js";
import { EndPanel } from "./table/endpanel.js";
import { LogBook, MOVES, bare } from "./table/logbook.js";
import { capture, fly } from "./table/motion.js";
import { Pacer } from "./table/pace.js";
import { Cues } from "./table/sound.js";
import { Words } from "./table/words.js";

const YEAR = 365 * 24 * 3600;
/** The events that are a claim of the card on the table. */
const CLAIMS = new Set(["take", "chi", "peng", "pao"]);
const SPEED_COOKIE = "table_speed";
const PAUSE_COOKIE = "table_paused";
/** @param {string} name */
function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

/** @param {string} name @param {string} value */
function remember(name, value) {
  const age = value ? YEAR : 0;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${age}; Path=/; SameSite=Lax`;
}

class Table {
  /** @param {HTMLElement} root @param {Record<string, any>} messages */
  constructor(root, messages) {
    this.root = root;
    this.game = root.dataset.game || "";
    this.tableId = root.dataset.table || "";
    this.words = new Words(messages, root.dataset.lang || "en");
    this.art = new CardArt(this.words, this.game, messages.sprite || "");
    const groups = messages.groups || {};
    const part = (/** @type {string} */ role) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${role}"]`));
    this.part = part;
    this.board = new Board({ seats: part("seats"), centre: part("centre"), mine: part("mine") }, this.words, this.art, this.game);
    this.dock = new Dock({
      public: part("public"), prompt: part("prompt"), notice: part("notice"), countdown: part("countdown"),
      actions: part("actions"), hand: part("hand"), waits: part("waits"),
      hint: /** @type {HTMLButtonElement} */ (part("hint")), hintText: part("hint-text"), tip: part("tip"),
    }, this.words, this.art, this.game, groups, (action) => this.act(action));
    this.dock.waitsOn = root.dataset.waits !== "off";
    // At a lesson table the lesson's own move is outlined: no hint button beside it.
    this.lesson = root.classList.contains("table-lesson");
    this.dock.hintsOn = root.dataset.hints === "on" && !this.lesson;
    /** The id of the hint request in flight, and whether its answer takes the focus. @type {number | null} */
    this.hintId = null;
    this.hintFocus = false;
    this.end = new EndPanel(part("end"), this.words, this.art, this.game, groups);
    /** At a table for friends: its lobby, its people and their reactions. */
    this.company = root.dataset.friends === "on"
      ? new Company({ lobby: part("lobby"), people: part("people"), react: part("react"), reacted: part("reacted"), auto: part("auto") },
        this.words, (message) => this.send(message))
      : null;
    this.end.company = this.company;
    this.end.levels = Object.fromEntries(JSON.parse(root.dataset.levels || "[]"));
    this.cues = new Cues(root, part("cue"), this.words, root.dataset.sound === "on");
    this.log = new LogBook(/** @type {HTMLOListElement} */ (part("log")), this.words, this.art, this.game);
    /** The frame on screen. @type {import("./wire").StateMessage | null} */
    this.state = null;
    /** The newest frame received. */
    this.received = 0;
    /** The frame the player has answered (its buttons are off until the next frame). @type {number | null} */
    this.answered = null;
    this.offline = true;
    /** Who made the last move, and each seat's last move in words. */
    this.acted = /** @type {number | null} */ (null);
    this.lastMoves = /** @type {Map<number, string>} */ (new Map());
    this.discardFrom = "";
    this.baseTitle = document.title;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.nextId = 0;
    this.retries = 0;
    /** Show the pause button's state (set by wireControls when the bar has one). */
    this.showPause = () => {};
    this.errorTimer = 0;
    const unit = Number(root.dataset.stepMs || "700");
    const speed = cookie(SPEED_COOKIE) || "normal";
    this.pacer = new Pacer({
      unitMs: Number.isFinite(unit) ? unit : 700,
      speed,
      paused: cookie(PAUSE_COOKIE) === this.tableId,
      show: (frame, quick) => this.show(frame, quick),
      concerns: (frame) => this.concerns(frame),
      hold: (held) => { if (!this.company) this.send({ type: "pace", paused: held }); },
    });
    this.dock.onContinue = () => this.resumeLesson();
    this.wireControls(speed);
    // Tests hand the table messages of their own making through the same door as the socket's.
    root.addEventListener("cardavia:message", (event) => this.receive(/** @type {CustomEvent} */ (event).detail));
  }

  // -- the connection ---------------------------------------------------------------------------

  connect() {
    const url = new URL(this.root.dataset.ws || "", window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
      this.offline = false;
      if (!this.company) this.send({ type: "pace", speed: this.pacer.speed, paused: this.pacer.held || this.pacer.paused });
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4403 || event.code === 4404) {
        this.showError(this.words.t(event.code === 4403 ? "error.forbidden" : "error.unknown_table"));
        return;
      }
      this.offline = true;
      this.redrawDock();
      this.retries += 1;
      window.setTimeout(() => this.connect(), Math.min(10000, 500 * 2 ** Math.min(this.retries, 5)));
    });
  }

  /** @param {Record<string, any>} message */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** One message from the server. @param {import("./wire").ServerMessage} message */
  receive(message) {
    if (message.type === "state" && message.step === "lobby") {
      this.words.me = message.seat;
      this.root.classList.add("in-lobby");
      if (this.company) this.company.lobby(message);
      return;
    }
    if (message.type === "next") {
      window.location.assign(message.url);
      return;
    }
    if (message.type === "react" || message.type === "players") {
      if (message.type === "react") this.company?.reacted(message);
      else this.company?.learn(message.players);
      return;
    }
    if (message.type === "state") {
      if (this.company && message.players) {
        this.words.me = message.seat;
        if (this.root.classList.contains("in-lobby")) {
          this.root.classList.remove("in-lobby");
          this.company.started();
        }
        this.company.learn(message.players, message.totals);
      }
      const log = message.log;
      if (!log && message.v <= this.received) return; // an older frame arrived late
      this.received = Math.max(this.received, message.v);
      if (log) {
        this.log.clear();
        this.words.me = message.seat;
        this.log.add(log, message.v);
        this.pacer.reset(message);
      } else {
        this.pacer.push(message);
      }
    } else if (message.type === "hint") {
      this.hintId = null;
      this.dock.hintAsked = null;
      // A late answer, for a decision no longer on screen, is dropped (it must not undo a newer one).
      if (!this.state || message.window !== this.state.window) {
        this.redrawDock();
        return;
      }
      this.dock.hint = message;
      const asking = this.hintFocus;
      this.hintFocus = false;
      this.redrawDock();
      // The answer takes the button's place: the focus goes on to the suggested action.
      const marked = /** @type {HTMLElement | null} */ (this.root.querySelector(".hinted"));
      if (asking && marked) marked.focus({ preventScroll: true });
    } else if (message.type === "error") {
      if (this.hintId !== null && message.id === this.hintId) {
        this.hintId = null;
        this.dock.hintAsked = null;
      }
      this.answered = null;
      if (this.state && this.state.lesson && message.id !== null && message.id !== undefined) {
        // The move the tip invited was tried: the outline goes on to the lesson's own move.
        if (this.dock.lastTried === this.state.lesson_try) this.dock.triedWindow = this.state.window;
        // A lesson answers a refused move gently, under its tip, in the catalogue's words.
        this.dock.lessonNote = this.dock.refusalText(message, this.game);
        this.redrawDock();
        this.focusDecision(true);
        return;
      }
      this.showError(message.text || this.words.t(message.key));
      this.redrawDock();
    }
  }

  /** The player has read the lesson's tip: the table goes on. */
  resumeLesson() {
    this.redrawDock(); // the Continue just pressed is spent (before the next frame, whose own it may focus)
    this.pacer.setWaiting(false);
  }

  /** Ask what the computer would do on the decision on screen (PROTOCOL.md `hint`). */
  askHint() {
    if (!this.state || this.offline || !this.state.legal.length || this.dock.hintFor(this.state)) return;
    this.nextId += 1;
    this.hintId = this.nextId;
    this.dock.hintAsked = this.state.window;
    // Was the player on the button (by Tab or by its key)? Its answer then takes the focus.
    const active = document.activeElement;
    this.hintFocus = active === this.part("hint") || active === document.body || active === null;
    this.send({ type: "hint", id: this.nextId });
    this.redrawDock();
  }

  /**
   * A table setting changed in the settings panel: the waits strip, or the hint button (`auto`: on
   * at the easy and normal levels). @param {{name: string, value: string}} setting
   */
  applySetting(setting) {
    if (setting.name === "waits") this.dock.waitsOn = setting.value !== "off";
    if (setting.name === "sound") this.cues.setSound(setting.value === "on");
    if (setting.name === "hints") {
      const level = this.root.dataset.difficulty || "";
      this.dock.hintsOn = !this.lesson && (setting.value === "on" || (setting.value === "auto" && ["easy", "normal"].includes(level)));
    }
    this.redrawDock();
  }

  /** Send one legal action for the frame on screen. @param {string} action */
  act(action) {
    if (!this.state || this.offline || this.answered === this.state.v) return;
    // At a lesson table a discard the hand shows may be tried even when it is locked (the server says why not).
    const tried = this.state.lesson && action.startsWith("discard ") && this.state.legal.some((/** @type {string} */ a) => a.startsWith("discard "));
    if (!this.state.legal.includes(action) && !tried) return;
    this.dock.lastTried = action;
    this.nextId += 1;
    this.send({ type: "act", window: this.state.window, action, id: this.nextId });
    this.answered = this.state.v;
    if (action.startsWith("discard ")) {
      const code = action.slice(8);
      const pressed = /** @type {HTMLElement | null} */ (document.activeElement);
      this.discardFrom = pressed && pressed.dataset.key ? pressed.dataset.key : `h-${code}-0`;
    }
    this.redrawDock();
  }

  // -- showing a frame --------------------------------------------------------------------------

  /** Does this frame concern the player (his move, his question, his private events)? @param {import("./wire").StateMessage} frame */
  concerns(frame) {
    const me = this.words.me;
    if (frame.legal && frame.legal.length) return true;
    if (["claim", "win", "end", "deal", "meld"].includes(frame.step)) return true;
    return (frame.events || []).some((/** @type {any} */ e) => e.kind === "timeout" || (e.params && e.params.seat === me));
  }

  /**
   * Draw one frame: the board, the dock, its log lines, the moving card (none when `quick`: a
   * question is waiting behind it); tell screen readers. @param {import("./wire").StateMessage} frame @param {boolean} quick
   */
  show(frame, quick) {
    this.words.me = frame.seat;
    const first = this.state === null;
    const before = first || quick ? null : capture(this.root);
    const previous = this.state;
    this.state = frame;
    if (this.answered !== null && this.answered !== frame.v) this.answered = null;
    if (!previous || previous.v !== frame.v) this.dock.lessonNote = "";
    this.pacer.waiting = Boolean(frame.lesson && frame.tip && frame.tip.hold);
    const said = this.log.add(frame.events || [], frame.v);
    this.noteMoves(said);
    this.render();
    if (first) this.bringIntoView();
    this.animate(frame, before);
    this.announce(said.map((line) => line.text), frame);
    this.fetchWin(frame);
    const fresh = !previous || previous.v !== frame.v;
    if (fresh && (frame.legal.length || this.pacer.waiting || frame.lesson_done)) this.focusDecision();
    this.root.dataset.v = String(frame.v);
    if (fresh && !first) this.cue(frame);
    this.root.dispatchEvent(new CustomEvent("cardavia:step", { bubbles: true, detail: { v: frame.v, step: frame.step } }));
  }

  /**
   * The cue of a new frame, if it has one: a win, the player asked (a claim window, or his turn),
   * or another seat's claim. One at most. @param {import("./wire").StateMessage} frame
   */
  cue(frame) {
    const kinds = (frame.events || []).map((e) => ({ name: bare(e.kind), seat: e.params ? e.params.seat : undefined }));
    if (kinds.some((k) => k.name === "win" || k.name === "tianhu")) this.cues.give("win");
    else if (frame.legal.length) {
      const claimOnly = frame.legal.includes("pass") && !frame.legal.some((a) => a.startsWith("discard "));
      this.cues.give(claimOnly ? "window" : "turn");
    } else if (kinds.some((k) => CLAIMS.has(k.name) && k.seat !== this.words.me)) this.cues.give("claim");
  }

  /**
   * Who moved, and each seat's last move in words (the phone's seat strip shows it).
   * @param {{event: {kind: string, params: Record<string, any>}, text: string}[]} said
   */
  noteMoves(said) {
    this.acted = null;
    for (const { event, text } of said) {
      const seat = event.params ? event.params.seat : undefined;
      if (MOVES.has(bare(event.kind)) && typeof seat === "number") {
        this.acted = seat;
        this.lastMoves.set(seat, text);
      }
    }
  }

  render() {
    const state = this.state;
    if (!state) return;
    const over = state.outcome !== null && state.outcome !== undefined;
    this.board.render(state, { acted: this.acted, last: this.lastMoves });
    this.redrawDock();
    this.root.classList.toggle("over", over);
    this.part("dock").hidden = over;
    if (over) {
      const opening = this.part("end").hidden;
      this.end.show(state);
      this.placeTip(true);
      if (opening) {
        const heading = /** @type {HTMLElement} */ (this.part("end").querySelector("h2"));
        this.part("end").scrollIntoView({ block: "start" });
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    } else {
      this.end.hide();
      this.placeTip(false);
    }
  }

  /**
   * A lesson's tip sits beside the prompt, above the moves; its last one (the dock is gone once the
   * deal is over) under the end panel's title, above the button for a real deal. @param {boolean} atEnd
   */
  placeTip(atEnd) {
    const tip = /** @type {HTMLElement | null} */ (this.root.querySelector("[data-role=tip]"));
    if (!tip) return;
    const anchor = atEnd ? this.part("end").querySelector("h2") : this.root.querySelector(".decision .prompt-box");
    if (anchor && anchor.nextElementSibling !== tip) anchor.after(tip);
  }

  redrawDock() {
    if (!this.state) return;
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    const action = focused && this.root.contains(focused) ? focused.dataset.action : undefined;
    this.dock.render(this.state, { answered: this.answered === this.state.v, offline: this.offline, paused: this.pacer.paused });
    if (action) {
      const again = /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-action="${CSS.escape(action)}"]`));
      if (again) again.focus({ preventScroll: true });
    }
    this.root.classList.toggle("offline", this.offline);
    if (this.state.legal.length || this.state.tip) this.keepMineInView();
  }

  /**
   * The dock is pinned to the bottom of the screen and grows upwards with its options, waits and
   * tips: when it would cover the player's own groups, dead cards or chou while he decides, the
   * page scrolls them up above it (never past the top of the screen).
   */
  keepMineInView() {
    const dock = this.part("dock");
    const mine = this.part("mine");
    if (dock.hidden || !mine.childElementCount) return;
    const own = mine.getBoundingClientRect();
    const under = own.bottom - dock.getBoundingClientRect().top + 6;
    if (under > 0 && own.top > 0) window.scrollBy({ top: Math.min(under, own.top), behavior: "instant" });
  }

  /**
   * The card of this step flies from where it was (`before`: the places before the redraw; none,
   * no flight); the last move stays marked. @param {import("./wire").StateMessage} frame @param {Map<string, DOMRect> | null} before
   */
  animate(frame, before) {
    const me = this.words.me;
    const q = (/** @type {string} */ key) => this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    for (const event of frame.events || []) {
      const p = event.params || {};
      const name = bare(event.kind);
      let target = null;
      let from = "";
      if (name === "draw") {
        target = q("public");
        from = "stock";
      } else if (name === "discard") {
        target = q("public");
        from = p.seat === me ? this.discardFrom : `hand-${p.seat}`;
      } else if (name === "dead") {
        const row = this.root.querySelectorAll(`[data-key^="discard-${p.seat}-"]`);
        target = row[row.length - 1] || null;
        from = "public";
      } else if (["take", "chi", "peng", "pao", "wei", "ti"].includes(name)) {
        const melds = this.root.querySelectorAll(`[data-key^="meld-${p.seat}-"]`);
        target = melds[melds.length - 1] || null;
        from = "public";
      }
      if (target) {
        target.classList.add("fresh");
        if (before) fly(before, from, target);
      }
    }
  }

  /** The live region and the tab title say what happened and when it is the player's turn. @param {string[]} said @param {import("./wire").StateMessage} frame */
  announce(said, frame) {
    const asked = frame.legal.length > 0;
    const lines = [...said];
    if (asked) lines.push(this.part("prompt").textContent || "");
    const region = this.part("announce");
    region.textContent = lines.join(" ");
    document.title = asked ? this.words.t("title.your_turn", { title: this.baseTitle }) : this.baseTitle;
  }

  /** At the start the table fills the screen: the felt's top at the top, the dock at the bottom. */
  bringIntoView() {
    const felt = this.root.closest(".felt") || this.root;
    felt.scrollIntoView({ block: "start" });
    const log = /** @type {HTMLDetailsElement | null} */ (this.root.querySelector("details.table-log-box"));
    if (log && window.matchMedia("(max-width: 699px)").matches) log.open = false; // a drawer on phones
  }

  /** Focus what the player answers with: a lesson's Continue or move first. @param {boolean} [lesson] only at a lesson table */
  focusDecision(lesson = false) {
    const active = document.activeElement;
    if (!(active === document.body || active === null || this.root.contains(active))) return;
    if (lesson && !(this.state && this.state.lesson)) return;
    const target = /** @type {HTMLElement | null} */ (
      this.root.querySelector("[data-role=tip] button.tip-continue:enabled, .table-dock button.lesson-move:enabled")
      || (this.state && this.state.lesson_done ? this.root.querySelector("[data-role=end] .new-deal button") : null)
      || this.root.querySelector(".claims button.action, .table-hand button.card-button[tabindex='0'], .pass-slot button"));
    if (target) target.focus({ preventScroll: true });
  }

  /** Ask the server what the Win button would score. @param {import("./wire").StateMessage} frame */
  fetchWin(frame) {
    if (!frame.legal.includes("win") || this.dock.wins.has(frame.v)) return;
    fetch(`/tables/${this.tableId}/win?v=${frame.v}`, { credentials: "same-origin" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((data) => {
        if (!data || data.v !== frame.v || !data.win) return;
        this.dock.wins.set(frame.v, data.win);
        if (this.state && this.state.v === frame.v) this.redrawDock();
      })
      .catch(() => {});
  }

  /** @param {string} text */
  showError(text) {
    const box = this.part("error");
    box.textContent = text;
    box.hidden = false;
    window.clearTimeout(this.errorTimer);
    this.errorTimer = window.setTimeout(() => { box.hidden = true; }, 6000);
  }

  // -- the controls -----------------------------------------------------------------------------

  /** Speed, pause, keys, and "New deal" asking first while the deal is on. @param {string} speed */
  wireControls(speed) {
    const select = /** @type {HTMLSelectElement | null} */ (this.root.querySelector("select[name=speed]"));
    if (select) {
      select.value = this.pacer.speed;
      select.addEventListener("change", () => {
        this.pacer.setSpeed(select.value);
        remember(SPEED_COOKIE, select.value);
        this.send({ type: "pace", speed: select.value });
      });
    }
    if (speed !== this.pacer.speed) remember(SPEED_COOKIE, this.pacer.speed);
    const pause = /** @type {HTMLButtonElement | null} */ (this.root.querySelector("button[data-role=pause]"));
    if (pause) {
      const show = () => {
        pause.setAttribute("aria-pressed", this.pacer.paused ? "true" : "false");
        pause.textContent = this.words.t(this.pacer.paused ? "bar.resume" : "bar.pause");
        this.root.classList.toggle("paused", this.pacer.paused);
      };
      show();
      this.showPause = show;
      pause.addEventListener("click", () => {
        this.setPaused(!this.pacer.paused);
        remember(PAUSE_COOKIE, this.pacer.paused ? this.tableId : "");
      });
    }
    this.part("hand").addEventListener("keydown", (event) => this.dock.handKeys(event));
    this.part("hint").addEventListener("click", () => this.askHint());
    document.addEventListener("cardavia:setting", (event) => this.applySetting(/** @type {CustomEvent} */ (event).detail));
    document.addEventListener("keydown", (event) => this.hotkey(event));
    this.guardNewDeal();
  }

  /** Hold the table (or let it go on): the frames, the clock, the pause button and the prompt. @param {boolean} paused */
  setPaused(paused) {
    if (this.company) return; // a table for friends has one pace for everyone
    this.pacer.setPaused(paused);
    this.showPause();
    this.redrawDock();
  }

  /** P passes, C makes the first claim, 1-9 a claim by its number, H asks for a hint. @param {KeyboardEvent} event */
  hotkey(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.ctrlKey || event.metaKey || event.altKey || !this.state) return;
    if (target.closest("input, select, textarea, [contenteditable], dialog, summary")) return;
    const key = event.key.toLowerCase();
    /** @type {HTMLButtonElement | null} */
    let button = null;
    const claims = /** @type {HTMLButtonElement[]} */ ([...this.root.querySelectorAll(".claims button.action")]);
    if (key === "p") button = this.root.querySelector(".pass-slot button.action");
    else if (key === "c") button = claims[0] || null;
    else if (key === "h" && !this.part("hint").hidden) button = /** @type {HTMLButtonElement} */ (this.part("hint"));
    else if (/^[1-9]$/.test(key)) button = claims[Number(key) - 1] || null;
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  }

  /** "New deal" above a live deal asks first (the deal stays listed on the game page). */
  guardNewDeal() {
    const form = /** @type {HTMLFormElement | null} */ (document.querySelector("form.start-form"));
    const dialog = /** @type {HTMLDialogElement | null} */ (this.root.querySelector("dialog[data-role=confirm-new]"));
    if (!form || !dialog) return;
    let wasPaused = false;
    form.addEventListener("submit", (event) => {
      const live = this.state && (this.state.outcome === null || this.state.outcome === undefined);
      if (!live || form.dataset.confirmed === "yes") return;
      event.preventDefault();
      wasPaused = this.pacer.paused;
      this.setPaused(true); // the clock stands still while the question is open
      dialog.showModal();
    });
    dialog.addEventListener("close", () => {
      this.setPaused(wasPaused);
      if (dialog.returnValue === "new") {
        form.dataset.confirmed = "yes";
        form.requestSubmit();
      }
    });
  }
}

const root = /** @type {HTMLElement | null} */ (document.getElementById("table"));
const catalogue = document.getElementById("table-messages");
if (root && catalogue) {
  root.classList.add("live");
  const table = new Table(root, JSON.parse(catalogue.textContent || "{}"));
  table.connect();
}
