// Controls whose text does not fit inside them, and a page wider than the screen.
() => {
  const bad = [];
  const sel = "button, .button, select, label, [role=button], .tabs a, .table-actions *, .settings *";
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      bad.push(`clipped: ${el.tagName} "${el.textContent.trim().slice(0, 40)}"`);
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    if (t.width && (t.left < r.left - 1 || t.right > r.right + 1)) {
      bad.push(`overflows: ${el.tagName} "${el.textContent.trim().slice(0, 40)}" text ${Math.round(t.width)} > box ${Math.round(r.width)}`);
    }
    if (r.right > window.innerWidth + 1) bad.push(`off screen: ${el.tagName} "${el.textContent.trim().slice(0, 40)}"`);
  }
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth + 1) bad.push(`page is ${width}px wide on a ${window.innerWidth}px screen`);
  return bad;
}
