// An init script: records every state message the page receives and, each time the table shows a
// step, what the page shows then (the public card, its window, the caption, the stock, the log
// lines of that frame). Its sockets are kept so a test can close one.
(() => {
  const record = { received: [], shown: [], sockets: [], sent: [], hints: [], limited: [], cues: [] };
  window.__cardavia = record;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      record.sockets.push(this);
      this.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "hint") record.hints.push(message);
        if (message.type === "error" && message.key === "error.hints") record.limited.push(message);
        if (message.type !== "state" || message.step === "lobby") return;
        record.received.push({
          v: message.v, step: message.step, snapshot: Array.isArray(message.log),
          kinds: message.events.map((e) => e.kind), legal: message.legal,
          pub: message.view.public, stock: message.view.stock, at: performance.now(), waits: message.waits,
          window: message.window,
        });
      });
    }

    send(data) {
      record.sent.push(JSON.parse(data));
      super.send(data);
    }
  };
  document.addEventListener("cardavia:cue", (event) => {
    const root = document.getElementById("table");
    record.cues.push({ ...event.detail, v: Number(root.dataset.v) });
  });
  document.addEventListener("cardavia:step", (event) => {
    const root = document.getElementById("table");
    const spot = root.querySelector("[data-role=public]");
    const card = spot.querySelector("svg.card");
    const v = event.detail.v;
    record.shown.push({
      v, step: event.detail.step, at: performance.now(),
      pub: card ? card.dataset.card : null, window: spot.dataset.window || null,
      caption: (spot.querySelector(".who") || { textContent: "" }).textContent,
      stock: (root.querySelector("[data-role=stock]") || { textContent: "" }).textContent,
      lines: [...root.querySelectorAll(`[data-role=log] [data-v="${v}"]`)].map((l) => l.textContent),
      waits: root.querySelector("[data-role=waits]").hidden
        ? [] : [...root.querySelectorAll("[data-role=waits] li.wait")].map((li) => li.dataset.card),
    });
  });
})();
