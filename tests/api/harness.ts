import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../../server/config';
import { createLogger, type Logger } from '../../server/logger';
import { startServer, type RunningServer, type ServerOptions } from '../../server/server';
import { inject } from 'vitest';

export type TestServer = RunningServer & { config: AppConfig };

let template: Blob | undefined;
/** The run's migrated database copy (tests/setup/pglite-template.ts), read once per test file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplatePath');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/**
 * A real API host on a random port. PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL
 * (CI runs the suite both ways). Tests use fresh phone numbers and client IPs, so they do not
 * see each other's rows when they share one PostgreSQL database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<ServerOptions, 'web' | 'realtimeLimits'> & { logger?: Logger } = {},
): Promise<TestServer> {
  const config = loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer({ config, logger: createLogger('silent'), pgliteTemplate: pgliteTemplate(), ...options });
  return { ...server, config };
}

/**
 * A server on a database of its own, for tests whose state is global to a database (maintenance
 * refuses every user's writes): on PostgreSQL a fresh database, dropped on close; PGlite is
 * private to each server anyway.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<TestServer> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return startTestServer(env);
  const name = `lx_iso_${randomInt(0, 1e9)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const server = await startTestServer({ ...env, DATABASE_URL: url.toString() });
  return {
    ...server,
    close: async () => {
      await server.close();
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export const randomPhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; message?: string; data: T };

export function client(baseUrl: string, options: { ip?: string; token?: string } = {}) {
  const ip = options.ip ?? randomIp();
  const call = async <T = Record<string, any>>(method: string, path: string, body?: unknown, token = options.token) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  };
  return {
    ip,
    get: <T = Record<string, any>>(path: string, token?: string) => call<T>('GET', path, undefined, token),
    post: <T = Record<string, any>>(path: string, body?: unknown, token?: string) => call<T>('POST', path, body ?? {}, token),
    put: <T = Record<string, any>>(path: string, body?: unknown, token?: string) => call<T>('PUT', path, body ?? {}, token),
    patch: <T = Record<string, any>>(path: string, body?: unknown, token?: string) => call<T>('PATCH', path, body ?? {}, token),
    delete: <T = Record<string, any>>(path: string, token?: string) => call<T>('DELETE', path, undefined, token),
  };
}

/** Full SMS login with the development code. */
export async function login(baseUrl: string, phone = randomPhone(), extra: { inviteCode?: string } = {}) {
  const api = client(baseUrl);
  const sent = await api.post('/auth/sms/send', { phone });
  if (sent.status !== 200) throw new Error(`sms send failed: ${JSON.stringify(sent.body)}`);
  const res = await api.post('/auth/login/phone', { phone, code: sent.body.data.devCode, ...extra });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return {
    phone,
    ...(res.body.data as {
      accessToken: string;
      refreshToken: string;
      user: Record<string, any>;
      accessTokenExpiresAt: string;
      refreshTokenExpiresAt: string;
      isNewUser: boolean;
      welcomePoints: number;
    }),
  };
}

/** An access token as the server would sign it, with a chosen expiry (for expiry tests). */
export async function signAccessToken(config: AppConfig, claims: { userId: string; sessionId: string }, expiresAtSec: number) {
  return new SignJWT({ sid: claims.sessionId, role: 'user' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(expiresAtSec - 7200)
    .setExpirationTime(expiresAtSec)
    .sign(new TextEncoder().encode(config.jwtSecret));
}

/** A CSV posted as the multipart `file` of an import; expects 200 and answers the envelope's data. */
export async function uploadCsv(baseUrl: string, path: string, token: string, csv: string) {
  const form = new FormData();
  form.set('file', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'data.csv');
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp() },
    body: form,
  });
  const body = (await res.json()) as { data: any };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

let blockSeq = 0;
/** A work's content (the editor's block format) of plain paragraphs. */
export const plainDoc = (...texts: string[]) => ({
  blocks: texts.map((text) => ({
    id: `p${++blockSeq}`,
    type: 'paragraph',
    props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  })),
});

/**
 * A second API process on the same database (tests/fixtures/serve-api.ts), for the cross-process
 * tests on PostgreSQL: `env` adds to this process's environment (DATABASE_URL and JWT_SECRET at least).
 */
export async function startSecondApiProcess(env: Record<string, string | undefined>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['tests/fixtures/serve-api.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`second process exited with ${code}`)));
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
