// Missing glyphs: every visible character drawn on a canvas in its element's font, compared with
// an unassigned code point's drawing (the tofu box) and with nothing.
async (extra) => {
  await document.fonts.ready;
  const canvas = document.createElement("canvas");
  canvas.width = 72; canvas.height = 72;
  const ctx = canvas.getContext("2d", {willReadFrequently: true});
  const draw = (font, ch) => {
    ctx.clearRect(0, 0, 72, 72);
    ctx.font = font; ctx.textBaseline = "middle"; ctx.fillStyle = "#000";
    ctx.fillText(ch, 8, 36);
    return ctx.getImageData(0, 0, 72, 72).data;
  };
  const same = (a, b) => { for (let i = 3; i < a.length; i += 4) if (a[i] !== b[i]) return false; return true; };
  const blank = (a) => { for (let i = 3; i < a.length; i += 4) if (a[i] !== 0) return false; return true; };
  const pairs = new Map();
  const add = (el, text) => {
    const st = getComputedStyle(el);
    const font = `${st.fontStyle} ${st.fontWeight} 48px ${st.fontFamily}`;
    for (const ch of text) {
      if (/\s/u.test(ch) || ch.codePointAt(0) < 0x21) continue;
      pairs.set(font + "\u0000" + ch, [font, ch]);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest("script,style,noscript,template")) continue;
    if (!el.getClientRects().length && !(el instanceof SVGElement)) continue;
    add(el, n.data);
  }
  for (const [font, text] of extra) for (const ch of text) pairs.set(font + "\u0000" + ch, [font, ch]);
  const missing = [];
  const tofus = new Map();
  for (const [font, ch] of pairs.values()) {
    if (!tofus.has(font)) tofus.set(font, [draw(font, "\u0378"), draw(font, "\uFFFF")]);
    const img = draw(font, ch);
    const [t1, t2] = tofus.get(font);
    if (blank(img) || same(img, t1) || same(img, t2)) missing.push(`${ch} (U+${ch.codePointAt(0).toString(16)}) in ${font}`);
  }
  return {checked: pairs.size, missing};
}
