/**
 * The timer bar, top right: one bar, the green Move Timer followed by the orange Time
 * Bank (or the reserve). It shows numbers it is given — the clock itself lives in the
 * engine. At low time it flashes and beeps once a second (through ./sound.js); when told the opponent's reserve is exhausted it offers a "claim win" button.
 *
 * Events: "claimWin".
 */

/** Share of the bar's length given to the Move Timer; the rest is the bank/reserve. */
const MOVE_SHARE = 0.4;

/**
 * @typedef {object} TimerState
 * @property {"bank"|"reserve"|"none"} kind   none hides the bar
 * @property {"white"|"red"} [side]  whose clock it is (shown by colour and name)
 * @property {number} moveMs
 * @property {number} moveTotalMs
 * @property {number} bankMs
 * @property {number} bankTotalMs    the bank's cap (or the full reserve)
 * @property {boolean} lowTime       flash and beep
 * @property {boolean} running       the clock of the player to act is running
 * @property {boolean} [claimable]   show the "claim win" button
 * @property {"white"|"red"} [claimant]  the side that may claim (the button names it)
 * @property {string} [name]          what the page calls `side` ("You"…; its colour by default)
 * @property {string} [claimantName]  likewise for the claimant
 */

/**
 * @param {HTMLElement} host
 * @param {{t:(key:string, params?:object)=>string, sound:{beep:() => void}}} deps
 */
export function createTimerBar(host, { t, sound }) {
  const root = document.createElement("div");
  root.className = "gm-timer";
  root.setAttribute("role", "timer");
  root.hidden = true;
  const track = document.createElement("div");
  track.className = "gm-timer-track";
  const move = document.createElement("div");
  move.className = "gm-timer-move";
  const bank = document.createElement("div");
  bank.className = "gm-timer-bank";
  track.append(move, bank);
  const text = document.createElement("span");
  text.className = "gm-timer-text";
  const who = document.createElement("span");
  who.className = "gm-timer-who";
  const claim = document.createElement("button");
  claim.type = "button";
  claim.className = "gm-button primary";
  claim.dataset.control = "claimWin";
  claim.hidden = true;
  root.append(who, track, text, claim);
  host.append(root);

  const handlers = new Set();
  claim.addEventListener("click", () => handlers.forEach((fn) => fn()));

  let lastBeepSecond = null;
  /** @type {TimerState|null} */
  let current = null;

  const relabel = () => {
    claim.textContent = t("timer.claimWin");
    if (current) describe(current);
  };

  function describe(s) {
    const bankName = t(s.kind === "reserve" ? "timer.reserve" : "timer.bank");
    const side = s.name || (s.side ? t(`side.${s.side}`) : "");
    const label = `${side ? `${side}: ` : ""}${t("timer.label", { move: clock(s.moveMs), bankName, bank: clock(s.bankMs) })}`;
    who.textContent = side;
    if (s.side) who.dataset.side = s.side;
    claim.textContent = s.claimant ? t("timer.claimWinFor", { side: s.claimantName || t(`side.${s.claimant}`) }) : t("timer.claimWin");
    root.setAttribute("aria-label", label);
    text.textContent = `${clock(s.moveMs)} + ${clock(s.bankMs)}`;
    track.title = label;
  }

  relabel();

  return {
    /** @param {TimerState} s */
    set(s) {
      current = s;
      root.hidden = s.kind === "none";
      const moveShare = s.moveTotalMs > 0 ? Math.max(0, Math.min(1, s.moveMs / s.moveTotalMs)) : 0;
      const bankShare = s.bankTotalMs > 0 ? Math.max(0, Math.min(1, s.bankMs / s.bankTotalMs)) : 0;
      move.style.width = `${moveShare * MOVE_SHARE * 100}%`;
      bank.style.width = `${bankShare * (1 - MOVE_SHARE) * 100}%`;
      root.classList.toggle("low", Boolean(s.lowTime && s.running));
      root.classList.toggle("paused", !s.running);
      claim.hidden = !s.claimable;
      describe(s);
      const second = Math.ceil((s.moveMs + s.bankMs) / 1000);
      if (s.lowTime && s.running && second !== lastBeepSecond) sound.beep();
      lastBeepSecond = s.lowTime && s.running ? second : null;
    },
    /** @param {"claimWin"} name @param {() => void} fn @returns {() => void} unbind */
    on(name, fn) {
      if (name !== "claimWin") throw new Error(`unknown timer event "${name}"`);
      handlers.add(fn);
      return () => handlers.delete(fn);
    },
    relabel,
    destroy() {
      root.remove();
      handlers.clear();
      if (audio) audio.close();
    },
  };
}

/** 75_000 → "1:15" */
function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
