/** The end-to-end run's servers (playwright.config.ts starts them; tests reach the fake provider directly). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The app configured with a language model: the fake OpenAI-compatible provider below. */
export const PROVIDER_PORT = E2E_PORT + 1;
export const FAKE_OPENAI_PORT = E2E_PORT + 2;
export const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}`;
