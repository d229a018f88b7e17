// @ts-check
// Display settings, live: the sliders set --contrast, --grain and --temperature on <html> at once and
// remember them in cookies, as do the table's choices (waits, hints and sound); choosing a language
// submits the form (the server sets the cookie and answers with the page in that language). Without
// JavaScript the form's button posts everything.
const YEAR = 365 * 24 * 3600;
const root = document.documentElement;
root.classList.add("js");
const percent = new Intl.NumberFormat(root.lang || "en", { style: "percent" });

/** @param {string} name @param {string} value */
function remember(name, value) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR}; Path=/; SameSite=Lax`;
}

const form = /** @type {HTMLFormElement | null} */ (document.querySelector("form.settings-form"));
if (form) {
  for (const input of form.querySelectorAll('input[type="range"]')) {
    const slider = /** @type {HTMLInputElement} */ (input);
    const out = form.querySelector(`output[for="${slider.id}"]`);
    const apply = () => {
      root.style.setProperty(`--${slider.name}`, String(Number(slider.value) / 100));
      if (out) out.textContent = percent.format(Number(slider.value) / 100);
    };
    slider.addEventListener("input", apply);
    slider.addEventListener("change", () => remember(slider.name, slider.value));
  }
  const select = form.querySelector("select[name=lang]");
  if (select) select.addEventListener("change", () => form.requestSubmit());
  // The table's own settings (the waits strip, the hint button, sound) apply at once; the table listens.
  for (const name of ["waits", "hints", "sound"]) {
    const choice = /** @type {HTMLSelectElement | null} */ (form.querySelector(`select[name=${name}]`));
    if (!choice) continue;
    choice.addEventListener("change", () => {
      remember(name, choice.value);
      document.dispatchEvent(new CustomEvent("cardavia:setting", { detail: { name, value: choice.value } }));
    });
  }
}
