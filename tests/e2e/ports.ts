/** The end-to-end run's servers (playwright.config.ts starts them; tests reach the fake provider directly). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The app configured with a language model: the fake OpenAI-compatible provider below. */
export const PROVIDER_PORT = E2E_PORT + 1;
export const FAKE_OPENAI_PORT = E2E_PORT + 2;
export const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}`;
/**
 * The app the notices project runs against: announcements and maintenance are global to a
 * database, so they get one of their own and run beside the other projects instead of after them.
 */
export const NOTICES_PORT = E2E_PORT + 3;
export const NOTICES_URL = `http://127.0.0.1:${NOTICES_PORT}`;

/** Each server's data directory beside the run's own (`-provider`, `-notices`), by the port it listens on. */
export function serverDataDir(runDataDir: string, port: number | string): string {
  const suffix = { [PROVIDER_PORT]: '-provider', [NOTICES_PORT]: '-notices' }[Number(port)] ?? '';
  return `${runDataDir}${suffix}`;
}
