// Type-checked with `tsc --noEmit` (tests/ts/tsconfig.json): the package's declarations
// describe every export precisely enough for this code to compile, and to fail if a
// view's fields were renamed or typed loosely.
import init, { legalPlays, type LegalPlayView, type StepView, type RulesName } from "../../pkg/gamao.js";

export async function firstPlays(): Promise<string[]> {
  await init();
  const rules: RulesName = "seed-001";
  const plays: LegalPlayView[] = legalPlays("4HPwATDgc/ABMA", "31", rules);
  const steps: StepView[] = plays[0].steps;
  const hits: boolean[] = steps.map((s) => s.hit);
  const total: number = steps.reduce((sum, s) => sum + s.from - s.to, 0);
  return plays.map((p) => `${p.play} -> ${p.positionIdAfter} (${hits.length}, ${total})`);
}
