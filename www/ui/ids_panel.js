/**
 * The GNU Backgammon Position ID and Match ID of the board shown, under the board: each
 * is a button that copies it with one click (Clipboard API, or a hidden text field and
 * the copy command where that is not available). "Set up…" asks for IDs to paste
 * (`askIds`); this module only collects them, the adapter's engine checks them.
 *
 * Events: "setUp".
 */

import { el } from "./dialogs.js";

/**
 * @param {HTMLElement} host
 * @param {{t:(key:string, params?:object)=>string, dialogs:ReturnType<import("./dialogs.js").createDialogs>}} deps
 */
export function createIdsPanel(host, { t, dialogs }) {
  const handlers = new Set();
  const ids = { positionId: "", matchId: "" };
  const live = el("span", { class: "visually-hidden", "aria-live": "polite" });
  const copyButton = (key) => {
    const b = el("button", { type: "button", class: "gm-id", "data-copy": key });
    b.addEventListener("click", () => copy(key, b));
    return b;
  };
  const position = copyButton("positionId");
  const match = copyButton("matchId");
  const positionLabel = el("span", { class: "gm-id-name" });
  const matchLabel = el("span", { class: "gm-id-name" });
  const setUp = el("button", { type: "button", class: "gm-button", "data-control": "setUpIds" });
  setUp.addEventListener("click", () => handlers.forEach((fn) => fn()));
  host.classList.add("gm-ids");
  host.append(el("span", { class: "gm-id-pair" }, positionLabel, position), el("span", { class: "gm-id-pair" }, matchLabel, match), setUp, live);

  async function copy(key, button) {
    const text = ids[key];
    const done = await writeClipboard(text);
    live.textContent = done ? t("ids.copied", { id: text }) : t("ids.copyFailed");
    button.classList.toggle("copied", done);
    button.dataset.feedback = done ? t("ids.copiedShort") : "";
    setTimeout(() => button.classList.remove("copied"), 1200);
  }

  const relabel = () => {
    positionLabel.textContent = t("ids.position");
    matchLabel.textContent = t("ids.match");
    position.title = match.title = t("ids.copy");
    setUp.textContent = t("ids.setUp");
    render();
  };
  const render = () => {
    position.textContent = ids.positionId;
    match.textContent = ids.matchId;
    position.setAttribute("aria-label", `${t("ids.copy")}: ${t("ids.position")} ${ids.positionId}`);
    match.setAttribute("aria-label", `${t("ids.copy")}: ${t("ids.match")} ${ids.matchId}`);
  };
  relabel();

  return {
    /** @param {{positionId:string, matchId:string}} next */
    set(next) {
      if (next.positionId === ids.positionId && next.matchId === ids.matchId) return;
      Object.assign(ids, next);
      render();
    },
    /** @param {"setUp"} name @param {() => void} fn @returns {() => void} unbind */
    on(name, fn) {
      if (name !== "setUp") throw new Error(`unknown IDs panel event "${name}"`);
      handlers.add(fn);
      return () => handlers.delete(fn);
    },
    relabel,
  };
}

/**
 * Asks for a Position ID and an optional Match ID, with the reason the last ones were
 * refused if any; resolves with the trimmed IDs, or null when cancelled.
 * @param {ReturnType<import("./dialogs.js").createDialogs>} dialogs
 * @param {(key:string)=>string} t
 * @param {{positionId?:string, matchId?:string, error?:string}} [o]
 * @returns {Promise<{positionId:string, matchId:string|null}|null>}
 */
export function askIds(dialogs, t, o = {}) {
  const input = (name, value) => {
    const field = el("input", { name, "data-field": name, autocomplete: "off", spellcheck: "false", class: "gm-id-input" });
    field.value = value || "";
    return field;
  };
  const fields = [
    el("p", {}, t("ids.setUpBody")),
    el("label", { class: "gm-field" }, t("ids.position"), input("positionId", o.positionId)),
    el("label", { class: "gm-field" }, `${t("ids.match")} ${t("ids.optional")}`, input("matchId", o.matchId)),
  ];
  if (o.error) fields.push(el("p", { class: "gm-error", role: "alert", "data-error": "" }, o.error));
  return dialogs.show({
    name: "setUpIds",
    title: t("ids.setUpTitle"),
    fields,
    escape: "",
    actions: [{ value: "", label: t("dialog.cancel") }, { value: "setUp", label: t("ids.setUpGo"), kind: "primary" }],
    read: (form, value) => (value === "setUp"
      ? { positionId: form.elements.positionId.value.trim(), matchId: form.elements.matchId.value.trim() || null }
      : null),
  });
}

/** Copies text; true when it reached the clipboard. */
async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = el("textarea", { class: "visually-hidden", readonly: "" });
    field.value = text;
    document.body.append(field);
    field.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
    field.remove();
    return done;
  }
}
