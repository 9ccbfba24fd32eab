// Throws random values of every type at every export of the engine's packages and
// checks that each call either answers or throws an ordinary Error — never a trap
// (a WebAssembly.RuntimeError, after which the module is broken). Self-contained, so
// that the same function runs in Node and, through its source text, in Chromium.

/**
 * @param {object} engine  the page's package (pkg/gamao.js), initialised
 * @param {object|null} worker  the worker's package (pkg-worker/gamao_worker.js), initialised, or null
 * @param {{rounds:number, seed:number}} o
 * @returns {{calls:number, answered:number, refused:number, traps:string[]}}
 */
export function fuzzBoundary(engine, worker, { rounds, seed }) {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const START = "4HPwATDgc/ABMA";
  const kinds = ["OpeningRoll", "Roll", "Double", "Take", "Drop", "Step", "MoveTo", "UndoStep", "EndTurn",
    "OfferResignation", "AcceptResignation", "DeclineResignation", "Resign", "ForfeitMatch", "ClaimWinOnTime", "SetAutoRoll", "Jump"];

  const scalars = () => pick([
    0, 1, -1, 3, 6, 13, 24, 25, 26, 255, 256, 65536, -0.5, 2.5, 1e300, -1e300, NaN, Infinity, -Infinity,
    2 ** 53, 2 ** 64, "", "31", "3-1", "66", "x", "White", "Red", "white", "time-bank", "reserve", "standard",
    "beginner", START, "MAFqAAAAAAAE", "\u0000", "é".repeat(50), true, false, null, undefined,
    12345n, Symbol("s"), () => 1,
  ]);
  let saves = [];
  const value = (depth = 0) => {
    const r = random();
    if (r < 0.45 || depth > 2) return scalars();
    if (r < 0.6) return { kind: pick(kinds), from: value(depth + 1), to: value(depth + 1), die: value(depth + 1), level: pick(["Single", "Gammon", value(depth + 1)]), on: value(depth + 1) };
    if (r < 0.7) return {
      length: pick([{ kind: "Points", points: value(depth + 1) }, { kind: "Unlimited" }, value(depth + 1)]),
      cube: value(depth + 1), backgammons: pick([true, value(depth + 1)]), minimise_wasted_pips: pick([false, value(depth + 1)]),
      resignation: pick(["Offered", "Direct", value(depth + 1)]), time_control: pick(["None", "TimeBank", "Reserve", value(depth + 1)]),
    };
    if (r < 0.78 && saves.length) {
      const text = pick(saves);
      return random() < 0.5 ? text : text.slice(0, Math.floor(random() * text.length)) + String(value(depth + 1));
    }
    if (r < 0.9) return [value(depth + 1), value(depth + 1)];
    return Object.fromEntries([[String(value(depth + 1)), value(depth + 1)]]);
  };

  const result = { calls: 0, answered: 0, refused: 0, traps: [] };
  const call = (name, fn) => {
    result.calls++;
    try {
      const out = fn();
      result.answered++;
      return out;
    } catch (e) {
      const trap = (typeof WebAssembly !== "undefined" && e instanceof WebAssembly.RuntimeError) || !(e instanceof Error) || !e.message;
      if (trap) result.traps.push(`${name}: ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
      else result.refused++;
      return undefined;
    }
  };

  const matches = [];
  const fresh = () => call("new Match", () => new engine.Match(engine.presetOptions(pick(["time-bank", "reserve"]), pick([null, 3, 5])), Math.floor(random() * 100)));
  for (let i = 0; i < 3; i++) matches.push(fresh());
  const methods = [
    (m) => m.act(value(), value(), value()),
    (m) => m.act(pick(["White", "Red"]), { kind: pick(kinds), from: Math.floor(random() * 27), to: Math.floor(random() * 27), die: Math.floor(random() * 8) }, m.lastMs() + 1),
    (m) => m.tick(value()),
    (m) => m.view(value()),
    (m) => m.clocks(value()),
    (m) => m.planMove(value(), value(), value()),
    (m) => m.planMove(pick(["White", "Red"]), Math.floor(random() * 27), Math.floor(random() * 27)),
    (m) => m.farthestTarget(value(), value()),
    (m) => m.planCover(value(), value()),
    (m) => m.lastMs(),
    (m) => { const text = m.save(); saves.push(text); saves = saves.slice(-8); return text; },
    (m) => m.positionId(),
    (m) => m.matchId(),
    (m) => m.mat(),
    (m) => m.rollWith(value(), value(), value()),
    (m) => m.turnPlay(),
  ];
  const functions = [
    ["legalPlays", () => engine.legalPlays(value(), value(), value())],
    ["resolvePlay", () => engine.resolvePlay(value(), value(), value(), value())],
    ["presets", () => engine.presets()],
    ["presetOptions", () => engine.presetOptions(value(), value())],
    ["new Match", () => new engine.Match(value(), value())],
    ["Match.fromIds", () => engine.Match.fromIds(value(), value(), value(), value())],
    ["Match.load", () => engine.Match.load(value(), value())],
  ];
  if (worker) {
    functions.push(
      ["replayMat", () => worker.replayMat(value())],
      ["computerActions", () => worker.computerActions(value(), value(), pick(["beginner", value()]), value())],
      ["hint", () => worker.hint(pick(saves.length ? [pick(saves), value()] : [value()]))],
      ["tutor", () => worker.tutor(pick(saves.length ? [pick(saves), value()] : [value()]), value(), pick(["Roll", "EndTurn", value()]))],
      ["Analysis.fromSaved", () => worker.Analysis.fromSaved(pick(saves.length ? [pick(saves), value()] : [value()]), value())],
      ["Analysis.fromMat", () => worker.Analysis.fromMat(value(), value())],
      ["Analysis.fromSaved share", () => worker.Analysis.fromSaved(pick(saves.length ? [pick(saves), value()] : [value()]), pick([0, value()]), value(), value())],
      ["Analysis.assemble", () => {
        if (!saves.length) return undefined;
        const analysis = worker.Analysis.fromSaved(pick(saves), 0);
        try {
          const share = analysis.judgedShare();
          return analysis.assemble(pick([value(), [value()], [share], [{ ...share, index: value() }], [{ ...share, judged: value() }]]));
        } finally {
          analysis.free();
        }
      }],
      ["loadBearoff", () => worker.loadBearoff(pick([value(), new Uint8Array(Math.floor(random() * 64))]))],
    );
  }
  for (let round = 0; round < rounds; round++) {
    if (random() < 0.6) {
      const m = pick(matches.filter(Boolean));
      const k = Math.floor(random() * methods.length);
      if (m) call(`Match method ${k}`, () => methods[k](m));
    } else {
      const [name, fn] = pick(functions);
      const out = call(name, fn);
      if (out instanceof engine.Match) {
        if (matches.length < 6) matches.push(out);
        else out.free();
      }
    }
  }
  // The module still answers correctly afterwards.
  const after = call("legalPlays after the fuzz", () => engine.legalPlays(START, "31").length);
  if (after !== 16) result.traps.push(`legalPlays after the fuzz: ${after} plays, not 16`);
  if (result.calls !== result.answered + result.refused + result.traps.length) result.traps.push("lost calls");
  return result;
}
