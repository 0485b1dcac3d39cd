/**
 * A provider did not take the message: a refused signature, a business refusal (flow control, an
 * unapproved template), a timeout or an unreachable host. `providerCode` is the provider's own
 * code (`AuthFailure.SignatureFailure`, `isv.BUSINESS_LIMIT_CONTROL`) or ours (`TIMEOUT`,
 * `NETWORK`, `HTTP_502`, `BAD_RESPONSE`); `reason` has had every run of six or more digits masked,
 * because providers echo requests in their messages (Aliyun's 待签名字符串 holds the phone and the code).
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    readonly detail: { httpStatus?: number; requestId?: string; reason?: string } = {},
  ) {
    super(`${provider} ${providerCode}`);
  }
}

/** Codes are six digits and phones eleven: neither survives this, whatever a provider echoes. */
export const scrubDigits = (text: string) => text.replace(/\d{6,}/g, '…').slice(0, 300);

/**
 * POSTs to a provider within `timeoutMs` and parses its JSON answer, whatever the HTTP status
 * (both providers put their error codes in the body of 4xx answers too).
 */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
    text = await res.text();
  } catch (error) {
    const name = (error as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SmsSendError(provider, 'TIMEOUT', { reason: `no answer within ${init.timeoutMs} ms` });
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : String(error);
    throw new SmsSendError(provider, 'NETWORK', { reason: scrubDigits(reason) });
  }
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new SmsSendError(provider, res.ok ? 'BAD_RESPONSE' : `HTTP_${res.status}`, { httpStatus: res.status, reason: scrubDigits(text) });
  }
}
