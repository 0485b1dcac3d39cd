// The extraction worker's entry. Plain JavaScript so that Node loads it under `node --import tsx`
// (npm start) and under vitest alike; it registers tsx itself, then runs the TypeScript job.
// (Node 20 does not apply `--import tsx` from a worker's execArgv to a .ts entry reliably.)
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./extract-job.ts');
parentPort.postMessage(await runJob(workerData.job));
