/**
 * The banner over the board once the match is over: it stays there after the match-over
 * dialog is closed, with the winner, why the last game ended, the final score and the
 * New match / Analyse / Rematch buttons. It shows what it is told (the adapter's
 * `bannerState`) and decides nothing.
 *
 * Events: "rematch", "newMatch", "analyse".
 */

import { el, reason, scoreText, seatedText, colourOf } from "./dialogs.js";

/**
 * @typedef {{winner:"white"|"red", session:boolean, why:object|null, score:{white:number, red:number}}|null} BannerState
 *   null: no banner
 */

/**
 * @param {HTMLElement} host  the board's container (the banner floats over the board)
 * @param {{t:(key:string, params?:object)=>string, nameOf?:import("./dialogs.js").NameOf}} deps
 *   `nameOf`: each side by its colour unless told
 */
export function createBanner(host, { t, nameOf = colourOf(t) }) {
  const handlers = new Map();
  const emit = (name) => (handlers.get(name) || new Set()).forEach((fn) => fn());
  const banner = el("section", { class: "gm-banner", "data-banner": "matchOver", "aria-labelledby": "gm-banner-title" });
  banner.hidden = true;
  host.append(banner);
  /** @type {BannerState} */
  let state = null;

  const button = (name, label, kind) => {
    const b = el("button", { type: "button", class: `gm-button ${kind}`, "data-banner-action": name }, label);
    b.addEventListener("click", () => emit(name));
    return b;
  };

  function draw() {
    banner.hidden = !state;
    if (!state) return banner.replaceChildren();
    banner.replaceChildren(
      el("h2", { id: "gm-banner-title" }, state.session ? t("dialog.sessionOver.title") : seatedText(t, "dialog.matchOver.title", nameOf(state.winner))),
      ...(state.why ? [el("p", { class: "gm-why" }, reason(state.why, t, nameOf))] : []),
      el("p", { class: "gm-banner-score", "data-banner-score": "" }, t("dialog.matchOver.body", { score: scoreText(t, state.score, nameOf) })),
      el("div", { class: "gm-actions" }, button("newMatch", t("controls.newMatch"), ""), button("analyse", t("analysis.start"), ""), button("rematch", t("dialog.rematch"), "primary")),
    );
  }

  return {
    /** @param {BannerState} s */
    set(s) {
      if (JSON.stringify(s) === JSON.stringify(state)) return;
      state = s;
      draw();
    },
    /**
     * @param {"rematch"|"newMatch"|"analyse"} name
     * @param {() => void} fn
     * @returns {() => void} unbind
     */
    on(name, fn) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(fn);
      return () => handlers.get(name).delete(fn);
    },
    /** Puts the keyboard on Rematch (after the match-over dialog is closed). */
    focus() {
      banner.querySelector('[data-banner-action="rematch"]')?.focus();
    },
    relabel: draw,
  };
}
