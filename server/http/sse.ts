import type { Response } from 'express';

/**
 * Opens a text/event-stream answer (ADR 0026): headers flushed at once, no proxy buffering or
 * compression, Nagle off, so each event leaves as it is written. Writes after the client has gone
 * are dropped.
 */
export function sse(res: Response) {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  // no-transform: no proxy may buffer or compress it; X-Accel-Buffering turns nginx buffering off.
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.setHeader('Connection', 'keep-alive');
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  return {
    send(event: string, data: unknown) {
      if (res.writableEnded || res.destroyed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment() {
      if (!res.writableEnded && !res.destroyed) res.write(': heartbeat\n\n');
    },
    end() {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  };
}
