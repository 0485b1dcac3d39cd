import { z } from '../../../contracts/zod';
import type { Logger } from '../../logger';
import { IdVerifierUnavailable, type IdVerifier, type IdVerifyOutcome } from './types';

/** How long a verification may take before the user is told the service is unavailable. */
export const ID_VERIFY_TIMEOUT_MS = 10_000;

const code = z.union([z.string(), z.number()]).transform(String);
/** The answer's documented shape (ADR 0037); other fields (sex, birthday, address…) are ignored. */
const answerSchema = z.object({ code, result: z.object({ res: code }).nullish() });

/** `result.res` when `code` is 0: 1 一致, 2 不一致, 3 无记录. */
const OUTCOMES: Record<string, IdVerifyOutcome> = { '1': 'match', '2': 'mismatch', '3': 'no_record' };

/**
 * A name + number (二要素) service in the Aliyun API market style: `POST url` with
 * `Authorization: APPCODE {appCode}` and the form fields `idcard` and `name`, answering
 * `{"code":"0","message":"成功","result":{"res":"1","description":"一致"}}`.
 *
 * The number travels in the body, never in the URL (proxies and gateways log URLs). What is logged
 * on a failure is the status, the gateway's own reason header and the answer's code: never the body
 * sent or received, which hold the name and number.
 */
export function httpIdVerifier(options: { url: string; appCode: string; logger: Logger; timeoutMs?: number }): IdVerifier {
  const unavailable = (reason: Record<string, unknown>) => {
    options.logger.warn('id_verify.provider_unavailable', { provider: 'http', ...reason });
    return new IdVerifierUnavailable('实名认证服务暂不可用');
  };
  return {
    kind: 'http',
    async verify({ realName, idNumber }) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            Authorization: `APPCODE ${options.appCode}`,
            'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
            Accept: 'application/json',
          },
          body: new URLSearchParams({ idcard: idNumber, name: realName }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? ID_VERIFY_TIMEOUT_MS),
          redirect: 'error',
        });
        text = await response.text();
      } catch (error) {
        // The cause names the network failure (ECONNREFUSED, ENOTFOUND…); the request's body is never in it.
        const err = error as { name?: string; cause?: { code?: string; message?: string } };
        throw unavailable({
          reason: err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.cause?.message?.slice(0, 200) ?? String(err.name)),
        });
      }
      if (!response.ok) {
        // Aliyun's gateway says why in a header (Invalid AppCode, Quota Exhausted…).
        throw unavailable({ status: response.status, gatewayReason: response.headers.get('x-ca-error-message')?.slice(0, 200) ?? null });
      }
      let parsed: z.infer<typeof answerSchema> | null = null;
      try {
        parsed = answerSchema.safeParse(JSON.parse(text)).data ?? null;
      } catch {
        // Not JSON: reported below.
      }
      if (!parsed) throw unavailable({ status: response.status, reason: 'unreadable answer' });
      const outcome = parsed.code === '0' && parsed.result ? OUTCOMES[parsed.result.res] : undefined;
      if (!outcome)
        throw unavailable({ status: response.status, code: parsed.code.slice(0, 20), res: parsed.result?.res.slice(0, 20) ?? null });
      return outcome;
    },
  };
}
