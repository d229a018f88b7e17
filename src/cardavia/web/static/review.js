// The review of a finished deal: a replay (every hand, or what the player could see then) with the
// computer's judgement of each of the player's decisions. It draws only what the server sends
// (review_pages.py): the review document, the replay's steps and the words of the page.

import { CardArt } from "./table/cards.js";
import { LogBook } from "./table/logbook.js";
import { Words } from "./table/words.js";

const root = document.getElementById("review");
const catalogue = document.getElementById("review-messages");
const SVG = "http://www.w3.org/2000/svg";
const MAX_UPLOAD = 15 * 1024; // the server refuses bodies over 16 KiB

/** @type {Record<string, any>} */
let M = catalogue ? JSON.parse(catalogue.textContent || "{}") : {};
const lang = root ? root.dataset.lang || "en" : "en";
let plurals = new Intl.PluralRules(lang);
let game = "";
/** @type {any} */
let data = null;
/** @type {any} */
let state = { seat: 0, view: null };
let at = 0;
let showAll = true;
/** @type {Map<number, any>} the player's decisions by the step that shows them */
let byStep = new Map();

/** @param {string} role */
const part = (role) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${role}"]`));

/** @param {string} text @param {Record<string, any>} params */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** @param {string} key @param {Record<string, any>} [params] */
function t(key, params = {}) {
  const text = M[key];
  return typeof text === "string" ? fill(text, params) : key;
}

/** @param {string} key @param {number} n */
function tn(key, n) {
  const forms = M[`plural.${key}`] || {};
  return fill(forms[plurals.select(n)] ?? forms.other ?? String(n), { n });
}

/** @param {string} tag @param {Record<string, any>} [attrs] @param {...(Node | string | null | undefined)} children */
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

/** @param {string} tag @param {Record<string, any>} attrs */
function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** @param {number} seat */
const seatName = (seat) => (seat === state.seat ? t("seat.you") : t("seat.computer", { n: seat }));
/** @param {string} code */
const cardName = (code) => (M.names && M.names[code]) || code;
/** @param {string} code */
const isCard = (code) => Boolean(M.names && code in M.names);
/** @param {string[]} codes */
const cardNames = (codes) => codes.map(cardName).join(", ");

/** @param {string} code */
function card(code) {
  const svg = svgEl("svg", { class: "card", viewBox: "0 0 40 64", role: "img", "aria-label": cardName(code) });
  svg.dataset.card = code;
  const title = svgEl("title", {});
  title.textContent = cardName(code);
  svg.append(title, svgEl("use", { href: `${M.sprite || ""}#${game}-${code}` }));
  return svg;
}

/** @param {string[]} codes @param {string} [label] */
function cardsRow(codes, label) {
  const row = el("span", { class: "cards-row", role: "list", "aria-label": label || null });
  for (const code of codes) row.append(el("span", { role: "listitem" }, card(code)));
  return row;
}

/** @type {Record<string, number>} */
const HIDDEN_SIZE = { ti: 4, pao: 4, wei: 3, kan: 3 };

/** @param {number} n */
function backs(n) {
  const row = el("span", { class: "cards-row", role: "img", "aria-label": tn("face_down", n) });
  for (let i = 0; i < n; i += 1) {
    const svg = svgEl("svg", { class: "card back", viewBox: "0 0 40 64", "aria-hidden": "true" });
    svg.append(svgEl("use", { href: `${M.sprite || ""}#${game}-back` }));
    row.append(svg);
  }
  return row;
}

/** @param {string} text */
function readGroup(text) {
  const words = text.split(" ").filter(Boolean);
  const kind = words.length && !isCard(words[0]) ? words[0] : "";
  return { kind, codes: kind ? words.slice(1) : words };
}

/** @param {string} text */
function group(text) {
  const { kind, codes } = readGroup(text);
  const label = kind ? (M.kinds && M.kinds[kind]) || kind : "";
  const hidden = !codes.length && kind in HIDDEN_SIZE;
  return el("span", { class: "card-group group", "data-kind": kind || null },
    label ? el("span", { class: "label", text: label }) : null,
    hidden ? backs(HIDDEN_SIZE[kind]) : cardsRow(codes, [label, cardNames(codes)].filter(Boolean).join(": ")));
}

/** @param {string[]} codes */
function withoutPublic(codes) {
  const pub = state.view && state.view.public ? state.view.public.card : null;
  const rest = [...codes];
  const i = pub ? rest.indexOf(pub) : -1;
  if (i >= 0) rest.splice(i, 1);
  return rest;
}

/** An action in words. @param {string} action */
function describe(action) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "discard") return t("hand.discard", { card: cardName(rest[0]) });
  if (verb === "take" || verb === "chi") {
    const groups = rest.join(" ").split(" / ").map((g) => cardNames(g.split(" ").filter(Boolean)));
    return t("group.kind_cards", { kind: t(`action.${verb}`), cards: groups.join(" / ") });
  }
  return `action.${verb}` in M ? t(`action.${verb}`) : t("action.other", { action });
}

/** @param {Record<string, any>} params */
function wordsFor(params) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (["seat", "owner", "dealer", "winner"].includes(key) && typeof value === "number") out[key] = seatName(value);
    else if (typeof value === "string" && isCard(value)) out[key] = cardName(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" && isCard(v))) out[key] = cardNames(value);
    else if (key === "group" || key === "groups") {
      const list = Array.isArray(value) ? value : [value];
      out[key] = list.map((g) => cardNames(readGroup(String(g)).codes)).join(" / ");
    } else if (key === "action" && typeof value === "string") out[key] = describe(value);
    else out[key] = value;
  }
  return out;
}

const oneDecimal = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** A chance (0-1) as a percentage with one decimal, in the page's language. @param {number} v */
const percent = (v) => oneDecimal.format(Math.round(v * 1000) / 10);

// ---------------------------------------------------------------------------------------------
// Loading

function setStatus(/** @type {string} */ text) {
  part("status").textContent = text;
}

async function poll() {
  const url = root.dataset.source || "";
  const bar = /** @type {HTMLProgressElement} */ (part("progress"));
  for (;;) {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    const body = await response.json().catch(() => ({}));
    if (!response.ok || body.status === "failed") {
      setStatus(body.error && !response.ok ? body.error : t("review.failed"));
      bar.hidden = true;
      return;
    }
    if (body.status === "ready") {
      bar.hidden = true;
      show(body);
      return;
    }
    bar.hidden = false;
    bar.max = body.total;
    bar.value = body.done;
    setStatus(t("review.progress", { done: body.done, total: body.total }));
    await new Promise((done) => window.setTimeout(done, 400));
  }
}

/** @param {SubmitEvent} event */
async function upload(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem("record"));
  const seat = Number(/** @type {HTMLSelectElement} */ (form.elements.namedItem("seat")).value);
  const file = input.files && input.files[0];
  if (!file) return;
  if (file.size > MAX_UPLOAD) {
    setStatus(t("review.too_big"));
    return;
  }
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    record = null;
  }
  setStatus(t("review.reviewing"));
  const response = await fetch(root.dataset.upload || "", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ record, seat }),
  });
  const body = await response.json().catch(() => ({}));
  if (response.status === 413) setStatus(t("review.too_big"));
  else if (!response.ok) setStatus(body.error || t("review.failed"));
  else {
    M = body.messages;
    show(body);
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** @param {any} body */
function show(body) {
  data = body;
  game = body.game;
  plurals = new Intl.PluralRules(lang);
  state = { seat: body.seat, view: null };
  byStep = new Map();
  const stepOf = new Map(body.steps.map((/** @type {any} */ s, /** @type {number} */ i) => [s.index, i]));
  for (const d of body.review.decisions) byStep.set(stepOf.get(d.index - 1), d);
  at = 0;
  setStatus("");
  part("main").hidden = false;
  drawSummary();
  drawNav();
  go(0);
}

function drawSummary() {
  const review = data.review;
  const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const d of review.decisions) if (d.flag) counts[/** @type {"mistake"} */ (d.flag)] += 1;
  const box = part("summary");
  box.replaceChildren(
    el("p", { class: "accuracy", text: t("review.accuracy", { accuracy: oneDecimal.format(review.accuracy) }) }),
    el("p", { class: "note", text: t("review.accuracy_note") }),
    el("p", { class: "flags", text: t("review.flags_count", counts) }),
    graph(review.decisions),
  );
}

/** The chance to win after each decision, as a line with marked points and a text alternative. @param {any[]} decisions */
function graph(decisions) {
  const W = 420, H = 150, PAD = 34;
  const figure = el("figure", { class: "review-graph" });
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "graph-title graph-desc" });
  const title = svgEl("title", { id: "graph-title" });
  title.textContent = t("review.graph");
  const desc = svgEl("desc", { id: "graph-desc" });
  desc.textContent = decisions.map((d) => t("review.graph_point", { index: d.index, percent: percent(d.values[d.chosen]) })).join("; ");
  svg.append(title, desc);
  const x = (/** @type {number} */ i) => PAD + (decisions.length > 1 ? (i * (W - 2 * PAD)) / (decisions.length - 1) : (W - 2 * PAD) / 2);
  const y = (/** @type {number} */ v) => H - PAD + 10 - v * (H - PAD - 10);
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl("line", { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v), class: "grid" }));
    const label = svgEl("text", { x: PAD - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = `${v * 100}`;
    svg.append(label);
  }
  const axis = svgEl("text", { x: PAD, y: H - 4, class: "axis" });
  axis.textContent = t("review.graph_axis");
  svg.append(axis);
  const points = decisions.map((d, i) => `${x(i)},${y(d.values[d.chosen])}`).join(" ");
  if (decisions.length) svg.append(svgEl("polyline", { points, class: "line" }));
  decisions.forEach((d, i) => {
    const cx = x(i), cy = y(d.values[d.chosen]);
    // The flag is a shape, not only a colour: circle none, square inaccuracy/mistake, cross blunder.
    if (d.flag === "blunder") {
      svg.append(svgEl("path", { d: `M${cx - 5},${cy - 5}L${cx + 5},${cy + 5}M${cx + 5},${cy - 5}L${cx - 5},${cy + 5}`, class: "mark blunder" }));
    } else if (d.flag) {
      const size = d.flag === "mistake" ? 9 : 6;
      svg.append(svgEl("rect", { x: cx - size / 2, y: cy - size / 2, width: size, height: size, class: `mark ${d.flag}` }));
    } else svg.append(svgEl("circle", { cx, cy, r: 3, class: "mark" }));
  });
  figure.append(svg);
  const details = el("details", {}, el("summary", { text: t("review.graph_text") }));
  const list = el("ol", { class: "graph-text" });
  for (const d of decisions) {
    const flag = d.flag ? ` (${t(`review.flag.${d.flag}`)})` : "";
    list.append(el("li", { text: t("review.graph_point", { index: d.index, percent: percent(d.values[d.chosen]) }) + flag }));
  }
  details.append(list);
  figure.append(el("figcaption", { text: t("review.graph") }), details);
  return figure;
}

function drawNav() {
  const box = part("nav");
  const last = data.steps.length - 1;
  const button = (/** @type {string} */ role, /** @type {string} */ key, /** @type {() => void} */ fn) =>
    el("button", { type: "button", class: "button secondary", "data-nav": role, text: t(key), onclick: fn });
  const slider = el("input", {
    type: "range", min: 0, max: last, value: 0, step: 1, "data-role": "slider", "aria-label": t("review.slider"),
    oninput: (/** @type {Event} */ e) => go(Number(/** @type {HTMLInputElement} */ (e.target).value)),
  });
  const toggle = el("input", {
    type: "checkbox", "data-role": "mine",
    onchange: (/** @type {Event} */ e) => { showAll = !(/** @type {HTMLInputElement} */ (e.target).checked); go(at); },
  });
  box.replaceChildren(
    button("start", "review.start", () => go(0)),
    button("previous", "review.previous", () => go(at - 1)),
    slider,
    button("next", "review.next", () => go(at + 1)),
    button("end", "review.end", () => go(last)),
    button("flag", "review.next_flag", nextFlag),
    el("label", { class: "mine-toggle" }, toggle, ` ${t("review.show_mine")}`),
    el("p", { class: "step", "data-role": "step", "aria-live": "polite" }),
    el("p", { class: "keys", text: t("review.keys") }),
  );
}

function nextFlag() {
  for (let s = at + 1; s < data.steps.length; s += 1) {
    const d = byStep.get(s);
    if (d && d.flag) {
      go(s);
      return;
    }
  }
  part("step").textContent = t("review.no_flag");
}

/** @param {number} step */
function go(step) {
  at = Math.max(0, Math.min(data.steps.length - 1, step));
  const s = data.steps[at];
  state.view = s.mine;
  const slider = /** @type {HTMLInputElement} */ (root.querySelector('[data-role="slider"]'));
  slider.value = String(at);
  part("step").textContent = t("review.step", { n: at + 1, total: data.steps.length });
  drawTable(showAll ? s.full : s.mine);
  drawJudgement(byStep.get(at));
  drawLog();
}

/** @param {any} view */
function drawTable(view) {
  const box = part("table");
  box.replaceChildren();
  const count = view.seats.length;
  for (let i = 1; i <= count; i += 1) {
    const s = (state.seat + i) % count;
    const info = view.seats[s];
    const name = seatName(s) + (view.dealer === s ? ` · ${t("review.dealer")}` : "");
    const asked = (view.to_act || []).includes(s);
    const panel = el("section", { class: "seat", "data-seat": s, "aria-current": asked ? "true" : null, "aria-label": name },
      el("h3", { text: name }));
    if (Array.isArray(info.hand)) panel.append(cardsRow(info.hand, `${name}: ${cardNames(info.hand)}`));
    else panel.append(el("p", { class: "hand-size", text: tn("cards_in_hand", Number(info.hand_count ?? info.hand) || 0) }));
    if (info.melds && info.melds.length) {
      panel.append(el("div", { class: "melds", role: "group", "aria-label": t("table.melds") }, ...info.melds.map(group)));
    }
    if (info.discards && info.discards.length) {
      const label = t(`table.discards.${game}`);
      panel.append(el("div", { class: "discards" }, el("span", { class: "label", text: label }), cardsRow(info.discards, label)));
    }
    box.append(panel);
  }
  const centre = el("div", { class: "table-centre" }, el("p", { class: "stock", text: tn("stock", Number(view.stock) || 0) }));
  const pub = view.public;
  if (pub && pub.card) {
    const caption = t("review.public_owner", { seat: seatName(pub.owner) });
    centre.append(el("figure", { class: "public", "aria-label": caption }, cardsRow([pub.card], caption),
      el("figcaption", { text: caption })));
  } else centre.append(el("p", { class: "public none", text: t("review.no_public") }));
  box.prepend(centre);
}

/** @param {any} d */
function whyText(d) {
  const params = d.why.params || {};
  if (Object.values(params).some((v) => v === null || v === undefined)) return t("review.better");
  return d.why.key in M ? t(d.why.key, wordsFor(params)) : t("review.better");
}

/** @param {any} d */
function drawJudgement(d) {
  const box = part("judgement");
  if (!d) {
    box.replaceChildren(el("p", { class: "none", text: t("review.no_decision") }));
    return;
  }
  const flag = d.flag ? t(`review.flag.${d.flag}`) : t("review.flag.none");
  const list = el("ul", { class: "options", "aria-label": t("review.options") });
  const order = [...d.legal].sort((a, b) => d.values[b] - d.values[a]);
  for (const action of order) {
    const value = d.values[action];
    const marks = [action === d.chosen ? t("review.chosen") : "", action === d.best ? t("review.best") : ""].filter(Boolean);
    list.append(el("li", { class: "option", "data-chosen": action === d.chosen || null, "data-best": action === d.best || null },
      el("span", { class: "option-name", text: describe(action) }),
      marks.length ? el("strong", { class: "marks", text: ` (${marks.join(", ")})` }) : null,
      el("span", { class: "bar", "aria-hidden": "true" }, el("span", { class: "fill", style: `width: ${percent(value)}%` })),
      el("span", { class: "chance", text: t("review.chance", { percent: percent(value) }) })));
  }
  box.replaceChildren(
    el("h2", { text: t("review.decision") }),
    el("p", { class: "verdict" },
      el("strong", { class: `flag flag-${d.flag || "none"}`, "data-flag": d.flag || "none", text: flag }),
      " · ", el("span", { class: "loss", text: t("review.loss", { points: percent(d.loss) }) })),
    el("p", { class: "why", text: whyText(d) }),
    el("h3", { text: t("review.options") }),
    list,
  );
}

function drawLog() {
  const list = /** @type {HTMLOListElement} */ (part("log"));
  const words = new Words(M, lang);
  words.me = state.seat;
  const book = new LogBook(list, words, new CardArt(words, game, M.sprite || ""), game);
  book.clear();
  for (let s = 0; s <= at; s += 1) book.add(data.steps[s].events, s);
  for (const item of list.querySelectorAll(`[data-v="${at}"]`)) item.classList.add("current");
  list.scrollTop = list.scrollHeight;
}

/** @param {KeyboardEvent} event */
function keys(event) {
  if (!data) return;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target && (target.tagName === "SELECT" || (target.tagName === "INPUT" && target.getAttribute("type") !== "checkbox"))) return;
  if (event.key === "ArrowRight") go(at + 1);
  else if (event.key === "ArrowLeft") go(at - 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(data.steps.length - 1);
  else return;
  event.preventDefault();
}

if (root) {
  document.addEventListener("keydown", keys);
  if (root.dataset.source) poll();
  const form = root.querySelector('[data-role="upload"]');
  if (form) form.addEventListener("submit", (e) => upload(/** @type {SubmitEvent} */ (e)));
}
