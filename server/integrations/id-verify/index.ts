import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { httpIdVerifier } from './http';
import type { IdVerifier } from './types';

export { IdVerifierUnavailable, type IdVerifier, type IdVerifyOutcome } from './types';

/** The embedded default: every number that passes the local check belongs to the name given. */
export const sandboxIdVerifier = (): IdVerifier => ({ kind: 'sandbox', verify: async () => 'match' });

/** The provider ID_VERIFY_PROVIDER names (config.ts has checked its settings). */
export function createIdVerifier(config: AppConfig, logger: Logger): IdVerifier {
  if (config.ID_VERIFY_PROVIDER === 'http')
    return httpIdVerifier({ url: config.ID_VERIFY_URL!, appCode: config.ID_VERIFY_APP_CODE!, logger });
  return sandboxIdVerifier();
}
