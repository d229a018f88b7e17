// @ts-check
// A table for friends: the lobby (its seats, the invite link, the host's start), who plays each
// seat (a person, a computer, a person played for), the evening's score, the preset reactions and
// the "I am back" control. It draws what the server sends (PROTOCOL.md) and sends the
// start/invite/next/react/back messages; it decides nothing.

import { el } from "./cards.js";

export const REACTIONS = ["well_played", "good_luck", "thanks", "again", "oops", "wow"];
const SHOWN_MS = 5000;

export class Company {
  /**
   * @param {{lobby: HTMLElement, people: HTMLElement, react: HTMLElement, reacted: HTMLElement, auto: HTMLElement}} parts
   * @param {import("./words.js").Words} words @param {(message: Record<string, any>) => void} send
   */
  constructor(parts, words, send) {
    this.parts = parts;
    this.words = words;
    this.send = send;
    /** @type {import("../wire").Player[]} */
    this.players = [];
    /** @type {number[]} */
    this.totals = [];
    this.seat = 0;
    this.timer = 0;
    this.drawReactions();
  }

  /** The lobby as the server sent it. @param {import("../wire").LobbyMessage} message */
  lobby(message) {
    const w = this.words;
    this.seat = message.seat;
    this.learn(message.players, message.totals);
    const host = message.seat === message.host;
    const seats = el("ol", { class: "lobby-seats" });
    for (const entry of message.lobby.seats) {
      const name = entry.kind === "empty" ? w.t("friends.free") : this.nameOf(entry.seat, entry.name);
      seats.append(el("li", { class: `lobby-seat ${entry.kind}` },
        el("span", { class: "name", text: name }),
        entry.seat === message.host ? el("small", { class: "badge-host", text: w.t("friends.host") }) : null));
    }
    const level = w.t(`level.${message.difficulty}`);
    const box = this.parts.lobby;
    box.replaceChildren(
      el("h2", { id: "lobby-title", text: w.t("friends.lobby_title") }),
      el("p", { class: "lobby-rules" }, el("span", { text: w.t("friends.level", { level }) }),
        el("span", { text: w.t("friends.turn", { seconds: w.number(message.turn) }) })),
      seats,
    );
    if (host && message.lobby.invite) {
      const link = new URL(message.lobby.invite, window.location.href).href;
      const field = el("input", { type: "text", readonly: true, value: link, id: "invite-link", class: "invite-link" });
      const said = el("span", { class: "copied", "aria-live": "polite" });
      const copy = el("button", { type: "button", class: "button secondary", text: w.t("friends.copy"), onclick: () => {
        const input = /** @type {HTMLInputElement} */ (field);
        input.select();
        const done = () => { said.textContent = w.t("friends.copied"); };
        if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, done);
        else done();
      } });
      box.append(
        el("label", { for: "invite-link", text: w.t("friends.invite") }),
        el("p", { class: "invite" }, field, copy, said),
        el("p", { class: "new-link" },
          el("button", { type: "button", class: "button secondary", text: w.t("friends.new_link"), onclick: () => this.send({ type: "invite" }) }),
          el("small", { text: w.t("friends.new_link_note") })),
        el("p", { class: "start" },
          el("button", { type: "button", class: "button", "data-role": "start", text: w.t("friends.start"), onclick: () => this.send({ type: "start" }) }),
          el("small", { text: w.t("friends.start_note") })),
      );
    } else {
      box.append(el("p", { class: "wait-host", text: w.t("friends.wait_host") }));
    }
    box.hidden = false;
  }

  /** Leave the lobby: the deal has started. */
  started() {
    this.parts.lobby.hidden = true;
    this.parts.lobby.replaceChildren();
  }

  /**
   * Who plays each seat and the evening's score (from a `state` or a `players` message).
   * @param {import("../wire").Player[]} players @param {number[] | undefined} [totals]
   */
  learn(players, totals) {
    this.players = players;
    if (totals) this.totals = totals;
    this.words.people = new Map(players.filter((p) => p.kind === "human").map((p) => [p.seat, p.name]));
    this.drawPeople();
  }

  /** @param {number} seat @param {string | null} name */
  nameOf(seat, name) {
    if (seat === this.words.me) return this.words.t("seat.you");
    return name || this.words.t("seat.player", { n: seat });
  }

  drawPeople() {
    const w = this.words;
    const list = el("ul", { class: "people-list", "aria-label": w.t("friends.people") });
    for (const p of this.players) {
      /** @type {string[]} */
      const notes = [];
      if (p.kind === "human" && p.auto && p.seat !== w.me) notes.push(w.t("friends.auto")); // (his own: the bar says it)
      if (p.kind === "human" && !p.connected) notes.push(w.t("friends.away"));
      const total = this.totals[p.seat] ?? 0;
      list.append(el("li", { class: `person ${p.kind}${p.auto ? " auto" : ""}${p.connected ? "" : " away"}` },
        el("span", { class: "name", text: w.seat(p.seat) }),
        notes.length ? el("small", { class: "notes", text: w.list(notes) }) : null,
        el("span", { class: "total", "aria-label": w.t("friends.score"), text: w.signedNumber(total) })));
    }
    this.parts.people.replaceChildren(el("h2", { class: "visually-hidden", text: w.t("friends.people") }),
      el("span", { class: "label", text: w.t("friends.score") }), list);
    this.parts.people.hidden = false;
    this.parts.react.hidden = false;
    const mine = this.players.find((p) => p.seat === w.me);
    this.parts.auto.hidden = !(mine && mine.auto);
  }

  drawReactions() {
    const w = this.words;
    const buttons = REACTIONS.map((key) => el("button", { type: "button", class: "react-button", "data-react": key,
      text: w.t(`react.${key}`), onclick: () => this.send({ type: "react", key }) }));
    this.parts.react.replaceChildren(el("span", { class: "label", text: w.t("friends.reactions") }), ...buttons);
    this.parts.auto.replaceChildren(
      el("p", { text: w.t("friends.you_auto") }),
      el("button", { type: "button", class: "button", "data-role": "back", text: w.t("friends.back"), onclick: () => this.send({ type: "back" }) }));
  }

  /** Show a reaction someone sent, in the reader's language. @param {import("../wire").ReactMessage} message */
  reacted(message) {
    const w = this.words;
    if (!REACTIONS.includes(message.key)) return;
    const line = w.t("friends.reacted", { seat: w.seat(message.seat), reaction: w.t(`react.${message.key}`) });
    this.parts.reacted.textContent = line;
    this.parts.reacted.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => { this.parts.reacted.hidden = true; }, SHOWN_MS);
  }

  /** The evening's score as a list for the end panel. */
  scoreList() {
    const w = this.words;
    const list = el("ul", { class: "evening-score" });
    this.totals.forEach((total, seat) => {
      list.append(el("li", { class: total > 0 ? "plus" : total < 0 ? "minus" : "zero" },
        el("span", { class: "who", text: w.seat(seat) }), el("span", { class: "amount", text: w.signedNumber(total) })));
    });
    return el("section", { class: "evening", "aria-labelledby": "evening-title" },
      el("h3", { id: "evening-title", text: w.t("friends.score") }), list);
  }
}
