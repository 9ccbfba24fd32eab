/**
 * The page's dialogs, each a native <dialog> (focus kept inside, Escape handled) that
 * returns a Promise of the player's answer. They show what they are told and decide
 * nothing: the adapter asks, then hands the answer to the engine.
 */

import { signed } from "./signed.js";

export const MATCH_LENGTHS = [1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25, 0];
export const LEVELS = ["single", "gammon", "backgammon"];
/** The computer opponent's strengths, weakest first. */
export const COMPUTER_LEVELS = ["beginner", "intermediate", "expert"];

/**
 * @typedef {object} NewMatchSettings
 * @property {"person"|"computer"} opponent
 * @property {"beginner"|"intermediate"|"expert"} [level]  the computer's strength
 * @property {number} matchLength  0 = unlimited
 * @property {string} preset  an engine preset's name ("time-bank", "reserve") or "custom"
 * @property {{backgammons:boolean, minimiseWastedPips:boolean, resignation:"offered"|"direct", cube:boolean, clock:"none"|"bank"|"reserve"}} rules
 */

/**
 * How a side is called and who sits there: "you" (the person playing the computer),
 * "computer", or null (two people: the side is called by its colour).
 * @typedef {(side:"white"|"red") => {name:string, seat:"you"|"computer"|null}} NameOf
 */

/**
 * @param {{t:(key:string, params?:object)=>string, nameOf?:NameOf}} deps
 *   `nameOf`: each side by its colour unless told
 */
export function createDialogs({ t, nameOf = colourOf(t) }) {
  /** @type {HTMLDialogElement|null} */
  let open = null;
  const points = (n) => t(n === 1 ? "points.one" : "points.many", { n });
  const sideName = (side) => nameOf(side).name;
  /** A sentence about `side`, worded for who sits there. */
  const aboutSide = (key, side, params = {}) => seatedText(t, key, nameOf(side), params);
  /** Why a game ended, in words (see engine.js endReason). */
  const why = (w) => el("p", { class: "gm-why", "data-why": w.key }, reason(w, t, nameOf));

  /**
   * Asks to confirm a step that loses something: the texts `dialog.WORDS.title`, `.body`
   * and `.confirm` (WORDS: the dialog's `name` unless told; `body` in place of `.body`);
   * Cancel (and Escape) answer false, the confirming button (`action`) true.
   * @returns {Promise<boolean>}
   */
  function confirmDanger(name, action, { words = name, body = t(`dialog.${words}.body`) } = {}) {
    return show({
      name,
      title: t(`dialog.${words}.title`),
      body,
      escape: "",
      actions: [{ value: "", label: t("dialog.cancel") }, { value: action, label: t(`dialog.${words}.confirm`), kind: "danger" }],
      read: (_form, value) => value === action,
    }).then(Boolean);
  }

  /**
   * Shows a dialog and resolves with the value of the button that closed it.
   * @param {{name:string, title:string, body?:string, fields?:HTMLElement[], actions:{value:string, label:string, kind?:string}[], focus?:string, escape?:string|null, read?:(form:HTMLFormElement, value:string) => any}} spec
   *   `focus`: the action whose button has the keyboard at first (else the first one)
   */
  function show(spec) {
    if (open) open.close("superseded");
    const dialog = el("dialog", { class: "gm-dialog", "data-dialog": spec.name, "aria-labelledby": `gm-dialog-${spec.name}` });
    const form = el("form", { method: "dialog" });
    form.append(el("h2", { id: `gm-dialog-${spec.name}` }, spec.title));
    if (spec.body) form.append(el("p", {}, spec.body));
    for (const f of spec.fields || []) form.append(f);
    const actions = el("div", { class: "gm-actions" });
    for (const a of spec.actions) {
      const button = el("button", { class: `gm-button ${a.kind || ""}`, value: a.value, "data-action": a.value }, a.label);
      button.autofocus = a.value === spec.focus;
      actions.append(button);
    }
    form.append(actions);
    dialog.append(form);
    document.body.append(dialog);
    return new Promise((resolve) => {
      let answer = null;
      form.addEventListener("submit", (e) => {
        const value = e.submitter ? e.submitter.value : "";
        answer = spec.read ? spec.read(form, value) : value;
      });
      dialog.addEventListener("cancel", (e) => {
        // Escape answers as its button would: through `read`, like every other answer.
        if (spec.escape === undefined || spec.escape === null) e.preventDefault();
        else answer = spec.read ? spec.read(form, spec.escape) : spec.escape;
      });
      dialog.addEventListener("close", () => {
        if (open === dialog) open = null;
        dialog.remove();
        resolve(answer);
      });
      open = dialog;
      dialog.showModal();
    });
  }

  return {
    /**
     * A double offered to the player.
     * @param {{side:string, value:number, current:number}} o  offering side, new value, current stake
     * @returns {Promise<"take"|"drop">}
     */
    askTakeDrop: (o) => show({
      name: "takeDrop",
      title: t("dialog.take.title", { side: sideName(o.side), value: o.value }),
      body: t("dialog.take.body", { value: o.value, current: points(o.current) }),
      actions: [{ value: "drop", label: t("dialog.drop"), kind: "danger" }, { value: "take", label: t("dialog.take"), kind: "primary" }],
      // Enter takes: a reflex never ends the game.
      focus: "take",
    }),

    /**
     * The player chooses a resignation level (offered style) or confirms (direct style),
     * each level shown with the points it would cost.
     * @param {{style:"offered"|"direct", levels:{level:string, points:number}[]}} o  the
     *   levels the engine allows now, lowest first
     * @returns {Promise<"single"|"gammon"|"backgammon"|null>}
     */
    askResign(o) {
      if (o.style === "direct") {
        const [only] = o.levels;
        return show({
          name: "resign",
          title: t("dialog.resign.title"),
          body: t("dialog.resign.directBody", { points: points(only.points) }),
          escape: "",
          actions: [{ value: "", label: t("dialog.cancel") }, { value: "direct", label: t("dialog.resign.direct"), kind: "danger" }],
          read: (_form, value) => (value ? only.level : null),
        });
      }
      const group = el("fieldset", {}, el("legend", {}, t("dialog.resign.body")));
      o.levels.forEach(({ level, points: cost }, i) => {
        const input = el("input", { type: "radio", name: "level", value: level });
        input.checked = i === 0;
        group.append(el("label", { "data-level": level }, input, t("dialog.resign.level", { level: t(`level.${level}`), points: points(cost) })));
      });
      return show({
        name: "resign",
        title: t("dialog.resign.title"),
        fields: [group],
        escape: "",
        actions: [{ value: "", label: t("dialog.cancel") }, { value: "offer", label: t("dialog.resign.offer"), kind: "danger" }],
        read: (form, value) => (value === "offer" ? form.elements.level.value : null),
      });
    },

    /**
     * The opponent offers to resign; the player accepts or declines.
     * @param {{side:string, level:string, points:number}} o
     * @returns {Promise<"accept"|"decline">}
     */
    askResignAnswer: (o) => show({
      name: "resignAnswer",
      title: t("dialog.resignAnswer.title", { side: sideName(o.side) }),
      body: t("dialog.resignAnswer.body", { level: t(`level.${o.level}`), points: points(o.points) }),
      actions: [{ value: "decline", label: t("dialog.decline") }, { value: "accept", label: t("dialog.accept"), kind: "primary" }],
    }),

    /**
     * @param {{winner:string, points:number, kind:"single"|"gammon"|"backgammon"|"drop"|"resign"|"time", why?:{key:string, winner:string, loser:string, level:string|null}, score:{white:number, red:number}}} o
     * @returns {Promise<"next">}
     */
    showGameOver: (o) => show({
      name: "gameOver",
      title: aboutSide("dialog.gameOver.title", o.winner),
      fields: o.why ? [why(o.why)] : [],
      body: `${t("dialog.gameOver.body", { points: points(o.points), kind: t(`result.${o.kind}`) })} · ${t("dialog.gameOver.score", { score: scoreText(t, o.score, nameOf) })}`,
      escape: "next",
      actions: [{ value: "next", label: t("dialog.nextGame"), kind: "primary" }],
    }),

    /**
     * @param {{winner:string, session?:boolean, score:{white:number, red:number}}} o
     *   `session`: a money session ended, which names no winner
     * @returns {Promise<"rematch"|"analyse"|"close">}
     */
    showMatchOver: (o) => show({
      name: "matchOver",
      title: o.session ? t("dialog.sessionOver.title") : aboutSide("dialog.matchOver.title", o.winner),
      fields: o.why ? [why(o.why)] : [],
      body: t("dialog.matchOver.body", { score: scoreText(t, o.score, nameOf) }),
      escape: "close",
      actions: [
        { value: "close", label: t("dialog.close") },
        { value: "analyse", label: t("analysis.start") },
        { value: "rematch", label: t("dialog.rematch"), kind: "primary" },
      ],
    }),

    /**
     * @param {"white"|"red"} side the side that would forfeit, named in the question
     * @param {boolean} [session] a money session, which a forfeit ends as it stands
     * @returns {Promise<boolean>} whether the player confirms forfeiting the match
     */
    confirmForfeit: (side, session = false) => {
      const words = session ? "forfeitSession" : "forfeit";
      return confirmDanger("forfeit", "forfeit", { words, body: aboutSide(`dialog.${words}.body`, side) });
    },

    /** @returns {Promise<boolean>} whether the player agrees to lose the match in play */
    confirmReplaceMatch: () => confirmDanger("replaceMatch", "replace"),

    /**
     * @param {{computerAvailable:boolean, presets:Record<string, NewMatchSettings["rules"]>, defaults?:Partial<NewMatchSettings>}} o
     *   `presets`: the engine's presets by name, the default first
     * @returns {Promise<NewMatchSettings|null>}
     */
    askNewMatch: (o) => show({
      name: "newMatch",
      title: t("newMatch.title"),
      fields: newMatchFields(o, t),
      escape: "",
      actions: [{ value: "", label: t("dialog.cancel") }, { value: "start", label: t("newMatch.start"), kind: "primary" }],
      read: (form, value) => (value === "start" ? readNewMatch(form) : null),
    }),

    /**
     * The computer's advice for the person to act: its best plays (notation and
     * cubeless equity, best first; clicking one plays it) and/or its cube advice (in
     * points for money, in match winning chances in a match: `match`).
     * @param {{side:string, plays:{play:string, equity:number}[], cube:{action:string, no_double:number, double_take:number, double_pass:number}|null, match:boolean, stepsMade?:number}} o
     *   `stepsMade`: steps already made this turn (the plays rank the whole roll)
     * @returns {Promise<number|null>} the index of the play chosen, or null
     */
    showHint: (o) => show({
      name: "hint",
      title: aboutSide("hint.title", o.side),
      fields: hintFields(o, t),
      escape: "",
      actions: [{ value: "", label: t("dialog.close"), kind: "primary" }],
      read: (_form, value) => (value.startsWith("play:") ? Number(value.slice(5)) : null),
    }),

    /**
     * A dialog built by another module (the IDs form, the matches menu): any submit
     * button in `fields` or `actions` closes it with its value.
     */
    show,

    /**
     * A message the player acknowledges.
     * @param {{name:string, title:string, body:string}} o
     * @returns {Promise<string>}
     */
    notice: (o) => show({ ...o, escape: "ok", actions: [{ value: "ok", label: t("dialog.ok"), kind: "primary" }] }),

    /**
     * The match has gone on in another tab, and this one has stopped: the only way on is
     * to take it up here (no Escape).
     * @returns {Promise<string|null>}
     */
    otherTab: () => show({
      name: "otherTab",
      title: t("otherTab.title"),
      body: t("otherTab.body"),
      escape: null,
      actions: [{ value: "here", label: t("otherTab.here"), kind: "primary" }],
    }),

    /** Closes whatever dialog is open (its promise resolves with null). */
    close() {
      if (open) open.close();
    },
  };
}

/** Each side called by its colour, as between two people. */
export const colourOf = (t) => (side) => ({ name: t(`side.${side}`), seat: null });

/**
 * `key` with `{side}` naming a side, in the form for who sits there: `KEY.you` or
 * `KEY.computer` where the language words it apart (a verb agreeing with "you" or with
 * one computer, where a colour takes the plural), else `KEY`.
 * @param {(key:string, params?:object)=>string} t
 * @param {{name:string, seat:"you"|"computer"|null}} who
 */
export function seatedText(t, key, who, params = {}) {
  const variant = who.seat ? `${key}.${who.seat}` : null;
  return t(variant && t(variant) !== variant ? variant : key, { ...params, side: who.name });
}

/**
 * Why a game ended, worded: `w` from engine.js endReason (sides and level lower case).
 * Against the computer the sentence is the key's `.you` form when you won and its
 * `.computer` form when the computer did, the computer called by its name.
 * @param {{key:string, winner:string, loser:string, level:string|null}} w
 * @param {(key:string, params?:object)=>string} t
 * @param {NameOf} [nameOf]  each side by its colour unless told
 */
export function reason(w, t, nameOf = colourOf(t)) {
  const winner = nameOf(w.winner);
  const key = winner.seat ? `${w.key}.${winner.seat}` : w.key;
  return t(key, { winner: winner.name, loser: nameOf(w.loser).name, level: w.level ? t(`result.${w.level}`) : "" });
}

/**
 * The score, each side by its colour and, against the computer, who sits there:
 * "White (you) 3 – Red (computer) 5".
 * @param {(key:string, params?:object)=>string} t
 * @param {{white:number, red:number}} score
 * @param {NameOf} [nameOf]  each side by its colour unless told
 */
export function scoreText(t, score, nameOf = colourOf(t)) {
  const side = (s) => {
    const colour = t(`side.${s}`);
    const seat = nameOf(s).seat;
    return t("score.side", { side: seat ? t(`score.seat.${seat}`, { colour }) : colour, n: score[s] });
  };
  return t("score.both", { white: side("white"), red: side("red") });
}

/** A match winning chance as a percentage ("57.7%"). */
const percent = (x) => `${(x * 100).toFixed(1)}%`;

/** The hint dialog's body: the cube advice in words, then the plays as buttons, each with
 * the depth it was judged at (the engine ranks deeper looks first, as GNU Backgammon does). */
function hintFields(o, t) {
  const fields = [];
  if (o.cube) {
    const cube = el("div", { class: "gm-hint-cube", "data-hint-cube": o.cube.action });
    cube.append(el("p", {}, t(`hint.cube.${o.cube.action}`)));
    if (o.cube.action !== "Unavailable") {
      const show = o.match ? percent : signed;
      cube.append(el("p", { class: "gm-hint-equities" }, t(o.match ? "hint.cube.chances" : "hint.cube.equities", {
        noDouble: show(o.cube.no_double), doubleTake: show(o.cube.double_take), doublePass: show(o.cube.double_pass),
      })));
    }
    fields.push(cube);
  }
  if (o.plays.length) {
    const list = el("ol", { class: "gm-hint-plays" });
    o.plays.forEach((p, i) => {
      const loss = i === 0 ? "" : ` (${signed(p.equity - o.plays[0].equity)})`;
      list.append(el("li", {}, el("button", { class: "gm-hint-play", value: `play:${i}`, "data-hint-play": String(i), title: t("hint.playIt") },
        el("span", { class: "gm-hint-notation" }, p.play),
        el("span", { class: "gm-hint-equity" }, `${signed(p.equity)}${loss}`,
          el("span", { class: "gm-hint-plies", "data-hint-plies": String(p.plies), title: t("hint.pliesMeaning") }, t("hint.plies", { n: p.plies }))))));
    });
    fields.push(el("p", {}, t("hint.plays")), list);
    if (o.stepsMade) fields.push(el("p", { class: "gm-hint-whole-roll", "data-hint-whole-roll": "" }, t("hint.wholeRoll", { n: o.stepsMade })));
  }
  if (!fields.length) fields.push(el("p", {}, t("hint.none")));
  return fields;
}

function newMatchFields(o, t) {
  const names = Object.keys(o.presets);
  const d = { opponent: "person", level: "intermediate", matchLength: 5, ...(o.defaults || {}) };
  if (!names.includes(d.preset) && d.preset !== "custom") d.preset = names[0];
  const opponent = el("fieldset", { "data-part": "opponent" }, el("legend", {}, t("newMatch.opponent")));
  opponent.append(el("label", {}, radio("opponent", "person", d.opponent === "person" || !o.computerAvailable), t("newMatch.person")));
  const computer = radio("opponent", "computer", d.opponent === "computer" && o.computerAvailable);
  computer.disabled = !o.computerAvailable;
  const computerLabel = el("label", { class: o.computerAvailable ? "" : "unavailable" }, computer, t("newMatch.computer"));
  if (!o.computerAvailable) computerLabel.append(el("span", { class: "gm-soon" }, `(${t("newMatch.soon")})`));
  const level = select("level", COMPUTER_LEVELS.map((l) => [l, t(`newMatch.level.${l}`)]));
  level.value = COMPUTER_LEVELS.includes(d.level) ? d.level : "intermediate";
  const levelLabel = el("label", { class: "gm-level" }, `${t("newMatch.level")} `, level);
  opponent.append(computerLabel, levelLabel);
  const syncLevel = () => { level.disabled = !computer.checked; };
  opponent.addEventListener("change", syncLevel);
  syncLevel();

  const length = el("select", { name: "matchLength" });
  for (const n of MATCH_LENGTHS) {
    const option = el("option", { value: String(n) }, n === 0 ? t("newMatch.unlimited") : t(n === 1 ? "points.one" : "points.many", { n }));
    if (n === d.matchLength) option.selected = true;
    length.append(option);
  }
  const lengthLabel = el("label", { "data-part": "length" }, `${t("newMatch.length")} `, length);

  const preset = el("fieldset", { "data-part": "rules" }, el("legend", {}, t("newMatch.preset")));
  for (const p of [...names, "custom"]) {
    preset.append(el("label", {}, radio("preset", p, p === d.preset), t(`preset.${p}`)));
  }

  const custom = el("fieldset", { "data-custom": "", "data-part": "custom" }, el("legend", {}, t("newMatch.custom")));
  custom.append(
    el("label", {}, checkbox("backgammons", true), t("newMatch.backgammons")),
    el("label", {}, checkbox("minimiseWastedPips", false), t("newMatch.wastedPips")),
    el("label", {}, checkbox("cube", true), t("newMatch.cube")),
    el("label", {}, `${t("newMatch.resignStyle")} `, select("resignation", [["offered", t("newMatch.resignOffered")], ["direct", t("newMatch.resignDirect")]])),
    el("label", {}, `${t("newMatch.clock")} `, select("clock", [["none", t("newMatch.clockNone")], ["bank", t("newMatch.clockBank")], ["reserve", t("newMatch.clockReserve")]])),
  );
  const sync = () => {
    const chosen = preset.querySelector("input:checked").value;
    custom.disabled = chosen !== "custom";
    if (chosen in o.presets) fillRules(custom, o.presets[chosen]);
  };
  preset.addEventListener("change", sync);
  sync();
  if (d.preset === "custom" && d.rules) fillRules(custom, d.rules);
  return [opponent, lengthLabel, preset, custom];
}

function fillRules(fieldset, rules) {
  for (const [name, value] of Object.entries(rules)) {
    const input = fieldset.querySelector(`[name="${name}"]`);
    if (input.type === "checkbox") input.checked = value;
    else input.value = value;
  }
}

function readNewMatch(form) {
  const f = form.elements;
  return {
    opponent: f.opponent.value,
    level: f.level.value,
    matchLength: Number(f.matchLength.value),
    preset: f.preset.value,
    rules: {
      backgammons: f.backgammons.checked,
      minimiseWastedPips: f.minimiseWastedPips.checked,
      resignation: f.resignation.value,
      cube: f.cube.checked,
      clock: f.clock.value,
    },
  };
}

function radio(name, value, checked) {
  const input = el("input", { type: "radio", name, value });
  input.checked = checked;
  return input;
}

function checkbox(name, checked) {
  const input = el("input", { type: "checkbox", name });
  input.checked = checked;
  return input;
}

function select(name, options) {
  const s = el("select", { name });
  for (const [value, label] of options) s.append(el("option", { value }, label));
  return s;
}

/** Creates an element with attributes and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
