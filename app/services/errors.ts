import { failureField } from '../../contracts/errors';

/** A failed API call, already mapped to the catalogue (contracts/errors.ts). Safe to show `message`. */
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
