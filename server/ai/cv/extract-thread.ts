// The extraction thread's body: one job in (workerData), its outcome out. The built server runs
// it as build/server/extract-worker.mjs (scripts/build-server.mjs); development and tests through
// extract-worker.mjs, which loads this TypeScript with tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { runJob, type Job } from './extract-job';

parentPort?.postMessage(await runJob((workerData as { job: Job }).job));
