// The 选校 match thread's body (match-in-thread.ts): one run in (workerData), its results out. The
// built server runs it as build/server/match-worker.mjs (scripts/build-server.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { matchPrograms } from './model/match';
import type { MatchJob } from './match-in-thread';

const { applicant, programs, cases, catalogue } = workerData as MatchJob;
try {
  parentPort?.postMessage({ ok: true, results: matchPrograms(applicant, programs, cases, catalogue) });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
