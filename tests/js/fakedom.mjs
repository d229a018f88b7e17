// A minimal DOM for the browser modules that build elements (cards.js's `el`): enough to count
// and read what they made, nothing more. Installed on globalThis by importing this module.

class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.attributes = {};
    this.childNodes = [];
    this.textContent = "";
    this.parent = null;
    this.scrollTop = 0;
    this.scrollHeight = 0;
  }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return this.attributes[name] ?? null; }
  addEventListener() {}
  append(...nodes) {
    for (const node of nodes) {
      const child = typeof node === "string" ? Object.assign(new FakeElement("#text"), { textContent: node }) : node;
      child.parent = this;
      this.childNodes.push(child);
    }
  }
  replaceChildren(...nodes) { this.childNodes = []; this.append(...nodes); }
  remove() {
    if (!this.parent) return;
    this.parent.childNodes = this.parent.childNodes.filter((c) => c !== this);
    this.parent = null;
  }
  get children() { return this.childNodes.filter((c) => c.tagName !== "#TEXT"); }
  get firstElementChild() { return this.children[0] ?? null; }
  /** The text of this element and everything in it. */
  get text() { return this.textContent + this.childNodes.map((c) => c.text).join(""); }
}

globalThis.document = {
  createElement: (tag) => new FakeElement(tag),
  createElementNS: (_ns, tag) => new FakeElement(tag),
};
globalThis.window = globalThis;

export { FakeElement };
