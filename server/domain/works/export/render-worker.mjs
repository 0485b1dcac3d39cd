// The export worker's entry (render.ts). Plain JavaScript so that Node loads it under
// `node --import tsx` (npm start) and under vitest alike; it registers tsx itself, then runs the
// TypeScript job for each message, one at a time: { id, job } in, { id, outcome } out.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runRenderJob } = await import('./render-job.ts');
parentPort.on('message', async ({ id, job }) => {
  const outcome = await runRenderJob(job);
  parentPort.postMessage({ id, outcome }, outcome.ok ? [outcome.body.buffer] : []);
});
