import assert from "node:assert/strict";
import { test } from "node:test";

import "./fakedom.mjs";
import { FLOOR_MS, HOLD, Pacer, SPEED } from "../../src/cardavia/web/static/table/pace.js";

const frame = (v, step, legal = []) => ({ v, step, legal, events: [] });

function pacer(opts = {}) {
  const shown = [];
  const held = [];
  const p = new Pacer({
    unitMs: 100, speed: "normal", paused: false,
    show: (f, quick) => shown.push([f.v, quick]), concerns: () => false, hold: (h) => held.push(h),
    ...opts,
  });
  return { p, shown, held };
}

test("frames are shown in order, none dropped, each for its kind's time", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { p, shown } = pacer();
  p.push(frame(1, "draw"));
  p.push(frame(2, "discard"));
  p.push(frame(3, "window"));
  assert.deepEqual(shown.map(([v]) => v), [1]);
  t.mock.timers.tick(100 * HOLD.draw - 1);
  assert.deepEqual(shown.map(([v]) => v), [1]);
  t.mock.timers.tick(1);
  assert.deepEqual(shown.map(([v]) => v), [1, 2]);
  t.mock.timers.tick(100 * HOLD.discard);
  assert.deepEqual(shown.map(([v]) => v), [1, 2, 3]);
});

test("a frame that asks the player stays until he acts, and cuts short the waits before it", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { p, shown } = pacer();
  p.push(frame(1, "draw"));
  p.push(frame(2, "discard"));
  p.push(frame(3, "decision", ["pass", "take"]));
  // The steps before the question are each shown for the floor only (marked quick), none dropped.
  t.mock.timers.tick(FLOOR_MS);
  assert.deepEqual(shown, [[1, false], [2, true]]);
  t.mock.timers.tick(FLOOR_MS);
  assert.deepEqual(shown, [[1, false], [2, true], [3, false]]);
  assert.equal(p.holdMs(frame(4, "decision", ["pass"])), 0);
});

test("the step's time scales with the speed, repeats are shorter, never under the floor", () => {
  const { p } = pacer({ speed: "fast" });
  assert.equal(p.holdMs(frame(1, "claim")), 100 * HOLD.claim * SPEED.fast);
  p.last = frame(0, "claim");
  assert.equal(p.holdMs(frame(1, "claim")), 100 * HOLD.claim * SPEED.fast * 0.7);
  const tiny = pacer({ unitMs: 1 }).p;
  assert.equal(tiny.holdMs(frame(1, "dead")), FLOOR_MS);
});

test("paused, nothing more is shown and the server is asked to hold; resumed, it goes on", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { p, shown, held } = pacer();
  p.setPaused(true);
  p.push(frame(1, "draw"));
  t.mock.timers.tick(10_000);
  assert.deepEqual(shown, []);
  assert.equal(held.at(-1), true);
  p.setPaused(false);
  assert.deepEqual(shown.map(([v]) => v), [1]);
});

test("a snapshot shows its frame at once and forgets what was queued", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { p, shown } = pacer();
  p.push(frame(1, "draw"));
  p.push(frame(2, "discard"));
  p.reset(frame(9, "window"));
  t.mock.timers.tick(10_000);
  assert.deepEqual(shown, [[1, false], [9, true]]);
});
