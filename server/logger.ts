import { redactFields, redactString, redactValue } from './redact';

/**
 * One JSON object per line on stdout: easy to grep locally and to ship to any log store. Every
 * entry is redacted first (server/redact.ts): no full phone, identity number, token or document text.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

type LoggedError = {
  message: string;
  /** The failing statement's text, with placeholders: which query it was, never its values. */
  query?: string;
  /** The database's own reason (SQLSTATE and message), e.g. a full disk or a lost connection. */
  code?: string;
  reason?: string;
  stack?: string;
  cause?: LoggedError;
};

/** Drizzle's wrapper puts the statement and its parameters in the message; drivers keep them in fields. */
const queryOf = (err: Error) => {
  const query = (err as { query?: unknown }).query;
  return typeof query === 'string' ? query.replace(/\s+/g, ' ').slice(0, 300) : undefined;
};

/**
 * Errors as log fields. A failed query's message carries its parameters (user text, phone
 * numbers): those never reach the log; the statement and the database's reason do. `detail` is
 * left out too, since PostgreSQL puts row values in it.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { message: String(err).slice(0, 500) };
  const query = queryOf(err);
  const entry: LoggedError = { message: query && err.message.startsWith('Failed query') ? 'Failed query' : err.message.slice(0, 500) };
  if (query) entry.query = query;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') entry.code = String(code);
  // Stacks start with "Name: message": replace that head so a query's parameters cannot ride along.
  if (err.stack) {
    const head = `${err.name}: ${err.message}`;
    const frames = err.stack.startsWith(head) ? err.stack.slice(head.length) : err.stack.slice(err.stack.search(/\n\s+at /) >>> 0);
    entry.stack = `${err.name}: ${entry.message}${frames.startsWith('\n') ? frames : ''}`;
  }
  if (err.cause !== undefined && depth < 3) {
    const cause = serializeError(err.cause, depth + 1);
    entry.cause = cause;
    entry.reason ??= cause.reason ?? cause.message;
    entry.code ??= cause.code;
  }
  return entry;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const threshold = LEVELS[level];
  const log =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[lvl] < threshold) return;
      const entry: Record<string, unknown> = {
        time: new Date().toISOString(),
        level: lvl,
        msg: redactString(msg),
        ...redactFields(fields),
      };
      if (fields.err !== undefined) entry.err = redactValue(serializeError(fields.err));
      write(JSON.stringify(entry));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
