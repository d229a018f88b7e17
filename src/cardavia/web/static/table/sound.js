// @ts-check
// Cues for the moments a player should not miss: it is his turn, a claim window asks him, someone
// made a claim, the deal is won. Each is shown (a short word on the felt, whatever the setting) and,
// when the "sound" setting is on, heard: a few notes made in the browser (Web Audio), no recording.
// Every cue is also told to the page as a `cardavia:cue` event ({kind, sound}).

/** The notes of each cue: [frequency in Hz, start s, length s]. */
const NOTES = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.16]],
  window: [[988, 0, 0.09]],
  claim: [[330, 0, 0.1], [247, 0.1, 0.14]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.3]],
};
const SHOWN_MS = 1600;

export class Cues {
  /**
   * @param {HTMLElement} root the table (the events go out from it) @param {HTMLElement} box where the visible cue shows
   * @param {import("./words.js").Words} words @param {boolean} sound
   */
  constructor(root, box, words, sound) {
    this.root = root;
    this.box = box;
    this.words = words;
    this.sound = sound;
    /** @type {AudioContext | null} */
    this.audio = null;
    this.timer = 0;
  }

  /** Turn the sound on or off (the setting changed). @param {boolean} on */
  setSound(on) {
    this.sound = on;
  }

  /** Give the cue of `kind` once. @param {"turn" | "window" | "claim" | "win"} kind */
  give(kind) {
    this.box.textContent = this.words.t(`cue.${kind}`);
    this.box.dataset.kind = kind;
    this.box.hidden = true;
    void this.box.offsetWidth; // a new cue starts its fade from the beginning
    this.box.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => { this.box.hidden = true; }, SHOWN_MS);
    if (this.sound) this.play(NOTES[kind]);
    this.root.dispatchEvent(new CustomEvent("cardavia:cue", { bubbles: true, detail: { kind, sound: this.sound } }));
  }

  /** @param {number[][]} notes */
  play(notes) {
    try {
      this.audio = this.audio || new AudioContext();
      const start = this.audio.currentTime + 0.01;
      for (const [frequency, at, length] of notes) {
        const tone = this.audio.createOscillator();
        const gain = this.audio.createGain();
        tone.type = "sine";
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + at);
        gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
        tone.connect(gain).connect(this.audio.destination);
        tone.start(start + at);
        tone.stop(start + at + length + 0.02);
      }
    } catch {
      // No sound where the browser has no audio: the visible cue is there.
    }
  }
}
