/** One JSON object per line on stdout: easy to grep locally and to ship to any log store. */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const threshold = LEVELS[level];
  const log =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[lvl] < threshold) return;
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...fields };
      if (fields.err instanceof Error) entry.err = { message: fields.err.message, stack: fields.err.stack };
      write(JSON.stringify(entry));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
