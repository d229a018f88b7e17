// @ts-check
// The review of a finished deal: a replay (every hand, or what the player could see then) with the
// computer's judgement of each of the player's decisions. It draws only what the server sends
// (review_pages.py): the review document, the replay's steps and the words of the page. Each step
// is drawn by the live table's own modules (static/table/): its seats, groups, discards, public
// card and caption, and its log, in the table's words.

import { Board } from "./table/board.js";
import { CardArt, el } from "./table/cards.js";
import { drawPublic } from "./table/dock.js";
import { LogBook, MOVES, bare } from "./table/logbook.js";
import { optionCards as cardsOf, optionText as textOf, reasonText } from "./table/options.js";
import { Words } from "./table/words.js";

const root = /** @type {HTMLElement} */ (document.getElementById("review")); // this module runs on the review page only
const catalogue = document.getElementById("review-messages");
const SVG = "http://www.w3.org/2000/svg";
const MAX_UPLOAD = 15 * 1024; // the server refuses bodies over 16 KiB

/** @type {Record<string, any>} */
let M = catalogue ? JSON.parse(catalogue.textContent || "{}") : {};
const lang = root ? root.dataset.lang || "en" : "en";
let words = new Words(M, lang);
let game = "";
/** @type {any} */
let data = null;
/** @type {any} the view the player had at the step shown (his decision's public card) */
let mineView = null;
let at = 0;
let showAll = true;
/** @type {Map<number, any>} the player's decisions by the step that shows them */
let byStep = new Map();
/** @type {Board | null} */
let board = null;
/** @type {LogBook | null} */
let log = null;
/** @type {CardArt | null} */
let art = null;

/** @param {string} role */
const part = (role) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${role}"]`));

/** @param {string} key @param {Record<string, any>} [params] */
const t = (key, params = {}) => words.t(key, params);

/** @param {string} tag @param {Record<string, any>} attrs */
function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** The public card the player saw at this step, if any. */
const publicCard = () => (mineView && mineView.public ? mineView.public.card : null);

/** What one of the player's options does, as the table's button says it. @param {string} action */
const optionText = (action) => textOf(words, game, action, publicCard(), M.groups || {});

/** The cards an option plays or makes, as on the table's button (its text names them). @param {string} action */
const optionCards = (action) => (art ? cardsOf(art, game, action, publicCard(), M.groups || {}) : null);

const oneDecimal = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
  words = new Words(M, lang);
  words.me = body.seat;
  art = new CardArt(words, game, M.sprite || "");
  const table = part("table");
  for (const name of [...table.classList]) if (name.startsWith("table-")) table.classList.remove(name);
  table.classList.add(`table-${game}`);
  board = new Board({ seats: part("seats"), centre: part("centre"), mine: part("mine") }, words, art, game);
  board.showHands = true;
  // Every seat's panel starts open (a phone shows the table's seats as a strip of closed ones).
  const seats = body.steps.length ? body.steps[0].full.seats.length : 0;
  for (let s = 0; s < seats; s += 1) if (s !== body.seat) board.expanded.add(s);
  log = new LogBook(/** @type {HTMLOListElement} */ (part("log")), words, art, game);
  mineView = null;
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
  if (!review.decisions.length) { // a replay without judgement (a past day's deal)
    part("summary").replaceChildren();
    return;
  }
  const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const d of review.decisions) if (d.flag) counts[/** @type {"mistake"} */ (d.flag)] += 1;
  const box = part("summary");
  box.replaceChildren(
    el("p", { class: "accuracy", text: t("review.accuracy", { accuracy: oneDecimal.format(review.accuracy) }) }),
    el("p", { class: "note", text: t("review.accuracy_note") }),
    el("p", { class: "points-lost", text: t(`review.lost.${unit()}`, { n: twoDecimals.format(review.points_lost) }) }),
    el("p", { class: "flags", text: t("review.flags_count", counts) }),
    kinds(review.decisions) || "",
    graph(review.decisions),
  );
}

/** The unit a deal's result is counted in: tun where the game pays in tun, else points. */
const unit = () => (words.display(game).tun ? "tun" : "points");

/**
 * The flagged decisions grouped by kind, the kind that cost most first and its costliest decision
 * first; each decision a button that shows it. Null when nothing was flagged.
 * @param {any[]} decisions
 */
function kinds(decisions) {
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const d of decisions) {
    if (!d.flag) continue;
    const kind = d.kind || "other";
    groups.set(kind, [...(groups.get(kind) || []), d]);
  }
  if (!groups.size) return null;
  const cost = (/** @type {any[]} */ list) => list.reduce((sum, d) => sum + d.points_loss, 0);
  const section = el("section", { class: "review-kinds", "aria-labelledby": "kinds-title" },
    el("h2", { id: "kinds-title", text: t("review.kinds") }));
  const list = el("ul", { class: "kinds" });
  for (const [kind, found] of [...groups].sort((a, b) => cost(b[1]) - cost(a[1]))) {
    const items = el("ul", { class: "kind-decisions" });
    for (const d of [...found].sort((a, b) => b.points_loss - a.points_loss)) {
      const step = [...byStep].find(([, e]) => e === d);
      items.append(el("li", {},
        el("button", {
          type: "button", class: "link-button", "data-index": d.index,
          text: t(`review.kind_decision.${unit()}`, {
            index: words.number(d.index), flag: t(`review.flag.${d.flag}`), n: twoDecimals.format(d.points_loss),
          }),
          onclick: () => { if (step) go(step[0]); },
        })));
    }
    list.append(el("li", { class: "kind", "data-kind": kind },
      el("h3", { text: t(`review.kind.${kind}`) }),
      el("p", { class: "kind-cost", text: t(`review.kind_cost.${unit()}`, { count: words.number(found.length), n: twoDecimals.format(cost(found)) }) }),
      items));
  }
  section.append(list);
  return section;
}

/** One decision's point of the graph in words: its chance to win, and its flag. @param {any} d */
function pointText(d) {
  const params = { index: words.number(d.index), percent: percent(d.values[d.chosen]) };
  return d.flag
    ? t("review.graph_point_flag", { ...params, flag: t(`review.flag.${d.flag}`) })
    : t("review.graph_point", params);
}

/** The chance to win after each decision, as a line with marked points and a text alternative. @param {any[]} decisions */
function graph(decisions) {
  const W = 420, H = 170, PAD = 34, BOTTOM = 44;
  const figure = el("figure", { class: "review-graph" });
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "graph-title graph-desc" });
  const title = svgEl("title", { id: "graph-title" });
  title.textContent = t("review.graph");
  const desc = svgEl("desc", { id: "graph-desc" });
  desc.textContent = words.list(decisions.map(pointText));
  svg.append(title, desc);
  const x = (/** @type {number} */ i) => PAD + (decisions.length > 1 ? (i * (W - 2 * PAD)) / (decisions.length - 1) : (W - 2 * PAD) / 2);
  const y = (/** @type {number} */ v) => H - BOTTOM - v * (H - BOTTOM - 14);
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl("line", { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v), class: "grid" }));
    const label = svgEl("text", { x: PAD - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = `${v * 100}`;
    svg.append(label);
  }
  // The axes: the chance to win up the side, the player's decisions in order along the bottom.
  const across = svgEl("text", { x: PAD - 26, y: 10, class: "axis" });
  across.textContent = t("review.graph_axis");
  const along = svgEl("text", { x: W / 2, y: H - 4, "text-anchor": "middle", class: "axis" });
  along.textContent = t("review.graph_decisions");
  svg.append(across, along);
  if (decisions.length) {
    for (const i of new Set([0, decisions.length - 1])) {
      const tick = svgEl("text", { x: x(i), y: H - BOTTOM + 16, "text-anchor": "middle", class: "axis" });
      tick.textContent = words.number(i + 1);
      svg.append(tick);
    }
  }
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
    list.append(el("li", { text: pointText(d) }));
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
    type: "checkbox", "data-role": "seen",
    onchange: (/** @type {Event} */ e) => { showAll = !(/** @type {HTMLInputElement} */ (e.target).checked); go(at); },
  });
  box.replaceChildren(
    button("start", "review.start", () => go(0)),
    button("previous", "review.previous", () => go(at - 1)),
    slider,
    button("next", "review.next", () => go(at + 1)),
    button("end", "review.end", () => go(last)),
    button("flag", "review.next_flag", nextFlag),
    el("label", { class: "mine-toggle" }, toggle, el("span", { text: t("review.show_mine") })),
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
  mineView = s.mine;
  const slider = /** @type {HTMLInputElement} */ (root.querySelector('[data-role="slider"]'));
  slider.value = String(at);
  part("step").textContent = t("review.step", { n: at + 1, total: data.steps.length });
  const marks = drawLog();
  drawTable(showAll ? s.full : s.mine, marks);
  drawJudgement(byStep.get(at));
}

/**
 * The table at this step, as the live table draws it (every hand the view holds).
 * @param {any} view @param {{acted: number | null, last: Map<number, string>}} marks
 */
function drawTable(view, marks) {
  if (!board || !art) return;
  const last = at === data.steps.length - 1;
  board.render({ view, seat: data.seat, outcome: last ? true : null }, marks);
  drawPublic(part("public"), view, words, art, game);
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
    const mark = action === d.chosen ? (action === d.best ? "chosen_best" : "chosen") : action === d.best ? "best" : "";
    list.append(el("li", { class: "option", "data-chosen": action === d.chosen || null, "data-best": action === d.best || null },
      el("span", { class: "option-name" }, optionCards(action), el("span", { class: "option-text", text: optionText(action) })),
      mark ? el("strong", { class: "marks", text: t(`review.mark.${mark}`) }) : null,
      el("span", { class: "bar", "aria-hidden": "true" }, el("span", { class: "fill", style: `width: ${Math.round(value * 1000) / 10}%` })),
      el("span", { class: "chance", text: t("review.chance", { percent: percent(value) }) })));
  }
  box.replaceChildren(
    el("h2", { text: t("review.decision") }),
    el("p", { class: "verdict" },
      el("strong", { class: `flag flag-${d.flag || "none"}`, "data-flag": d.flag || "none", text: flag }),
      " · ", el("span", { class: "loss", text: t("review.loss", { points: percent(d.loss) }) }),
      " · ", el("span", { class: "points-loss", text: t(`review.loss_in.${unit()}`, { n: twoDecimals.format(d.points_loss) }) })),
    el("p", { class: "why" },
      el("span", { class: "why-about", text: d.chosen === d.best
        ? t("review.why_chosen")
        : t("review.why_best", { action: optionText(d.best) }) }),
      el("span", { class: "why-text", text: reasonText(words, d.why, optionText) })),
    el("h3", { text: t("review.options") }),
    list,
  );
}

/**
 * The log up to this step, line for line the live table's (its entries for this step marked),
 * and who moved in this step and each seat's last move (the seats' marks on the board).
 * @returns {{acted: number | null, last: Map<number, string>}}
 */
function drawLog() {
  /** @type {Map<number, string>} */
  const last = new Map();
  let acted = null;
  if (!log) return { acted, last };
  log.clear();
  for (let s = 0; s <= at; s += 1) {
    for (const { event, text } of log.add(data.steps[s].events, s)) {
      const seat = event.params ? event.params.seat : undefined;
      if (MOVES.has(bare(event.kind)) && typeof seat === "number") {
        last.set(seat, text);
        if (s === at) acted = seat;
      }
    }
  }
  const list = part("log");
  for (const line of list.querySelectorAll(`[data-v="${at}"]`)) line.closest("li")?.classList.add("current");
  list.scrollTop = list.scrollHeight;
  return { acted, last };
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
