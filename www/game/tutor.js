/**
 * The tutor (an option, off by default): before a person's play or cube action is
 * committed, the engine judges it in a Web Worker of its own (the worker's `tutor`
 * request, the analysis's judgement); one the engine marks bad or very bad (a loss of
 * 0.08 or more) is pointed out with the better choice, and the person may take it back.
 * The page only shows the engine's judgement.
 */

import { createComputerClient } from "../ai/client.js";
import { el } from "../ui/dialogs.js";
import { signed } from "../ui/signed.js";

/** The engine's marks the tutor points out. */
const POINTED_OUT = new Set(["bad", "very bad"]);

/**
 * @param {object} deps
 * @param {ReturnType<import("../ui/dialogs.js").createDialogs>} deps.dialogs
 * @param {(key:string, params?:object) => string} deps.t
 * @param {() => boolean} deps.enabled  the option, read at each question
 */
export function createTutor({ dialogs, t, enabled }) {
  /** @type {ReturnType<typeof createComputerClient>|null} */
  let client = null;

  return {
    /** Whether the tutor is on now. */
    enabled,
    /**
     * Asks the engine about `side`'s action `kind` ("EndTurn", "Double", "Roll", "Take"
     * or "Drop") in the match saved as `saved`; resolves true when it should go ahead,
     * false when the person takes it back, null when the question was closed unanswered
     * (by the page, not the person: nothing is to be done). An engine that cannot judge
     * lets it go ahead. The controller asks only while `enabled()` holds.
     * @param {string} saved @param {string} side @param {string} kind
     * @returns {Promise<boolean|null>}
     */
    async confirm(saved, side, kind) {
      client ??= createComputerClient();
      let judged = null;
      try {
        ({ result: judged } = await client.tutor(saved, side, kind));
      } catch {
        return true;
      }
      if (!judged || !POINTED_OUT.has(judged.mark)) return true;
      const answer = await dialogs.show({
        name: "tutor",
        title: t(judged.mark === "very bad" ? "tutor.veryBad" : "tutor.bad"),
        fields: [
          el("p", { "data-tutor": "played" }, t("tutor.played", { play: judged.played, equity: signed(judged.played_equity) })),
          el("p", { "data-tutor": "best" }, t("tutor.best", { play: judged.best, equity: signed(judged.best_equity) })),
          el("p", { "data-tutor": "loss" }, t("tutor.loss", { loss: judged.loss.toFixed(3) })),
        ],
        escape: "back",
        actions: [
          { value: "keep", label: t("tutor.keep") },
          { value: "back", label: t("tutor.back"), kind: "primary" },
        ],
      });
      return answer === null ? null : answer === "keep";
    },
  };
}
