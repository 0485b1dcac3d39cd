import { IN_PROCESS_CASES, matchOffThread } from './match-in-thread';
import { matchPrograms } from './model/match';
import { simulateLibrary } from './model/simulate';

// A large case library is matched in a thread (ADR 0052): the same results as in place.
describe('matchOffThread', () => {
  const sim = simulateLibrary({ seed: 11, casesPerProgram: new Array(30).fill(100), heldOutPerProgram: 1 });
  const job = { applicant: sim.heldOut[0]!, programs: sim.programs.slice(0, 10), cases: sim.training, catalogue: sim.programs };

  it('above IN_PROCESS_CASES, gives in a thread exactly what matchPrograms gives in place', async () => {
    expect(job.cases.length).toBeGreaterThan(IN_PROCESS_CASES);
    const inThread = await matchOffThread(job, new AbortController().signal);
    expect(inThread).toEqual(matchPrograms(job.applicant, job.programs, job.cases, job.catalogue));
  }, 30_000);

  it('stops when the run is aborted', async () => {
    const controller = new AbortController();
    const pending = matchOffThread(job, controller.signal);
    controller.abort(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
  });
});
