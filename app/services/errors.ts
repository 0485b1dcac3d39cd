import { failureField } from '../../contracts/errors';

/**
 * A failed API call, already mapped to the catalogue (contracts/errors.ts). Safe to show `message`.
 * The one error of both ways to the API: the server's client (api/transport.server.ts) and the
 * browser's /resources/api helpers (resource-fetch.client.ts); status 0 is a network failure.
 */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** The input the API says this failure is about (`data.field`), if any. */
  get field(): string | undefined {
    return failureField(this.data);
  }
}
