/**
 * The replay bar: steps through the frames of a `.mat` file (forward, back, jump to any
 * move) while the match in play waits. It takes the place of the controls at the top;
 * each frame is handed to `show` (the adapter draws its view on the board), and leaving
 * calls `onLeave` (the adapter puts the match back as it was).
 */

import { el } from "./dialogs.js";

/**
 * @param {HTMLElement} host  where the bar goes (it is hidden until `open`)
 * @param {object} deps
 * @param {(key:string, params?:object)=>string} deps.t
 * @param {(frame:import("../pkg-worker/gamao_worker.js").ReplayFrame) => void} deps.show
 * @param {() => void} deps.onLeave
 */
export function createReplay(host, { t, show, onLeave }) {
  /** @type {import("../pkg-worker/gamao_worker.js").ReplayFrame[]} */
  let frames = [];
  let index = 0;
  /** Marks ("?!", "?", "??") by `game:event` (an analysis's), shown in the list. */
  let marks = new Map();
  let title = "";
  const button = (name) => {
    const b = el("button", { type: "button", class: "gm-button", "data-replay": name });
    host.append(b);
    return b;
  };
  host.classList.add("gm-replay");
  host.hidden = true;
  const leave = button("leave");
  const back = button("back");
  const jump = el("select", { "data-replay": "jump" });
  host.append(jump);
  const forward = button("forward");
  const where = el("span", { class: "gm-replay-where", "data-replay": "where", "aria-live": "polite" });
  host.append(where);
  leave.classList.add("primary");

  const go = (i) => {
    index = Math.max(0, Math.min(frames.length - 1, i));
    jump.value = String(index);
    back.disabled = index === 0;
    forward.disabled = index === frames.length - 1;
    const frame = frames[index];
    where.textContent = t("replay.where", { title, game: frame.game, n: index + 1, total: frames.length, label: describe(frame.event, t) });
    show(frame);
  };
  back.addEventListener("click", () => go(index - 1));
  forward.addEventListener("click", () => go(index + 1));
  jump.addEventListener("change", () => go(Number(jump.value)));
  leave.addEventListener("click", () => close());
  host.addEventListener("keydown", (e) => {
    if (e.target === jump) return;
    if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "ArrowRight") go(index + 1);
    else return;
    e.preventDefault();
  });

  const relabel = () => {
    leave.textContent = t("replay.leave");
    back.textContent = t("replay.back");
    forward.textContent = t("replay.forward");
    back.setAttribute("aria-label", t("replay.backLabel"));
    forward.setAttribute("aria-label", t("replay.forwardLabel"));
    jump.setAttribute("aria-label", t("replay.jump"));
    fillJump();
    if (frames.length) go(index);
  };

  /** The frame showing event `event` of game `game`'s log: the game's start frame comes first. */
  const frameOf = (game, event) => {
    const start = frames.findIndex((f) => f.game === game);
    return start < 0 ? -1 : start + event + 1;
  };

  function fillJump() {
    const markOf = (f, i) => marks.get(`${f.game}:${i - frameOf(f.game, -1) - 1}`) || "";
    jump.replaceChildren(...frames.map((f, i) => el("option", { value: String(i) }, `${t("replay.option", { game: f.game, n: i + 1, label: describe(f.event, t) })} ${markOf(f, i)}`.trim())));
    jump.value = String(index);
  }

  function close() {
    if (host.hidden) return;
    host.hidden = true;
    document.body.classList.remove("replaying");
    frames = [];
    onLeave();
  }

  relabel();

  return {
    /**
     * Shows the first frame of a replay.
     * @param {import("../pkg-worker/gamao_worker.js").ReplayFrame[]} list  not empty
     * @param {string} name  what is replayed (a file name or a date)
     */
    open(list, name) {
      frames = list;
      marks = new Map();
      title = name;
      index = 0;
      fillJump();
      host.hidden = false;
      document.body.classList.add("replaying");
      go(0);
      forward.focus();
    },
    /** Leaves the replay (the match comes back). */
    close,
    /** Shows the frame of event `event` (its index in the game's move log) of game `game`. */
    goToEvent(game, event) {
      const i = frameOf(game, event);
      if (i >= 0 && i < frames.length) go(i);
    },
    /** Shows marks beside the moves of the list, by `game:event`. */
    setMarks(found) {
      marks = found;
      fillJump();
    },
    /** @returns {boolean} */
    isOpen: () => !host.hidden,
    relabel,
  };
}

/**
 * A frame's event in words, with the dice of a play ("White 3-1: 8/5 6/5").
 * @param {import("../pkg-worker/gamao_worker.js").FrameEvent} event
 * @param {(key:string, params?:object)=>string} t
 */
export function describe(event, t) {
  if (event.kind === "Start") return t("replay.event.Start");
  const side = t(`side.${event.side.toLowerCase()}`);
  if (event.kind === "Play") {
    const dice = event.dice.join("-");
    return event.play ? t("replay.event.Play", { side, dice, play: event.play }) : t("replay.event.NoMove", { side, dice });
  }
  return t(`replay.event.${event.kind}`, { side, value: event.kind === "Double" ? event.value : "" });
}
