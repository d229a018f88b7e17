// @ts-check
// A game's puzzles (pages/puzzles.py): the board as the seat saw it, drawn by the live table's own
// modules, the options as the table words them; an answer shows right or wrong, what each option was
// worth, the reason, what a wrong answer led to in the deal, and the ratings moved. Options are
// buttons (Tab and Enter), and the digits 1-9 choose the option of that number.

import { Board } from "./table/board.js";
import { CardArt, el } from "./table/cards.js";
import { drawPublic } from "./table/dock.js";
import { LogBook } from "./table/logbook.js";
import { optionCards, optionText, reasonText } from "./table/options.js";
import { Words } from "./table/words.js";

const root = /** @type {HTMLElement} */ (document.getElementById("puzzles"));
const catalogue = document.getElementById("puzzle-messages");
/** @type {Record<string, any>} */
const M = catalogue ? JSON.parse(catalogue.textContent || "{}") : {};
const lang = root ? root.dataset.lang || "en" : "en";
const game = root ? root.dataset.game || "" : "";
const words = new Words(M, lang);
const art = new CardArt(words, game, M.sprite || "");
const percent = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
/** A rating, as ratings are written: digits only (1500, not 1,500). @param {number} n */
const rated = (n) => String(Math.round(n));

/** @type {any} the puzzle shown */
let puzzle = null;
let answered = false;

/** @param {string} role */
const part = (role) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${role}"]`));
/** @param {string} key @param {Record<string, any>} [params] */
const t = (key, params = {}) => words.t(key, params);
const pub = () => (puzzle && puzzle.view.public ? puzzle.view.public.card : null);
/** @param {string} action */
const textOf = (action) => optionText(words, game, action, pub(), M.groups || {});

const board = root
  ? new Board({ seats: part("seats"), centre: part("centre"), mine: part("mine") }, words, art, game)
  : null;
const log = root ? new LogBook(/** @type {HTMLOListElement} */ (part("log")), words, art, game) : null;

function mode() {
  const checked = /** @type {HTMLInputElement | null} */ (root.querySelector('input[name="mode"]:checked'));
  return checked ? checked.value : "rated";
}

function theme() {
  return /** @type {HTMLSelectElement} */ (root.querySelector('select[name="theme"]')).value;
}

async function load() {
  part("status").textContent = t("puzzle.loading");
  part("main").hidden = true;
  const query = new URLSearchParams({ mode: mode() });
  if (theme() && mode() === "rated") query.set("theme", theme());
  const response = await fetch(`/games/${game}/puzzles/next?${query}`, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    part("status").textContent = body.error || "";
    return;
  }
  part("rating").textContent = t("puzzle.rating", { rating: rated(body.player.rating) });
  const waiting = t("puzzle.waiting", { waiting: words.number(body.mistakes.waiting), due: words.number(body.mistakes.due) });
  part("waiting").textContent = waiting;
  if (!body.puzzle) {
    part("status").textContent = mode() === "mistakes" ? t("puzzle.none_due") : t("puzzle.none");
    return;
  }
  part("status").textContent = "";
  show(body.puzzle);
}

/** @param {any} p */
function show(p) {
  puzzle = p;
  answered = false;
  part("main").dataset.puzzle = p.id;
  words.me = p.seat;
  part("main").hidden = false;
  if (board) {
    board.showHands = true; // the view holds the seat's own hand only
    board.render({ view: p.view, seat: p.seat, outcome: null }, { acted: null, last: new Map() });
  }
  drawPublic(part("public"), p.view, words, art, game);
  if (log) {
    log.clear();
    log.add(p.events, 0);
  }
  part("question").textContent = t("puzzle.question");
  part("you").textContent = t("puzzle.choose", { last: words.number(p.options.length) });
  const options = part("options");
  options.replaceChildren(...p.options.map((/** @type {string} */ action, /** @type {number} */ i) =>
    el("button", { type: "button", class: "button secondary puzzle-option", "data-action": action, onclick: () => answer(action) },
      el("span", { class: "option-number", "aria-hidden": "true", text: `${i + 1}` }),
      optionCards(art, game, action, pub(), M.groups || {}) || "",
      el("span", { class: "option-text", text: textOf(action) }))));
  part("result").replaceChildren();
  const first = /** @type {HTMLElement | null} */ (options.querySelector("button"));
  if (first) first.focus();
}

/** @param {string} action */
async function answer(action) {
  if (!puzzle || answered) return;
  answered = true;
  for (const b of part("options").querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
  const response = await fetch(`/games/${game}/puzzles/${puzzle.id}/answer`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ answer: action }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    part("result").replaceChildren(el("p", { text: body.error || "" }));
    answered = false;
    for (const b of part("options").querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = false;
    return;
  }
  result(body);
}

/** @param {any} r */
function result(r) {
  for (const b of part("options").querySelectorAll("button")) {
    const a = /** @type {HTMLElement} */ (b).dataset.action;
    if (a === r.answer) b.classList.add("is-answer");
    if (a === r.chosen && !r.right) b.classList.add("is-wrong");
  }
  const box = part("result");
  const verdict = r.right ? t("puzzle.right") : t("puzzle.wrong", { action: textOf(r.answer) });
  /** @type {(Node | string)[]} */
  const out = [el("p", { class: `verdict ${r.right ? "right" : "wrong"}`, "data-right": String(r.right), text: verdict })];
  if (r.why) out.push(el("p", { class: "why", text: reasonText(words, r.why, textOf) }));
  const worth = el("ul", { class: "puzzle-worth" });
  for (const action of [...puzzle.options].sort((a, b) => r.values[b] - r.values[a])) {
    const played = r.deep && action in r.deep && r.margin
      ? el("span", { class: "played-out", text: t("puzzle.played_out", { worlds: words.number(r.margin.worlds), percent: percent.format(r.deep[action] * 100) }) })
      : null;
    worth.append(el("li", { "data-action": action },
      el("strong", { class: "option-text", text: textOf(action) }), " · ",
      el("span", { class: "chance", text: t("review.chance", { percent: percent.format(r.values[action] * 100) }) }),
      played ? " · " : "", played || ""));
  }
  out.push(el("h4", { text: t("puzzle.worth") }), worth);
  if (!r.right && r.leads_to) {
    const list = el("ol", { class: "table-log puzzle-led", tabindex: "0", "aria-label": t("puzzle.led_to") });
    const led = new LogBook(/** @type {HTMLOListElement} */ (list), words, art, game);
    led.add(r.leads_to.events, 0);
    out.push(el("h4", { text: t("puzzle.led_to") }), list);
    if (r.leads_to.over) out.push(el("p", { text: t("puzzle.deal_over") }));
  }
  if (r.rating) {
    out.push(el("p", { class: "rating-moved", text: t("puzzle.rating_moved", {
      before: rated(r.rating.before.rating), after: rated(r.rating.after.rating),
      puzzle: rated(r.rating.puzzle.rating),
    }) }));
    part("rating").textContent = t("puzzle.rating", { rating: rated(r.rating.after.rating) });
  } else if (r.schedule) {
    const days = Math.round((r.schedule.due - Date.now() / 1000) / 86400);
    out.push(el("p", { class: "schedule", text: r.schedule.done ? t("puzzle.learned")
      : days <= 1 ? t("puzzle.comes_back_one") : words.count("comes_back", days) }));
  } else if ("rating" in r) out.push(el("p", { class: "practice", text: t("puzzle.practice") }));
  const next = el("button", { type: "button", class: "button", "data-role": "next", text: t("puzzle.next"), onclick: load });
  out.push(next);
  box.replaceChildren(...out);
  next.focus();
}

/** @param {KeyboardEvent} event */
function keys(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (!puzzle || answered || (target && ["SELECT", "INPUT"].includes(target.tagName))) return;
  const n = Number(event.key);
  if (Number.isInteger(n) && n >= 1 && n <= puzzle.options.length) {
    event.preventDefault();
    answer(puzzle.options[n - 1]);
  }
}

if (root) {
  document.addEventListener("keydown", keys);
  for (const input of root.querySelectorAll('input[name="mode"], select[name="theme"]')) input.addEventListener("change", load);
  load();
}
