/**
 * `<gamao-board>`: a backgammon board for any page, in one tag. No framework, no build
 * step: a custom element with its own Shadow DOM, drawn by the page's board component
 * (../board/) and played on the engine (../pkg/), which decides every rule.
 *
 *   <script type="module" src="element/gamao-board.js"></script>
 *   <gamao-board position-id="4HPwATDgc/ABMA" match-id="cAkAAAAAAAAA" interactive></gamao-board>
 *
 * Attributes (all optional):
 *   position-id   GNU Backgammon Position ID (default: the opening position)
 *   match-id      GNU Backgammon Match ID: score, cube, who is on roll (without one:
 *                 White on roll in a money game)
 *   dice          the roll of the side on roll, like "31": it is then to move
 *                 (without: to roll, by a click on the dice when interactive)
 *   interactive   present: the side on roll can roll (click the dice) and move (drag or
 *                 click a checker, keyboard); absent: a read-only diagram
 *   viewer        "white" (default) or "red": whose home board is at the bottom
 *   home-side     "right" (default) or "left": the home board's side
 *   high-contrast present: the plain, high-contrast colours
 *
 * Events (bubbling, composed):
 *   gamao-play     {side, play, positionId, matchId}: a play was made (by the person,
 *                  dragging or clicking checkers, or by `play()`); `play` in standard
 *                  notation, the IDs after it
 *   gamao-refused  {reason, detail, from?, to?, play?}: a drop, a play string or IDs
 *                  refused; `reason` is the engine's explanation in English, `detail`
 *                  its typed reason when it gave one; nothing changed
 *
 * Methods and properties:
 *   setPosition(positionId, matchId?, dice?)  shows a new position; throws the engine's
 *                   Error for an invalid ID or dice (nothing changes). Synchronous once
 *                   `ready` has resolved.
 *   play(text)      makes a play written in notation for the side on roll ("8/5 6/5")
 *                   and returns the gamao-play detail, or throws the engine's Error
 *                   (nothing changes). Synchronous once `ready` has resolved.
 *   positionId, matchId   the IDs shown now
 *   ready           a Promise resolved once the engine is loaded and the board drawn
 *
 * Internal hook, for the game page (../main.js) and not part of the package's stable API:
 *   drive(config)   hands the board to a driver that owns the match: the element drops
 *                   its own match, ignores its position and display attributes, sends no
 *                   event of its own, and returns the board component (../board/board.js,
 *                   created with `config`), which the driver sets and listens to.
 */

import init, { Match, presetOptions, resolvePlay } from "../pkg/gamao.js";
import { createBoard } from "../board/board.js";
import { t } from "../i18n/i18n.js";
import { boardStateOf, sideActing } from "./board_state.js";
import { moverPoint, placeOf, pointOf, refusalMessage } from "../engine.js";

const OPENING = "4HPwATDgc/ABMA";
/** The rules of the element's match (and of the plays it reads): the time-bank preset's. */
const PRESET = "time-bank";
const ATTRIBUTES = ["position-id", "match-id", "dice", "interactive", "viewer", "home-side", "high-contrast"];
const POSITION = ["position-id", "match-id", "dice"];
const CSS = `
  :host { display: block; position: relative; width: 100%; aspect-ratio: 4 / 3; }
  :host([hidden]) { display: none; }
  .host { position: absolute; inset: 0; }
`;

/** The engine, loaded once for every board of the page. */
let engine = null;
const loadEngine = () => (engine ??= init());

export class GamaoBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  /** @type {Match|null} */
  #match = null;
  /** @type {ReturnType<typeof createBoard>|null} */
  #board = null;
  #unbind = [];
  #host;
  #ready;
  #resolveReady = () => {};
  /** Whether the element is writing its own attributes (not a change to load). */
  #reflecting = false;
  /** Whether a driver owns the board (`drive()`): the element then shows no match of its own. */
  #driven = false;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: "open" });
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = new URL("../board/board.css", import.meta.url).href;
    const style = document.createElement("style");
    style.textContent = CSS;
    this.#host = document.createElement("div");
    this.#host.className = "host";
    shadow.append(sheet, style, this.#host);
    this.#ready = new Promise((resolve) => { this.#resolveReady = resolve; });
  }

  /** Resolves once the engine is loaded and the board drawn (or handed to a driver). */
  get ready() {
    return this.#ready;
  }

  /** The GNU Backgammon Position ID shown now. */
  get positionId() {
    return this.#match ? this.#match.positionId() : null;
  }

  /** The GNU Backgammon Match ID shown now. */
  get matchId() {
    return this.#match ? this.#match.matchId() : null;
  }

  async connectedCallback() {
    if (this.#driven) return;
    await loadEngine();
    if (!this.isConnected || this.#board) return;
    this.#board = createBoard(this.#host, { t, animationMs: 0 });
    this.#unbind = [
      this.#board.on("move", ({ from, to }) => this.#drop(from, to)),
      this.#board.on("checkerClick", ({ from }) => this.#click(from)),
      this.#board.on("pointClick", ({ point }) => this.#stuck(point)),
      this.#board.on("diceClick", () => this.#roll()),
    ];
    try {
      this.#loadAttributes();
    } catch (error) {
      this.#refuse(error, {});
      this.#load(OPENING, null, null);
    }
    this.#resolveReady();
  }

  disconnectedCallback() {
    // A driven board is the driver's, which destroys it.
    if (this.#driven) return;
    for (const unbind of this.#unbind) unbind();
    this.#unbind = [];
    if (this.#board) this.#board.destroy();
    this.#board = null;
    if (this.#match) this.#match.free();
    this.#match = null;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#board || this.#driven || before === after || this.#reflecting) return;
    if (POSITION.includes(name)) {
      try {
        this.#loadAttributes();
      } catch (error) {
        this.#refuse(error, {});
      }
    } else {
      this.#show();
    }
  }

  /**
   * Hands the board to a driver that owns the match (the game page's controller): the
   * element's own match, events and attribute handling stop for good.
   * @param {Parameters<typeof createBoard>[1]} config  the board's first state and translator
   * @returns {ReturnType<typeof createBoard>} the board component, for the driver alone
   */
  drive(config) {
    if (this.#driven) throw new Error("<gamao-board> is driven already");
    this.disconnectedCallback();
    this.#driven = true;
    this.#board = createBoard(this.#host, config);
    this.#resolveReady();
    return this.#board;
  }

  /**
   * Shows a new position (and match state). Throws the engine's Error for an invalid
   * ID or dice; the board is then unchanged. Synchronous once `ready` has resolved.
   * @param {string} positionId
   * @param {string|null} [matchId]
   * @param {string|null} [dice]  the roll of the side on roll, like "31"
   */
  setPosition(positionId, matchId = null, dice = null) {
    this.#ownMatch();
    this.#load(positionId, matchId, dice);
    this.#reflect(dice);
  }

  /**
   * Makes a play written in standard notation for the side on roll, from the start of
   * its turn, and ends the turn. Synchronous once `ready` has resolved.
   * @param {string} text  like "8/5 6/5" or "bar/22* 13/11" (the mover's numbering)
   * @returns {{side: string, play: string, positionId: string, matchId: string}} the
   *   gamao-play event's detail
   * @throws {Error} the engine's Error when the text is not a play, not a legal play of
   *   the roll, or no play can start now (also sent as gamao-refused); nothing changes
   */
  play(text) {
    this.#ownMatch();
    const view = this.#match.view(0);
    const side = view.turn;
    try {
      if (view.phase.kind !== "Moving" || view.steps_made.length > 0) {
        throw new Error(`${side} cannot start a play now`);
      }
      const resolved = resolvePlay(this.#match.positionId(), view.dice.join(""), text, PRESET);
      // resolvePlay answers in the mover's numbering; actions take White's points.
      this.#actAll(side, resolved.steps.map((s) => ({ kind: "Step", from: moverPoint(side, s.from), die: s.die })));
      this.#match.act(side, { kind: "EndTurn" }, 0);
      return this.#played(side, resolved.play);
    } catch (error) {
      this.#refuse(error, { play: text });
      throw error;
    }
  }

  /** Makes `actions` for `side` all, or none: a refusal undoes the steps already made. */
  #actAll(side, actions) {
    let made = 0;
    try {
      for (const action of actions) {
        this.#match.act(side, action, 0);
        made++;
      }
    } catch (error) {
      for (; made > 0; made--) this.#match.act(side, { kind: "UndoStep" }, 0);
      throw error;
    }
  }

  /** Throws unless the element has a match of its own to change (it is ready, not driven). */
  #ownMatch() {
    if (this.#driven) throw new Error("<gamao-board> is driven by its page: it has no match of its own");
    if (!this.#match) throw new Error("<gamao-board> is not ready: wait for its `ready` promise");
  }

  #loadAttributes() {
    this.#load(this.getAttribute("position-id") || OPENING, this.getAttribute("match-id"), this.getAttribute("dice"));
  }

  #load(positionId, matchId, dice) {
    // No clock: the element's match keeps no time (every action at 0 ms).
    const options = { ...presetOptions(PRESET, null), time_control: "None" };
    const fresh = Match.fromIds(positionId, matchId || null, options);
    try {
      if (dice) fresh.rollWith(fresh.view(0).turn, dice, 0);
    } catch (error) {
      fresh.free();
      throw error;
    }
    if (this.#match) this.#match.free();
    this.#match = fresh;
    this.#show();
  }

  /** Writes what is shown into the attributes, without reloading. */
  #reflect(dice = null) {
    this.#reflecting = true;
    this.setAttribute("position-id", this.positionId);
    this.setAttribute("match-id", this.matchId);
    if (dice) this.setAttribute("dice", dice);
    else this.removeAttribute("dice");
    this.#reflecting = false;
  }

  #show() {
    if (!this.#board || !this.#match) return;
    this.#board.set(boardStateOf(this.#match.view(0), {
      interactive: this.hasAttribute("interactive"),
      viewer: this.getAttribute("viewer") === "red" ? "red" : "white",
      homeSide: this.getAttribute("home-side") === "left" ? "left" : "right",
      simpleGraphics: this.hasAttribute("high-contrast"),
    }));
  }

  #roll() {
    if (!this.hasAttribute("interactive")) return;
    const view = this.#match.view(0);
    if (view.phase.kind !== "Deciding") return;
    try {
      this.#match.act(view.turn, { kind: "Roll" }, 0);
    } catch (error) {
      this.#refuse(error, {});
    }
    this.#show();
  }

  /** A checker dropped on a point: the engine makes the move or says why not. */
  #drop(from, to) {
    const view = this.#match.view(0);
    const side = sideActing(view);
    if (!this.hasAttribute("interactive") || view.phase.kind !== "Moving") return this.#board.rejectMove("");
    try {
      this.#match.act(side, { kind: "MoveTo", from: pointOf(from), to: pointOf(to) }, 0);
    } catch (error) {
      this.#board.rejectMove(error.message.replace(/^.*?refused: /, ""));
      this.#refuse(error, { from, to });
      return;
    }
    const after = this.#match.view(0);
    if (after.phase.kind === "TurnComplete") {
      const play = this.#match.turnPlay();
      this.#match.act(side, { kind: "EndTurn" }, 0);
      this.#played(side, play);
    } else {
      this.#show();
    }
  }

  /** A click on a checker: to the farthest point it can reach, as the game page plays it. */
  #click(from) {
    const view = this.#match.view(0);
    if (!this.hasAttribute("interactive") || view.phase.kind !== "Moving") return;
    const target = this.#match.farthestTarget(sideActing(view), pointOf(from));
    if (target) this.#drop(from, placeOf(target.to));
  }

  /** A click where the side to move has checkers that cannot move: the engine's reason. */
  #stuck(where) {
    const view = this.#match.view(0);
    if (!this.hasAttribute("interactive") || view.phase.kind !== "Moving") return;
    const side = sideActing(view);
    const reason = this.#match.whyCannotMove(side, pointOf(where));
    const message = reason && reason.kind !== "NoChecker" && refusalMessage(reason, side);
    if (message) this.#board.rejectMove(t(message[0], message[1]));
  }

  #played(side, play) {
    this.#show();
    this.#reflect();
    const detail = { side, play, positionId: this.positionId, matchId: this.matchId };
    this.dispatchEvent(new CustomEvent("gamao-play", { detail, bubbles: true, composed: true }));
    return detail;
  }

  #refuse(error, about) {
    const reason = String(error && error.message || error).replace(/^.*?refused: /, "");
    const detail = { reason, detail: error && error.detail, ...about };
    this.dispatchEvent(new CustomEvent("gamao-refused", { detail, bubbles: true, composed: true }));
  }
}

if (!customElements.get("gamao-board")) customElements.define("gamao-board", GamaoBoard);
