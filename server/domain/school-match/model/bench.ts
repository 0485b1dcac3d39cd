/**
 * npm run bench:school-match (ADR 0051): the admission model on case libraries drawn from a known
 * model (simulate.ts, seeded), fitted on the training part and scored on held-out applicants of the
 * same programs. Prints, per scenario (averaged over seeds): expected calibration error (10 bins),
 * Brier against each program's own admission rate (in its training cases, and in the held-out
 * set itself, an oracle no model can know), within-program AUC, and how often the true probability
 * lies inside the claimed 80% range, by the program's case count. Then the run's cost: fitting a
 * few thousand cases and matching 50 programs. Exits 1 when a figure misses the bar the outside
 * evaluation sets (ECE ≤ 0.08, Brier ≤ the base rate's, AUC > 0.5 where there is a signal).
 */
import { evaluate, type Evaluation } from './evaluate';
import { fitCaseModel } from './fit';
import { matchProgram, RANGE_COVERAGE } from './match';
import { simulateLibrary } from './simulate';
import type { Applicant } from './types';

const SEEDS = [101, 202, 303, 404, 505];

type Scenario = { name: string; casesPerProgram: number[]; signal: number; hiddenSd?: number };

const MIXED = [1, 2, 3, 3, 5, 5, 8, 10, 12, 15, 20, 25, 30, 40, 60, 80, 120, 200, 300, 500];
const SCENARIOS: Scenario[] = [
  { name: '20 programs, 1–500 cases, realistic signal', casesPerProgram: MIXED, signal: 1 },
  { name: '20 programs, 1–500 cases, weak signal (×0.3)', casesPerProgram: MIXED, signal: 0.3 },
  { name: '20 programs, 1–500 cases, no signal', casesPerProgram: MIXED, signal: 0 },
  { name: '6 programs, 5–160 cases, realistic signal', casesPerProgram: [5, 10, 20, 40, 80, 160], signal: 1 },
  { name: '6 programs, 5–160 cases, no signal', casesPerProgram: [5, 10, 20, 40, 80, 160], signal: 0 },
  { name: '40 programs × 100 cases, strong signal', casesPerProgram: new Array<number>(40).fill(100), signal: 2, hiddenSd: 0.5 },
];

const f3 = (v: number): string => v.toFixed(3);
const f4 = (v: number): string => v.toFixed(4);

function average(runs: Evaluation[]): Evaluation {
  const mean = (pick: (e: Evaluation) => number) => runs.reduce((s, e) => s + pick(e), 0) / runs.length;
  return {
    heldOut: runs.reduce((s, e) => s + e.heldOut, 0),
    ece: mean((e) => e.ece),
    brier: mean((e) => e.brier),
    brierTrainingRate: mean((e) => e.brierTrainingRate),
    brierHeldOutRate: mean((e) => e.brierHeldOutRate),
    auc: mean((e) => e.auc),
    coverage: mean((e) => e.coverage),
    byCases: runs[0].byCases.map((b, i) => {
      const applicants = runs.reduce((s, e) => s + e.byCases[i].applicants, 0);
      const weighted = (pick: (x: Evaluation['byCases'][number]) => number) =>
        runs.reduce((s, e) => s + pick(e.byCases[i]) * e.byCases[i].applicants, 0) / Math.max(1, applicants);
      return {
        label: b.label,
        applicants,
        coverage: weighted((x) => x.coverage),
        width: weighted((x) => x.width),
        brier: weighted((x) => x.brier),
        brierTrainingRate: weighted((x) => x.brierTrainingRate),
        brierHeldOutRate: weighted((x) => x.brierHeldOutRate),
      };
    }),
    fitMs: mean((e) => e.fitMs),
  };
}

function report(scenario: Scenario): boolean {
  const runs = SEEDS.map((seed) =>
    evaluate(
      simulateLibrary({
        seed,
        casesPerProgram: scenario.casesPerProgram,
        heldOutPerProgram: 200,
        signal: scenario.signal,
        hiddenSd: scenario.hiddenSd,
      }),
    ),
  );
  const e = average(runs);
  const cases = scenario.casesPerProgram.reduce((a, b) => a + b, 0);
  console.log(`\n## ${scenario.name} (${cases} training cases per library, ${SEEDS.length} seeds, ${e.heldOut} held-out applicants)`);
  console.log(`ECE (10 bins)          ${f3(e.ece)}`);
  console.log(
    `Brier                  ${f4(e.brier)}   base rate in training cases ${f4(e.brierTrainingRate)}   oracle held-out rate ${f4(e.brierHeldOutRate)}`,
  );
  console.log(`AUC within programs    ${f3(e.auc)}`);
  console.log(`true p inside range    ${f3(e.coverage)}   claimed ${RANGE_COVERAGE}`);
  console.log('cases/program  applicants  coverage  mean width  Brier   base(train)  base(oracle)');
  for (const b of e.byCases) {
    if (b.applicants === 0) continue;
    console.log(
      `${b.label.padEnd(13)}  ${String(b.applicants).padStart(10)}  ${f3(b.coverage).padStart(8)}  ${f3(b.width).padStart(10)}  ${f4(b.brier)}  ${f4(b.brierTrainingRate).padStart(11)}  ${f4(b.brierHeldOutRate).padStart(12)}`,
    );
  }
  const passes = e.ece <= 0.08 && e.brier <= e.brierTrainingRate + 0.005 && (scenario.signal === 0 || e.auc > 0.5);
  if (!passes) console.log('!! misses the outside evaluation’s bar');
  return passes;
}

/** A reference loop (fixed arithmetic) timed beside the fit, so a busy machine reads as such. */
function referenceMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 2_000_000; i++) sum += Math.exp(-((i % 1000) / 1000));
  if (sum < 0) console.log(sum);
  return performance.now() - started;
}

function timing(): void {
  const counts = Array.from({ length: 300 }, (_, j) => [2, 5, 8, 12, 20, 30, 40][j % 7]);
  const sim = simulateLibrary({ seed: 9, casesPerProgram: counts, heldOutPerProgram: 0 });
  const targets = sim.programs.slice(0, 50);
  const applicant: Applicant = { gpa: 3.6, gpaScale: 4, schoolTier: '211', ielts: 7, greV: 155, greQ: 167, international: true };
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 15; run++) {
    const usage = process.cpuUsage();
    const started = performance.now();
    const model = fitCaseModel(sim.training, sim.programs);
    for (const program of targets) matchProgram(applicant, program, model);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\n## Cost of a run: fit ${sim.training.length} cases over 300 programs, match 50 (15 runs, first ones warm the JIT)`);
  console.log(
    `median wall ${median(wall).toFixed(1)} ms, median CPU ${median(cpu).toFixed(1)} ms, best wall ${Math.min(...wall).toFixed(1)} ms`,
  );
  console.log(
    `reference loop (2M Math.exp) ${referenceMs().toFixed(1)} ms: the same loop on another run or machine shows how busy this one was`,
  );
}

let ok = true;
for (const scenario of SCENARIOS) ok = report(scenario) && ok;
timing();
process.exitCode = ok ? 0 : 1;
