import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeElement } from "./fakedom.mjs";
import { LogBook, bare, priorityKey, reasonKey } from "../../src/cardavia/web/static/table/logbook.js";
import { Words } from "../../src/cardavia/web/static/table/words.js";

const M = {
  "seat.you": "You",
  "seat.computer": "Computer {n}",
  "log.deal": "{seat} deals; {stock} cards in the stock.",
  "log.g.draw": "{seat} drew {card}.",
  "log.g.draw.you": "You drew {card}.",
  "log.discard": "{seat} discarded {card}.",
  "log.g.second_chance": "Offered once more.",
  "log.answer.pass": "You passed.",
  "log.end.draw": "Nobody won.",
  "event.generic": "({kind})",
  "reason.role_forbids": "Not for you.",
  "reason.role_forbids.next": "Only the next player.",
  "reason.short": "Too short.",
  "priority.win": "A win comes first.",
  names: { A: "ace", B: "bee" },
};

function book() {
  const words = new Words(M, "en");
  words.me = 0;
  const list = new FakeElement("ol");
  const art = { row: () => new FakeElement("span") };
  return { log: new LogBook(/** @type {any} */ (list), words, /** @type {any} */ (art), "g"), list };
}

const ev = (kind, params) => ({ kind: `g.${kind}`, params });

test("an event's kind without its game", () => {
  assert.equal(bare("g.draw"), "draw");
  assert.equal(bare("timeout"), "timeout");
});

test("each event kind gives its sentence, the player's own in the you-form", () => {
  const { log, list } = book();
  const said = log.add([
    ev("deal", { dealer: 1, stock: 40 }),
    ev("draw", { seat: 0, card: "A" }),
    ev("draw", { seat: 2, card: "B" }),
    ev("discard", { seat: 2, card: "B" }),
    ev("window", { window: "W2" }),
    ev("answer", { seat: 0, action: "pass" }),
    ev("answer", { seat: 1, action: "pass" }),
    ev("resolve", {}),
    ev("end", { status: "draw" }),
    ev("mystery", {}),
  ], 7);
  assert.deepEqual(said.map((s) => s.text), [
    "Computer 1 deals; 40 cards in the stock.",
    "You drew ace.",
    "Computer 2 drew bee.",
    "Computer 2 discarded bee.",
    "Offered once more.",
    "You passed.",
    "Nobody won.",
    "(g.mystery)",
  ]);
  // Entries and the sentences added to them: the second chance and the pass join the discard's.
  assert.equal(list.children.length, 6);
  assert.match(list.children[3].text, /discarded bee\.Offered once more\.You passed\./);
});

test("the log keeps its last 200 entries", () => {
  const { log, list } = book();
  for (let i = 0; i < 250; i += 1) log.add([ev("draw", { seat: 1, card: "A" })], i);
  assert.equal(list.children.length, 200);
});

test("a why-not reason and a priority rule are worded, or told nothing, or fall back", () => {
  const has = (k) => k in M;
  assert.equal(reasonKey({ reason: "not_asked" }, has), null);
  assert.equal(reasonKey({ reason: "role_forbids", role: "next", group: "x" }, has), "reason.role_forbids.next");
  assert.equal(reasonKey({ reason: "role_forbids", role: "other", group: "x" }, has), "reason.role_forbids");
  assert.equal(reasonKey({ reason: "short" }, has), "reason.short");
  assert.equal(reasonKey({ reason: "unheard_of" }, has), "reason.other");
  assert.equal(priorityKey({ rule: "win" }, has), "priority.win");
  assert.equal(priorityKey({ rule: "nearer" }, has), "priority.other");
});
