// Type-checked with `tsc --noEmit` (tests/ts/tsconfig.json): the package's declarations
// describe every export precisely enough for this code to compile, and to fail if a
// view's fields were renamed or typed loosely.
import init, {
  legalPlays,
  presetOptions,
  Match,
  type Action,
  type ActionRefusal,
  type LegalPlayView,
  type MatchOptions,
  type MatchView,
  type PlainStep,
  type Phase,
  type RulesName,
  type Side,
} from "../../pkg/gamao.js";

export async function firstPlays(): Promise<string[]> {
  await init();
  const rules: RulesName = "seed-001";
  const plays: LegalPlayView[] = legalPlays("4HPwATDgc/ABMA", "31", rules);
  const steps: PlainStep[] = plays[0].steps;
  const hits: boolean[] = steps.map((s) => s.hit);
  const total: number = steps.reduce((sum, s) => sum + s.from - s.to, 0);
  return plays.map((p) => `${p.play} -> ${p.positionIdAfter} (${hits.length}, ${total})`);
}

/** Whose turn it is to act, read from the phase. */
function actingSide(phase: Phase): Side | null {
  if (typeof phase === "string") return null;
  if ("Deciding" in phase) return phase.Deciding.side;
  if ("Moving" in phase) return phase.Moving.side;
  if ("TurnComplete" in phase) return phase.TurnComplete.side;
  if ("CubeOffered" in phase) return phase.CubeOffered.doubler === "White" ? "Red" : "White";
  return null;
}

export async function playOneTurn(): Promise<MatchView> {
  await init();
  const options: MatchOptions = { ...presetOptions("seed-001", 7), time_control: "None" };
  const match = new Match(options, 42);
  match.act("White", "OpeningRoll", 0);
  let view: MatchView = match.view(10);
  const side = actingSide(view.phase);
  if (side !== null) {
    for (const step of view.legal_steps) {
      const action: Action = { Step: { from: step.from, die: step.die } };
      match.act(side, action, 20);
      break;
    }
  }
  try {
    match.act("Red", "Double", 25);
  } catch (e) {
    const refusal = e as ActionRefusal;
    if (refusal.detail !== undefined && typeof refusal.detail !== "string" && "WrongSide" in refusal.detail) {
      console.log(refusal.detail.WrongSide.side, refusal.message);
    }
  }
  view = match.view(30);
  const bank: number = view.clocks.white.bank_ms;
  const pointsOnBoard: number = view.points.reduce((a, b) => a + Math.abs(b), 0);
  const saved: string = match.save();
  Match.load(saved).free();
  console.log(bank, pointsOnBoard, view.position_id, view.match_id, match.mat().length);
  return view;
}
