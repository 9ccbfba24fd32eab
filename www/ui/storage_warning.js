/**
 * The line under the board saying that the browser is not keeping the match in play
 * (its storage for the page is full or blocked), so that closing the page never loses a
 * match by surprise. Shown while the match's saves fail; gone once one succeeds.
 */

import { el } from "./dialogs.js";

/**
 * @param {HTMLElement} host  the page's footer
 * @param {{t:(key:string)=>string}} deps
 */
export function createStorageWarning(host, { t }) {
  const line = el("p", { class: "gm-storage-warning", role: "status", "data-part": "storageWarning" });
  line.hidden = true;
  host.append(line);
  const label = () => {
    line.textContent = t("save.notKept");
  };
  label();
  return {
    /** @param {boolean} kept  whether the match in play has just been written */
    set(kept) {
      line.hidden = kept;
    },
    relabel: label,
  };
}
