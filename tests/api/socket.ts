import WebSocket from 'ws';

export type SocketMessage = { type: string; data: any; meta: { timestamp: number; eventId?: string } };

/** A /ws client that records every message and can wait for one matching a condition. */
export async function openSocket(baseUrl: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  const messages: SocketMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (match: (m: SocketMessage) => boolean, timeoutMs = 5000) =>
    new Promise<SocketMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching socket message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  const send = (type: string, data?: unknown) => socket.send(JSON.stringify({ type, data, meta: { timestamp: Date.now() } }));
  await next((m) => m.type === 'CONNECT');
  return { socket, messages, next, send, closed, close: () => socket.close() };
}

/** Sends AUTH {token} and returns the AUTH answer. */
export async function authenticateSocket(ws: Awaited<ReturnType<typeof openSocket>>, token: string) {
  const before = ws.messages.length;
  ws.send('AUTH', { token });
  return ws.next((m) => m.type === 'AUTH' && ws.messages.indexOf(m) >= before);
}
