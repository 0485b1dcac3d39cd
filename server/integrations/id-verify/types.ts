import type { AppConfig } from '../../config';

/**
 * The provider's answer about a name and number that passed the local check. `no_record`: the
 * authority knows no such number.
 */
export type IdVerifyOutcome = 'match' | 'mismatch' | 'no_record';

/** The provider could not be asked or gave no usable answer: not the user's fault, not an attempt. */
export class IdVerifierUnavailable extends Error {
  override name = 'IdVerifierUnavailable';
}

/** What real-name verification needs from a provider (ADR 0037). Inputs are normalized and locally valid. */
export interface IdVerifier {
  readonly kind: AppConfig['ID_VERIFY_PROVIDER'];
  /** Throws IdVerifierUnavailable when the provider gives no usable answer. */
  verify(input: { realName: string; idNumber: string }): Promise<IdVerifyOutcome>;
}
