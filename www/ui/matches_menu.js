/**
 * The matches menu: export the match in play as a `.mat` file, import one to replay it,
 * and the finished matches kept on this device (replay or download each). It shows what
 * it is given and answers with the player's choice; main.js does the rest.
 */

import { el, scoreText } from "./dialogs.js";

/**
 * @typedef {{action:"export"} | {action:"import"} | {action:"analyse"} | {action:"replay", index:number} | {action:"download", index:number}} MatchesChoice
 */

/**
 * @param {ReturnType<import("./dialogs.js").createDialogs>} dialogs
 * @param {(key:string, params?:object)=>string} t
 * @param {import("../storage/history.js").FinishedMatch[]} finished  newest first
 * @param {string} language  for dates
 * @param {boolean} recorded  whether the match in play has anything to export or analyse (the view's `recorded`)
 * @returns {Promise<MatchesChoice|null>}
 */
export function openMatchesMenu(dialogs, t, finished, language, recorded) {
  const button = (value, label, kind = "", disabled = false) => el("button", { class: `gm-button ${kind}`, value, "data-action": value, ...(disabled ? { disabled: "" } : {}) }, label);
  const files = el("div", { class: "gm-actions start" },
    button("export", t("matches.export"), "", !recorded),
    button("import", t("matches.import")),
    button("analyse", t("matches.analyse"), "", !recorded));
  const nothingYet = recorded ? [] : [el("p", { class: "gm-dim", "data-part": "nothingYet" }, t("matches.nothingYet"))];
  const list = el("ol", { class: "gm-history", "data-history": "" });
  finished.forEach((m, i) => {
    const date = new Date(m.date).toLocaleString(language === "pt" ? "pt-PT" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
    const length = m.matchLength > 0 ? t("matches.to", { n: m.matchLength }) : t("board.money");
    const vsComputer = m.players.red === "computer";
    // Against the computer the score says which colour was yours: "White (you) 3 – Red (computer) 5".
    const seatOf = (side) => ({ name: t(`side.${side}`), seat: vsComputer ? (side === "red" ? "computer" : "you") : null });
    const score = scoreText(t, m.score, seatOf);
    const players = t(vsComputer ? "matches.vsComputer" : "matches.twoPeople");
    list.append(el("li", {},
      el("span", { class: "gm-history-what" }, el("strong", {}, score), ` · ${length} · ${players}`, el("br"), el("small", {}, date)),
      // A match set up from IDs has no .mat to download; it replays from its save.
      el("span", { class: "gm-history-actions" }, button(`replay:${i}`, t("matches.replay")), ...(m.mat !== undefined ? [button(`download:${i}`, t("matches.download"))] : []))));
  });
  const history = finished.length ? list : el("p", { class: "gm-dim" }, t("matches.none"));
  return dialogs.show({
    name: "matches",
    title: t("matches.title"),
    fields: [files, ...nothingYet, el("h3", {}, t("matches.finished")), history],
    escape: "",
    actions: [{ value: "", label: t("dialog.close"), kind: "primary" }],
    read: (_form, value) => {
      const [action, index] = value.split(":");
      if (action === "export" || action === "import" || action === "analyse") return { action };
      if (action === "replay" || action === "download") return { action, index: Number(index) };
      return null;
    },
  });
}
