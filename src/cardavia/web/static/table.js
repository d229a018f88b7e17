// The live table. It draws only what the server sends (PROTOCOL.md): the seat's view, its legal
// actions, the countdown and the events it may see. It knows no rules: every button is one of the
// server's legal actions, sent back as it is, with the window it belongs to.

const root = document.getElementById("table");
const catalogue = document.getElementById("table-messages");

/** @type {Record<string, any>} */
const M = catalogue ? JSON.parse(catalogue.textContent || "{}") : {};
const lang = root ? root.dataset.lang || "en" : "en";
const game = root ? root.dataset.game || "" : "";
const plurals = new Intl.PluralRules(lang);
const SVG = "http://www.w3.org/2000/svg";
const LOG_STEP_MS = 280;

/** @type {any} */
let state = null;
/** @type {WebSocket | null} */
let socket = null;
let nextId = 0;
let retries = 0;
let countdownTimer = 0;
let errorTimer = 0;
let logQueue = Promise.resolve();
/** A lesson's answer to the last refused move, shown under its tip until the next frame. @type {string} */
let lessonNote = "";

/** @param {string} role */
const part = (role) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${role}"]`));

/** Fill `{name}` placeholders. @param {string} text @param {Record<string, any>} params */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** A message by key. @param {string} key @param {Record<string, any>} [params] */
function t(key, params = {}) {
  const text = M[key];
  return typeof text === "string" ? fill(text, params) : key;
}

/** A plural message by key, the form chosen by the page language's rules. @param {string} key @param {number} n */
function tn(key, n) {
  const forms = M[`plural.${key}`] || {};
  const text = forms[plurals.select(n)] ?? forms.other ?? String(n);
  return fill(text, { n });
}

/**
 * Create an element. @param {string} tag @param {Record<string, any>} [attrs]
 * @param {...(Node | string | null | undefined)} children
 */
function el(tag, attrs = {}, ...children) {
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

/** @param {number} seat */
function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  return state && seat === state.seat ? t("seat.you") : t("seat.computer", { n: seat });
}

/** @param {string} code */
const cardName = (code) => (M.names && M.names[code]) || code;
/** @param {string} code */
const isCard = (code) => Boolean(M.names && code in M.names);
/** @param {string[]} codes */
const cardNames = (codes) => codes.map(cardName).join(", ");

/** One card picture from the sprite, named for screen readers. @param {string} code */
function card(code) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "card");
  svg.setAttribute("viewBox", "0 0 40 64");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", cardName(code));
  svg.dataset.card = code;
  const title = document.createElementNS(SVG, "title");
  title.textContent = cardName(code);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${M.sprite || ""}#${game}-${code}`);
  svg.append(title, use);
  return svg;
}

/** @param {string[]} codes @param {string} [label] */
function cardsRow(codes, label) {
  const row = el("span", { class: "cards-row", role: "list", "aria-label": label || null });
  for (const code of codes) {
    const item = el("span", { role: "listitem" }, card(code));
    row.append(item);
  }
  return row;
}

/** A group's text ("peng s9 s9 s9" or "RC RH RN") as its kind and its cards. @param {string} text */
function readGroup(text) {
  const words = text.split(" ").filter(Boolean);
  const kind = words.length && !isCard(words[0]) ? words[0] : "";
  return { kind, codes: kind ? words.slice(1) : words };
}

/** A group as pictures, labelled with its kind. @param {string} text */
function group(text) {
  const { kind, codes } = readGroup(text);
  const label = kind ? (M.kinds && M.kinds[kind]) || kind : "";
  const hidden = !codes.length && kind in HIDDEN_SIZE; // another seat's face-down ti or wei
  return el(
    "span",
    { class: "card-group group", "data-kind": kind || null },
    label ? el("span", { class: "label", text: label }) : null,
    hidden ? backs(HIDDEN_SIZE[kind]) : cardsRow(codes, [label, cardNames(codes)].filter(Boolean).join(": ")),
  );
}

/** @type {Record<string, number>} */
const HIDDEN_SIZE = { ti: 4, pao: 4, wei: 3, kan: 3 };

/** Face-down cards (their backs), named for screen readers. @param {number} n */
function backs(n) {
  const row = el("span", { class: "cards-row", role: "img", "aria-label": tn("face_down", n) });
  for (let i = 0; i < n; i += 1) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "card back");
    svg.setAttribute("viewBox", "0 0 40 64");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `${M.sprite || ""}#${game}-back`);
    svg.append(use);
    row.append(svg);
  }
  return row;
}

/** Remove one copy of the public card from a group: what the human gives from his hand. */
function withoutPublic(/** @type {string[]} */ codes) {
  const pub = state && state.view && state.view.public ? state.view.public.card : null;
  const rest = [...codes];
  const at = pub ? rest.indexOf(pub) : -1;
  if (at >= 0) rest.splice(at, 1);
  return rest;
}

/**
 * What a legal action does, in words (for aria labels and the log) and as a label template with
 * the cards to picture. @param {string} action
 */
function describe(action) {
  const [verb, ...rest] = action.split(" ");
  const groups = rest.join(" ").split(" / ").map((g) => g.split(" ").filter(Boolean));
  /** @type {string[]} */
  let codes = [];
  let key = `action.${verb}`;
  if (verb === "discard") codes = groups[0];
  else if (verb === "take") {
    codes = withoutPublic(groups[0]);
    if (!codes.length) key = "action.take_alone";
  } else if (verb === "chi") {
    codes = [withoutPublic(groups[0]), ...groups.slice(1)].flat();
  } else if (!(key in M)) {
    return { words: t("action.other", { action }), template: t("action.other", { action }), codes };
  }
  return { words: t(key, { cards: cardNames(codes) }), template: M[key] || key, codes };
}

/** A button for one legal action: its words with the cards pictured. @param {string} action */
function actionButton(action) {
  const { words, template, codes } = describe(action);
  const button = el("button", {
    type: "button",
    class: "action",
    "data-action": action,
    "aria-label": words,
    onclick: () => act(action),
  });
  if (state.lesson_move === action) button.classList.add("lesson-move");
  const [before, after] = template.includes("{cards}") ? template.split("{cards}") : [template, ""];
  button.append(el("span", { text: fill(before, {}) }));
  if (codes.length) button.append(cardsRow(codes));
  if (after) button.append(el("span", { text: fill(after, {}) }));
  return button;
}

/** Send one legal action for the current window. @param {string} action */
function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  nextId += 1;
  socket.send(JSON.stringify({ type: "act", window: state.window, action, id: nextId }));
  for (const button of root.querySelectorAll("button.action, button.card-button")) {
    /** @type {HTMLButtonElement} */ (button).disabled = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing the state

function render() {
  const view = state.view;
  const over = state.outcome !== null && state.outcome !== undefined;
  const hadFocus = root.contains(document.activeElement) || document.activeElement === document.body;
  renderStatus(over);
  renderSeats(view, over);
  renderCentre(view);
  renderActions(over);
  renderHand(view, over);
  renderCountdown(over);
  renderEnd(view, over);
  renderTip();
  if (!hadFocus) return;
  // A lesson's tip to read first, then the move it asks for, else the first move; its last screen: a real deal.
  const first = /** @type {HTMLElement | null} */ (
    root.querySelector("[data-role=tip] button, button.lesson-move")
    || (state.legal.length ? root.querySelector("button.action, button.card-button") : null)
    || (state.lesson_done ? root.querySelector(".new-deal button") : null));
  if (first) first.focus({ preventScroll: true });
}

/** @param {boolean} over */
function renderStatus(over) {
  let text;
  if (over) text = t("end.title");
  else if (state.tip && state.tip.hold) text = t("lesson_ui.read");
  else if (!state.legal.length) text = t("table.waiting");
  else if (state.legal.includes("pass")) text = t("table.claim_turn");
  else text = t("table.your_turn");
  part("status").textContent = text;
}

/** @param {any} view @param {boolean} over */
function renderSeats(view, over) {
  const box = part("seats");
  box.replaceChildren();
  const count = view.seats.length;
  const toAct = new Set(view.to_act || []);
  for (let i = 1; i <= count; i += 1) {
    const s = (state.seat + i) % count; // the others in turn order, then the human's own groups
    box.append(seatPanel(view, s, toAct.has(s), over));
  }
}

/** @param {any} view @param {number} s @param {boolean} asked @param {boolean} over */
function seatPanel(view, s, asked, over) {
  const info = view.seats[s];
  const size = Array.isArray(info.hand) ? info.hand.length : info.hand_count ?? info.hand;
  const name = seatName(s) + (view.dealer === s ? ` · ${t("seat.dealer")}` : "");
  const panel = el(
    "section",
    { class: "seat", "data-seat": s, "aria-current": asked ? "true" : null, "aria-label": name },
    el("h3", { text: name }),
    el("p", { class: "hand-size", text: tn("cards_in_hand", Number(size) || 0) }),
  );
  if (over && Array.isArray(info.hand) && s !== state.seat) panel.append(cardsRow(info.hand, t("end.hands")));
  appendPublicRows(panel, info);
  return panel;
}

/** Melds, discards, chou and the face-up card of a seat. @param {HTMLElement} panel @param {any} info */
function appendPublicRows(panel, info) {
  if (info.melds && info.melds.length) {
    panel.append(
      el("div", { class: "melds", role: "group", "aria-label": t("table.melds") }, ...info.melds.map(group)),
    );
  }
  if (info.discards && info.discards.length) {
    panel.append(el("div", { class: "discards" }, el("span", { class: "label", text: t("table.discards") }),
      cardsRow(info.discards, t("table.discards"))));
  }
  if (info.chou && info.chou.length) {
    panel.append(el("p", { class: "chou", text: t("table.chou", { cards: cardNames(info.chou) }) }));
  }
  if (info.shown) panel.append(el("p", { class: "shown", text: t("table.shown", { card: cardName(info.shown) }) }));
}

/** @param {any} view */
function renderCentre(view) {
  const box = part("centre");
  box.replaceChildren(el("p", { class: "stock", text: t("table.stock", { n: view.stock }) }));
  const pub = view.public;
  if (pub && pub.card) {
    box.append(
      el(
        "figure",
        { class: "public", "aria-label": t("table.public") },
        cardsRow([pub.card], t("table.public")),
        el("figcaption", {
          text: t(pub.owner === state.seat && "table.public_owner.you" in M ? "table.public_owner.you" : "table.public_owner",
            { card: cardName(pub.card), seat: seatName(pub.owner) }),
        }),
      ),
    );
  } else {
    box.append(el("p", { class: "public none", text: t("table.no_public") }));
  }
}

/** @param {boolean} over */
function renderActions(over) {
  const box = part("actions");
  box.replaceChildren();
  if (over) return;
  for (const action of state.legal) {
    if (action.startsWith("discard ")) continue; // discards are the hand's own cards
    box.append(actionButton(action));
  }
}

/** @param {any} view @param {boolean} over */
function renderHand(view, over) {
  const box = part("hand");
  box.replaceChildren();
  const mine = view.seats[state.seat];
  const hand = Array.isArray(mine.hand) ? mine.hand : [];
  const discards = new Set(over ? [] : state.legal.filter((a) => a.startsWith("discard ")).map((a) => a.slice(8)));
  // Group the (already sorted) hand by colour (Sì Sè Pái) or by small/big (Paohuzi).
  /** @type {HTMLElement | null} */
  let run = null;
  let runKey = "";
  for (const code of hand) {
    const key = code[0];
    if (!run || key !== runKey) {
      run = el("span", { class: "card-group hand-group", "data-group": key });
      box.append(run);
      runKey = key;
    }
    // In a lesson every card may be tried while a discard is asked: the server says why one cannot go.
    const tried = Boolean(state.lesson) && discards.size > 0;
    if (discards.has(code) || tried) {
      // The button is named by its card (for screen readers); the title says what it does.
      const action = `discard ${code}`;
      const classes = ["card-button"];
      if (!discards.has(code)) classes.push("not-allowed");
      if (state.lesson_move === action) classes.push("lesson-move");
      run.append(el("button", {
        type: "button", class: classes.join(" "), "data-action": action,
        title: t("action.discard", { cards: cardName(code) }), onclick: () => act(action),
      }, card(code)));
    } else {
      run.append(card(code));
    }
  }
}

/** @param {boolean} over */
function renderCountdown(over) {
  const box = part("countdown");
  window.clearInterval(countdownTimer);
  if (over || state.countdown_ms === null || state.countdown_ms === undefined || !state.legal.length) {
    box.hidden = true;
    return;
  }
  const deadline = performance.now() + state.countdown_ms;
  const tick = () => {
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    box.textContent = tn("countdown", left);
    if (left <= 0) window.clearInterval(countdownTimer);
  };
  box.hidden = false;
  tick();
  countdownTimer = window.setInterval(tick, 250);
}

/** @param {any} view @param {boolean} over */
function renderEnd(view, over) {
  const box = part("end");
  if (!over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const result = state.outcome;
  box.replaceChildren(el("h2", { text: t("end.title") }));
  if (result.winner === null || result.winner === undefined) box.append(el("p", { class: "winner", text: t("end.draw") }));
  else {
    const mine = result.winner === state.seat && "end.winner.you" in M;
    box.append(el("p", { class: "winner", text: t(mine ? "end.winner.you" : "end.winner", { seat: seatName(result.winner) }) }));
  }
  if (result.card) box.append(el("p", { text: t("end.card", { card: cardName(result.card) }) }));
  if (result.winner !== null && result.winner !== undefined) {
    if (game === "paohuzi") {
      box.append(el("p", { class: "score", text: t("end.huxi", { huxi: result.score }) }));
      box.append(el("p", { class: "tun", text: t("end.tun", { tun: result.tun }) }));
    } else {
      box.append(el("p", { class: "score", text: t("end.score", { score: result.score }) }));
    }
    if (result.groups && result.groups.length) {
      box.append(el("h3", { text: t("end.groups") }), el("div", { class: "groups" }, ...result.groups.map(group)));
    }
  }
  if (Array.isArray(result.payments)) {
    const list = el("ul", { class: "payments", "aria-label": t("end.payments") });
    result.payments.forEach((amount, s) => list.append(el("li", { text: t("end.payment", { seat: seatName(s), amount }) })));
    box.append(el("h3", { text: t("end.payments") }), list);
  }
  const hands = el("div", { class: "hands" });
  view.seats.forEach((/** @type {any} */ info, /** @type {number} */ s) => {
    if (Array.isArray(info.hand)) {
      hands.append(el("div", { class: "hand-row" }, el("span", { class: "label", text: seatName(s) }),
        cardsRow(info.hand, `${seatName(s)}: ${cardNames(info.hand)}`)));
    }
  });
  box.append(el("h3", { text: t("end.hands") }), hands);
  const again = el(
    "form",
    { method: "post", action: `/games/${game}/start`, class: "new-deal" },
    el("input", { type: "hidden", name: "difficulty", value: state.difficulty }),
    el("button", { type: "submit", class: "button", text: t(state.lesson ? "lesson_ui.real_deal" : "end.new_deal") }),
  );
  const download = el("a", { class: "button download", href: state.record_url, download: "", text: t("end.download") });
  box.append(el("div", { class: "end-actions" }, again, download));
  box.hidden = false;
}

/** A lesson's tip for this frame, with "Continue" when the table waits for it to be read. */
function renderTip() {
  const box = part("tip");
  const tip = state.tip;
  if (!state.lesson || (!tip && !lessonNote)) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.replaceChildren(el("h2", { class: "tip-title", text: t("lesson_ui.title") }));
  if (tip) box.append(el("p", { class: "tip-text", "data-tip": tip.key, text: t(tip.key, wordsFor(tip.params || {})) }));
  if (lessonNote) box.append(el("p", { class: "tip-note", text: lessonNote }));
  if (tip && tip.hold) {
    box.append(el("button", {
      type: "button", class: "button tip-continue", text: t("lesson_ui.continue"),
      onclick: (/** @type {Event} */ event) => {
        /** @type {HTMLButtonElement} */ (event.currentTarget).disabled = true;
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "pace", paused: false }));
      },
    }));
  }
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// The log: what happened, one step at a time

/** Params in words: seats by name, cards by name. @param {Record<string, any>} params */
function wordsFor(params) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (["seat", "owner", "dealer", "winner"].includes(key) && typeof value === "number") out[key] = seatName(value);
    else if (typeof value === "string" && isCard(value)) out[key] = cardName(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" && isCard(v))) {
      out[key] = cardNames(value); // one group, as its cards
    } else if (key === "group" || key === "groups") {
      const groups = Array.isArray(value) ? value : [value];
      out[key] = groups.map((g) => cardNames(readGroup(String(g)).codes)).join(" / ");
    } else if (key === "action" && typeof value === "string") out[key] = describe(value).words;
    else out[key] = value;
  }
  return out;
}

/** @param {{kind: string, params: Record<string, any>}} event */
function eventText(event) {
  const status = event.params && event.params.status;
  if (status && `event.${event.kind}.${status}` in M) return t(`event.${event.kind}.${status}`);
  if ((M.silent || []).includes(event.kind)) return "";
  const base = `event.${event.kind}`;
  const own = Boolean(state && event.params && event.params.seat === state.seat);
  const key = own && `${base}.you` in M ? `${base}.you` : base; // "You draw", not "You draws"
  return key in M ? t(key, wordsFor(event.params || {})) : t("event.generic", { kind: event.kind });
}

/** @param {any[]} events @param {boolean} paced */
function appendLog(events, paced) {
  const list = part("log");
  for (const event of events) {
    const text = eventText(event);
    if (!text) continue;
    const add = () => {
      list.append(el("li", { text }));
      while (list.children.length > 300) list.firstElementChild?.remove();
      list.scrollTop = list.scrollHeight;
    };
    if (!paced) add();
    else logQueue = logQueue.then(() => new Promise((done) => { add(); window.setTimeout(done, LOG_STEP_MS); }));
  }
}

// ---------------------------------------------------------------------------------------------
// The connection

/** @param {string} text */
function showError(text) {
  const box = part("error");
  box.textContent = text;
  box.hidden = false;
  window.clearTimeout(errorTimer);
  errorTimer = window.setTimeout(() => { box.hidden = true; }, 6000);
}

/** @param {MessageEvent} event */
function receive(event) {
  const message = JSON.parse(event.data);
  if (message.type === "state") {
    const snapshot = Array.isArray(message.log);
    if (!snapshot && state && message.v < state.v) return; // an older state arrived late
    if (!state || message.v !== state.v) lessonNote = "";
    state = message;
    if (snapshot) {
      part("log").replaceChildren();
      appendLog(message.log, false);
    } else {
      appendLog(message.events, true);
    }
    render();
  } else if (message.type === "error") {
    if (state && state.lesson) {
      // A lesson answers a wrong move gently, under its tip (with its reason where the lesson has one).
      lessonNote = message.tip ? t(message.tip.key, wordsFor(message.tip.params || {})) : message.text || t(message.key);
    } else {
      showError(message.text || t(message.key));
    }
    if (state) render(); // re-enable the buttons
  }
}

function connect() {
  const url = new URL(root.dataset.ws || "", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.addEventListener("open", () => { retries = 0; });
  socket.addEventListener("message", receive);
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) {
      showError(t(event.code === 4403 ? "error.forbidden" : "error.unknown_table"));
      return;
    }
    part("status").textContent = t("table.reconnecting");
    retries += 1;
    window.setTimeout(connect, Math.min(10000, 500 * 2 ** Math.min(retries, 5)));
  });
}

if (root && catalogue) {
  root.classList.add("live");
  connect();
}
