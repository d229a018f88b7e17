import assert from "node:assert/strict";
import { test } from "node:test";

import { Words } from "../../src/cardavia/web/static/table/words.js";

const EN = {
  "seat.you": "You",
  "seat.computer": "Computer {n}",
  "log.draw": "{seat} drew {card}.",
  "log.draw.you": "You drew {card}.",
  "value.huxi_tun": "{huxi}, {tun}",
  "plural.points": { one: "{n} point", other: "{n} points" },
  "plural.huxi": { one: "{n} huxi", other: "{n} huxi" },
  "plural.tun": { one: "{n} tun", other: "{n} tun" },
  names: { RG: "red General", RH: "red Horse" },
  display: { pointy: { unit: "points", tun: false }, tunny: { unit: "huxi", tun: true } },
};

test("a message has its placeholders filled, an unknown one stays, an unknown key reads as itself", () => {
  const w = new Words(EN, "en");
  assert.equal(w.t("seat.computer", { n: 2 }), "Computer 2");
  assert.equal(w.t("log.draw", { card: "x" }), "{seat} drew x.");
  assert.equal(w.t("no.such.key"), "no.such.key");
  assert.equal(w.has("seat.you"), true);
  assert.equal(w.has("plural.points"), false); // a plural is not a plain message
});

test("a seat's own message takes its you-form; another seat is named", () => {
  const w = new Words(EN, "en");
  w.me = 0;
  assert.equal(w.about("log.draw", 0, { card: "RH" }), "You drew RH.");
  assert.equal(w.about("log.draw", 2, { card: "RH" }), "Computer 2 drew RH.");
  assert.equal(w.seat(null), "");
});

test("plurals follow the language's rules", () => {
  const en = new Words(EN, "en");
  assert.equal(en.count("points", 1), "1 point");
  assert.equal(en.count("points", 2), "2 points");
  const cs = new Words({ "plural.points": { one: "{n} bod", few: "{n} body", other: "{n} bodů" } }, "cs");
  assert.deepEqual([1, 3, 5].map((n) => cs.count("points", n)), ["1 bod", "3 body", "5 bodů"]);
  assert.equal(en.signed("points", 2), "+2 points");
  assert.equal(en.countWith("points", 2, { x: 1 }), "2 points");
});

test("cards are named and listed as the language lists them", () => {
  const en = new Words(EN, "en");
  assert.equal(en.card("RG"), "red General");
  assert.equal(en.card("ZZ"), "ZZ");
  assert.equal(en.isCard("RH"), true);
  assert.equal(en.cards(["RG", "RH", "RG"]), "red General, red Horse, and red General");
  const zh = new Words({ names: { a: "甲", b: "乙" } }, "zh");
  assert.equal(zh.cards(["a", "b"]), "甲和乙");
});

test("a game's values are worded from the server's display facts, never from its name", () => {
  const w = new Words(EN, "en");
  assert.deepEqual(w.display("tunny"), { unit: "huxi", tun: true });
  assert.equal(w.value("pointy", 3), "3 points");
  assert.equal(w.value("tunny", 3), "3 huxi");
  assert.equal(w.winValue("pointy", { score: 5 }), "5 points");
  assert.equal(w.winValue("tunny", { huxi: 18, tun: 2 }), "18 huxi, 2 tun");
});
