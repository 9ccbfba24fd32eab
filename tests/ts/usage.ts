// Type-checked with `tsc --noEmit` (tests/ts/tsconfig.json) against the declarations
// generated from the Rust types: a Rust rename or a looser type breaks this file, not
// only the page at run time. Tagged unions are narrowed with `switch (x.kind)`.
import init, {
  legalPlays,
  presetOptions,
  presets,
  Match,
  type Action,
  type ActionError,
  type ActionRefusal,
  type CoverPlan,
  type LegalPlayView,
  type MatchOptions,
  type MatchView,
  type MovePlan,
  type MoveRefusal,
  type PlainStep,
  type Phase,
  type Preset,
  type Side,
  type SideChoices,
  type StepView,
  type TargetView,
} from "../../pkg/gamao.js";
import initWorker, {
  Analysis,
  type AnalysedDecision,
  type AnalysedGame,
  type AnalysedResult,
  type Candidate,
  type CubeErrorTally,
  type FibsRating,
  type PerGame,
  type AnalysisShare,
  type AssembledAnalysis,
  type LuckRating,
  type Mark,
  type Rating,
} from "../../pkg-worker/gamao_worker.js";

export async function firstPlays(): Promise<string[]> {
  await init();
  const preset: Preset = "reserve";
  const plays: LegalPlayView[] = legalPlays("4HPwATDgc/ABMA", "31", preset);
  const steps: PlainStep[] = plays[0].steps;
  const hits: boolean[] = steps.map((s) => s.hit);
  const total: number = steps.reduce((sum, s) => sum + s.from - s.to, 0);
  const names: Preset[] = presets();
  return plays.map((p) => `${p.play} -> ${p.positionIdAfter} (${hits.length}, ${total}, ${names.length})`);
}

/** The side a phase names, by its kind. */
function named(phase: Phase): Side | null {
  switch (phase.kind) {
    case "Deciding":
    case "Moving":
    case "TurnComplete":
      return phase.side;
    case "CubeOffered":
      return phase.doubler;
    case "ResignationOffered":
      return phase.by;
    case "GameOver":
      return phase.result.winner;
    case "MatchOver":
      return phase.result.winner;
    case "OpeningRoll":
      return null;
  }
}

/** A refusal's blocked point, if that is the reason. */
function blockedPoint(reason: MoveRefusal): number | null {
  switch (reason.kind) {
    case "Blocked":
      return reason.point;
    case "NoDiceFit":
      return -reason.distance;
    default:
      return null;
  }
}

export async function playOneTurn(): Promise<MatchView> {
  await init();
  const options: MatchOptions = { ...presetOptions("reserve", 7), time_control: "None" };
  const match = new Match(options, 42);
  const opening: Action = { kind: "OpeningRoll" };
  match.act("White", opening, 0);
  let view: MatchView = match.view(10);
  const side = view.acting;
  if (side !== null && named(view.phase) === side) {
    const choices: SideChoices = side === "White" ? view.choices.white : view.choices.red;
    const step: StepView | undefined = view.legal_steps[0];
    if (choices.move_checkers && step !== undefined) {
      const plan: MovePlan = match.planMove(side, step.from, step.to);
      if (plan.kind === "Refused") console.log(blockedPoint(plan.reason));
      else match.act(side, { kind: "MoveTo", from: step.from, to: step.to }, 20);
    }
    const far: TargetView | null = match.farthestTarget(side, 13);
    const cover: CoverPlan = match.planCover(side, 5);
    console.log(far?.to, cover.kind === "Legal" ? cover.steps.length : cover.reason.kind);
  }
  try {
    match.act("Red", { kind: "Double" }, 25);
  } catch (e) {
    const refusal = e as ActionRefusal;
    const detail: ActionError | undefined = refusal.detail;
    if (detail !== undefined && detail.kind === "WrongSide") console.log(detail.side, refusal.message);
  }
  view = match.view(30);
  const bank: number = view.clocks.white.bank_ms;
  const limit: number = view.clock_limits.bank_max_ms;
  const pointsOnBoard: number = view.points.reduce((a, b) => a + Math.abs(b), 0);
  const used: boolean[] = view.turn_dice.map((d) => d.used);
  const resign: number[] = view.choices.red.resign.map((r) => r.points);
  const saved: string = match.save();
  Match.load(saved).free();
  console.log(bank, limit, pointsOnBoard, used, resign, view.last_play?.notation, view.position_id, view.match_id, match.mat().length);
  return view;
}

// The worker module's match analysis, in shares: each share judged apart (in a Web
// Worker of its own in the page), then put together by one analysis of the same match.

export async function analysedInShares(mat: string): Promise<AnalysedDecision[]> {
  await initWorker();
  const count = 2;
  const shares: AnalysisShare[] = [];
  for (let index = 0; index < count; index++) {
    const share = Analysis.fromMat(mat, 1, index, count);
    while (share.run(10)) console.log(share.done(), share.total(), share.matchTotal());
    shares.push(share.judgedShare());
    share.free();
  }
  const whole = Analysis.fromMat(mat, 1);
  const assembled: AssembledAnalysis = whole.assemble(shares);
  whole.free();
  const firstGame: AnalysedGame | undefined = assembled.analysis.games[0];
  const [white] = assembled.analysis.players;
  const rating: Rating = white.rating;
  const dice: LuckRating = white.luck.rating;
  const plies: 0 | 1 | 2 | 3 = assembled.analysis.plies;
  console.log(assembled.text.length, white.checker.error_rate, rating, dice, plies);
  // What the games came to, and with the luck taken out: match winning chances or points.
  const result: AnalysedResult = white.result;
  const costs: number[] = [white.checker.cost, white.luck.cost, result.actual, result.luck_adjusted];
  console.log(costs.map((x) => x.toFixed(4)));
  const wrongTakes: CubeErrorTally = white.cube_errors.wrong_takes;
  console.log(wrongTakes.count, wrongTakes.total_loss, white.cube_errors.missed_doubles_below_cash.cost);
  // Ratings: Snowie's error rate; a match's FIBS ratings, a money session's points per game.
  const fibs: FibsRating | undefined = white.fibs_rating;
  const perGame: PerGame | undefined = result.per_game;
  const difference: number | undefined = result.rating_difference;
  console.log(white.snowie_error_rate, fibs?.rating, fibs?.checker_loss, difference, perGame?.actual_interval);
  const decisions = firstGame?.decisions ?? [];
  // A checker decision's plays as judged, the best first: each with its equity and depth.
  const judged: Candidate[] = decisions[0]?.candidates ?? [];
  const depths: (0 | 1 | 2 | 3)[] = judged.map((c) => c.plies);
  console.log(judged.map((c) => `${c.play} ${c.equity.toFixed(3)}`), depths);
  console.log(decisions.map((d) => `${d.kind === "checker" ? d.dice?.join("") : "cube"} ${symbol(d.mark)}`));
  return decisions;
}

/** GNU Backgammon's annotation of a mark: every mark handled, or this fails to compile. */
function symbol(mark: Mark): string {
  switch (mark) {
    case "":
      return "";
    case "doubtful":
      return "?!";
    case "bad":
      return "?";
    case "very bad":
      return "??";
  }
}
