// @ts-check
// The pace of the table: frames go into a queue and are shown one at a time, in order, none
// dropped, each for a minimum time by its kind. The server's own pace is a floor under it
// (PROTOCOL.md): while a frame is on screen the server is asked to hold the next one (`pace`
// with `paused`), so it never runs ahead of what the player has seen and a countdown is never
// eaten by the queue. A frame that asks the player ends the wait at once: the frames before it
// are shown briefly (`quick`: painted, without their card's flight) and it comes up straight away.
// A lesson's tip that holds the table (`waiting`) keeps the queue and the server waiting until the
// player has read it, whatever the speed.

/** On-screen time of each step kind, in units of the server's step time (`ai_delay`). */
export const HOLD = {
  deal: 2.6, draw: 2.2, window: 1.6, claim: 3.0, meld: 2.4, discard: 2.0, dead: 1.3, win: 2.8,
  step: 1.6, decision: 0, end: 0,
};
/** How much longer (slow) or shorter (fast) each speed makes every step. */
export const SPEED = { slow: 1.6, normal: 1, fast: 0.45 };
/** A step repeated with nothing in it for the player (e.g. a second card dying) is this much shorter. */
export const REPEAT = 0.7;
/** Every step is painted at least this long (ms), even in a burst. */
export const FLOOR_MS = 60;

/**
 * @typedef {import("../wire").StateMessage} Frame
 */

export class Pacer {
  /**
   * @param {{unitMs: number, speed: string, paused: boolean,
   *          show: (frame: Frame, quick: boolean) => void, concerns: (frame: Frame) => boolean,
   *          hold: (held: boolean) => void}} opts
   */
  constructor(opts) {
    this.unitMs = opts.unitMs;
    this.speed = opts.speed in SPEED ? opts.speed : "normal";
    this.paused = opts.paused;
    this.show = opts.show;
    this.concerns = opts.concerns;
    this.holdServer = opts.hold;
    /** @type {Frame[]} */
    this.queue = [];
    this.timer = 0;
    /** @type {Frame | null} */
    this.last = null;
    this.held = false;
    this.shownAt = 0;
    /** A lesson's tip on screen waits to be read (set by whoever shows the frame). */
    this.waiting = false;
  }

  /** How long `frame` stays on screen (ms) at the current speed. @param {Frame} frame */
  holdMs(frame) {
    if (frame.legal && frame.legal.length) return 0; // the player's turn: it stays until he acts
    const base = HOLD[/** @type {keyof typeof HOLD} */ (frame.step)] ?? HOLD.step;
    if (!base) return 0;
    const repeat = this.last && this.last.step === frame.step && !this.concerns(frame) ? REPEAT : 1;
    return Math.max(FLOOR_MS, this.unitMs * base * SPEED[/** @type {keyof typeof SPEED} */ (this.speed)] * repeat);
  }

  /** A frame from the server, to be shown after those before it. @param {Frame} frame */
  push(frame) {
    this.queue.push(frame);
    if (this.timer && frame.legal && frame.legal.length) this.hurry();
    this.pump();
  }

  /** A snapshot: what is queued is older; show `frame` now. @param {Frame} frame */
  reset(frame) {
    window.clearTimeout(this.timer);
    this.timer = 0;
    this.queue = [];
    this.last = null;
    this.show(frame, true);
    this.last = frame;
    this.setHeld(false);
  }

  /** @param {string} speed */
  setSpeed(speed) {
    if (speed in SPEED) this.speed = speed;
  }

  /** @param {boolean} paused */
  setPaused(paused) {
    this.paused = paused;
    if (!paused) this.pump();
    else this.setHeld(true);
  }

  /** The lesson's tip has been read (`false`): go on. @param {boolean} waiting */
  setWaiting(waiting) {
    this.waiting = waiting;
    if (!waiting) this.pump();
    else this.setHeld(true);
  }

  /** Is a frame waiting that asks the player? */
  asking() {
    return this.queue.some((f) => f.legal && f.legal.length);
  }

  /** A question has come: the step on screen ends as soon as it has been painted a moment. */
  hurry() {
    window.clearTimeout(this.timer);
    const left = FLOOR_MS - (performance.now() - this.shownAt);
    this.timer = left > 0 ? window.setTimeout(() => { this.timer = 0; this.pump(); }, left) : 0;
  }

  pump() {
    if (this.timer) return;
    if (this.waiting || (this.paused && !this.asking())) {
      this.setHeld(true);
      return;
    }
    const next = this.queue.shift();
    if (!next) {
      this.setHeld(false);
      return;
    }
    const hurried = this.asking() && !(next.legal && next.legal.length);
    this.show(next, hurried);
    this.shownAt = performance.now();
    const hold = hurried ? FLOOR_MS : this.holdMs(next);
    this.last = next;
    if (!hold) {
      this.pump();
      return;
    }
    this.setHeld(true);
    this.timer = window.setTimeout(() => {
      this.timer = 0;
      this.pump();
    }, hold);
  }

  /** Ask the server to hold its frames or to send the next. @param {boolean} held */
  setHeld(held) {
    const want = held || this.paused || this.waiting;
    if (want !== this.held) {
      this.held = want;
      this.holdServer(want);
    }
  }
}
