/**
 * The player's options: kept in localStorage across games and reloads, applied at once
 * (every change emits "change" with the whole set), and the menu that edits them.
 */

import { el } from "./dialogs.js";

const STORAGE_KEY = "gamao.options";

/** Milliseconds of a checker's flight per animation-speed choice. */
export const ANIMATION_MS = { off: 0, fast: 130, normal: 260, slow: 450 };

/**
 * @typedef {object} Options
 * @property {boolean} endTurnByDice  end the turn by clicking the dice (else automatic)
 * @property {boolean} autoRoll       roll automatically (no cube offers while on)
 * @property {boolean} simpleGraphics
 * @property {boolean} flip           home board on the left
 * @property {boolean} turnBoard      two people on one device: the board turns to the
 *                                    side whose turn it is (its home board at the bottom)
 * @property {boolean} autoBearOff
 * @property {boolean} highlightLegal
 * @property {boolean} showPips
 * @property {boolean} sound
 * @property {"off"|"fast"|"normal"|"slow"} animation
 * @property {boolean} autoForced     play forced moves automatically
 * @property {boolean} tutor          a costly play or cube action is pointed out first
 * @property {"auto"|"pt"|"en"} language
 */

/** @type {Options} */
export const DEFAULT_OPTIONS = Object.freeze({
  // A new player confirms each turn (dice, or the End turn button): a misclick can be undone.
  endTurnByDice: true,
  autoRoll: false,
  simpleGraphics: false,
  flip: false,
  turnBoard: false,
  autoBearOff: false,
  highlightLegal: true,
  showPips: true,
  sound: true,
  animation: "normal",
  autoForced: false,
  tutor: false,
  language: "auto",
});

/** The options' part of the board state. @param {Options} o */
export function boardOptions(o) {
  return {
    simpleGraphics: o.simpleGraphics,
    homeSide: o.flip ? "left" : "right",
    highlightLegal: o.highlightLegal,
    showPips: o.showPips,
    animationMs: ANIMATION_MS[o.animation] ?? ANIMATION_MS.normal,
  };
}

/**
 * @param {{storage?: Storage}} [deps]
 */
export function createOptions({ storage = window.localStorage } = {}) {
  let options = { ...DEFAULT_OPTIONS, ...load(storage) };
  const handlers = new Set();
  return {
    /** @returns {Options} */
    get: () => ({ ...options }),
    /** @param {Partial<Options>} patch */
    set(patch) {
      options = { ...options, ...patch };
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(options));
      } catch {
        // storage full or blocked: the options still apply for this visit
      }
      for (const fn of handlers) fn({ ...options });
    },
    /** @param {"change"} name @param {(o:Options) => void} fn @returns {() => void} unbind */
    on(name, fn) {
      if (name !== "change") throw new Error(`unknown options event "${name}"`);
      handlers.add(fn);
      return () => handlers.delete(fn);
    },
  };
}

function load(storage) {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) || "{}");
    const known = {};
    for (const key of Object.keys(DEFAULT_OPTIONS)) {
      if (key in saved && typeof saved[key] === typeof DEFAULT_OPTIONS[key]) known[key] = saved[key];
    }
    return known;
  } catch {
    return {};
  }
}

const TOGGLES = [
  ["endTurnByDice", "options.endTurnByDice"],
  ["autoRoll", "options.autoRoll"],
  ["autoForced", "options.autoForced"],
  ["autoBearOff", "options.autoBearOff"],
  ["highlightLegal", "options.highlight"],
  ["showPips", "options.pips"],
  ["simpleGraphics", "options.simpleGraphics"],
  ["flip", "options.flip"],
  ["turnBoard", "options.turnBoard"],
  ["sound", "options.sound"],
  ["tutor", "options.tutor"],
];

/**
 * The options menu: a dialog whose every control applies its change immediately.
 * @param {ReturnType<typeof createOptions>} options
 * @param {{t:(key:string)=>string, languages:string[]}} deps
 */
export function createOptionsMenu(options, { t, languages }) {
  return {
    /**
     * Opens the menu; resolves when it is closed. A new language relabels it at once.
     */
    open() {
      const dialog = el("dialog", { class: "gm-dialog", "data-dialog": "options", "aria-labelledby": "gm-options-title" });
      const form = el("form", { method: "dialog" });
      let language = options.get().language;
      const fill = () => {
        const o = options.get();
        const toggles = el("fieldset", {});
        for (const [key, label] of TOGGLES) {
          const input = el("input", { type: "checkbox", name: key, "data-option": key });
          input.checked = o[key];
          input.addEventListener("change", () => options.set({ [key]: input.checked }));
          toggles.append(el("label", {}, input, t(label)));
        }
        const speed = choice("animation", Object.keys(ANIMATION_MS).map((k) => [k, t(`options.anim.${k}`)]), o.animation, options);
        const languageChoice = choice("language", ["auto", ...languages].map((k) => [k, t(`lang.${k}`)]), o.language, options);
        form.replaceChildren(
          el("h2", { id: "gm-options-title" }, t("options.title")),
          toggles,
          el("label", {}, `${t("options.animation")} `, speed),
          el("label", {}, `${t("options.language")} `, languageChoice),
          el("div", { class: "gm-actions" }, el("button", { class: "gm-button primary", value: "close", "data-action": "close" }, t("dialog.close"))),
        );
      };
      fill();
      const unbind = options.on("change", (o) => {
        if (o.language === language) return;
        language = o.language;
        fill();
        form.querySelector('[data-option="language"]').focus();
      });
      dialog.append(form);
      document.body.append(dialog);
      return new Promise((resolve) => {
        dialog.addEventListener("close", () => {
          unbind();
          dialog.remove();
          resolve();
        });
        dialog.showModal();
      });
    },
  };
}

function choice(name, entries, current, options) {
  const s = el("select", { name, "data-option": name });
  for (const [value, label] of entries) {
    const option = el("option", { value }, label);
    if (value === current) option.selected = true;
    s.append(option);
  }
  s.addEventListener("change", () => options.set({ [name]: s.value }));
  return s;
}
