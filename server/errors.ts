import type { ErrorCode } from '../contracts/errors';

/**
 * The one error type the server throws at a user: a code from contracts/errors.ts, the Chinese
 * message the user sees and optional data (`field` names the input it is about). It knows no HTTP:
 * server/http/kit.ts maps codes to statuses. It sits below every layer (docs/architecture.md) so
 * that ai/ and integrations/ refuse input with it without importing the domain; the domain's
 * shorthands for it are in server/domain/errors.ts.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
