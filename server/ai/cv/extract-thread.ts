// The extraction thread's body: one job in (workerData), its outcome out. The built server runs
// it as build/server/extract-worker.mjs (scripts/build-server.mjs); development and tests bundle it
// the same way on first use (server/thread-entry.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { runJob, type Job } from './extract-job';

parentPort?.postMessage(await runJob((workerData as { job: Job }).job));
