// The export thread's body (render.ts): each message's job, one at a time: { id, job } in,
// { id, outcome } out. The built server runs it as build/server/render-worker.mjs
// (scripts/build-server.mjs); development and tests bundle it the same way (server/thread-entry.ts).
import { parentPort } from 'node:worker_threads';
import { runRenderJob, type RenderJob } from './render-job';

parentPort?.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  const outcome = await runRenderJob(job);
  parentPort?.postMessage({ id, outcome }, outcome.ok ? [outcome.body.buffer as ArrayBuffer] : []);
});
