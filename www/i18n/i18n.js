/**
 * Translations: flat key tables (pt.js, en.js), the language following the browser
 * unless the player chose one. `t("board.matchTo", {n: 5})` fills `{n}` placeholders;
 * a missing key shows the key itself, so it is visible rather than silent.
 */

import pt from "./pt.js";
import en from "./en.js";

const TABLES = { pt, en };
const listeners = new Set();
let language = detectLanguage();

/** "pt" for any Portuguese browser language, else "en". */
export function detectLanguage() {
  const wanted = (typeof navigator !== "undefined" && (navigator.languages || [navigator.language])) || [];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in TABLES) return base;
  }
  return "en";
}

/** @returns {string[]} the languages offered */
export function languages() {
  return Object.keys(TABLES);
}

/** @returns {string} the current language code */
export function currentLanguage() {
  return language;
}

/**
 * @param {string} code "pt", "en", or "auto" (follow the browser)
 */
export function setLanguage(code) {
  const next = code === "auto" || !(code in TABLES) ? detectLanguage() : code;
  if (next === language) return;
  language = next;
  if (typeof document !== "undefined") document.documentElement.lang = language === "pt" ? "pt-PT" : "en";
  for (const fn of listeners) fn(language);
}

/**
 * @param {(language:string) => void} fn called after the language changes
 * @returns {() => void} unbind
 */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * @param {string} key
 * @param {Object<string, string|number>} [params]
 */
export function t(key, params) {
  const text = TABLES[language][key] ?? TABLES.en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
