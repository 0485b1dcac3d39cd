import { createHash, createHmac } from 'node:crypto';
import { z } from '../../../contracts/zod';
import { postToProvider, scrubDigits, SmsSendError } from './call';
import type { SmsSender } from '.';

export type TencentSmsOptions = {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** What the template's {1} and {2} are: the code alone, or the code and its minutes of validity. */
  templateParams: 'code' | 'code,minutes';
  region: string;
  /** An origin: `https://sms.tencentcloudapi.com`, or a local fake's `http://127.0.0.1:port`. */
  endpoint: string;
  timeoutMs: number;
};

const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * TencentCloud API signature v3 (TC3-HMAC-SHA256) of a JSON POST to `/`, signing content-type,
 * host and x-tc-action (names and values lower-cased). Exported for the fake server in tests,
 * which recomputes it from what it received.
 */
export function tc3Signature(input: {
  secretKey: string;
  service: string;
  timestamp: number;
  canonicalHeaders: [name: string, value: string][];
  body: string;
}): { signature: string; signedHeaders: string; credentialScope: string } {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const headers = input.canonicalHeaders.map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const);
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    'POST',
    '/',
    '',
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
  const credentialScope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  return { signature: createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex'), signedHeaders, credentialScope };
}

const answerSchema = z.object({
  Response: z.object({
    RequestId: z.string().optional(),
    Error: z.object({ Code: z.string(), Message: z.string().optional() }).optional(),
    SendStatusSet: z.array(z.object({ Code: z.string(), Message: z.string().optional(), SerialNo: z.string().optional() })).optional(),
  }),
});

/** Tencent Cloud SMS, API 2021-01-11 `SendSms`, signed by hand (ADR 0036). */
export function tencentSmsSender(options: TencentSmsOptions): SmsSender {
  const url = new URL(options.endpoint);
  return {
    kind: 'tencent',
    async sendLoginCode(phone, code, validMinutes) {
      const body = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: options.sdkAppId,
        SignName: options.signName,
        TemplateId: options.templateId,
        TemplateParamSet: options.templateParams === 'code,minutes' ? [code, String(validMinutes)] : [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const { signature, signedHeaders, credentialScope } = tc3Signature({
        secretKey: options.secretKey,
        service: SERVICE,
        timestamp,
        canonicalHeaders: [
          ['content-type', CONTENT_TYPE],
          ['host', url.host],
          ['x-tc-action', ACTION],
        ],
        body,
      });
      const { status, json } = await postToProvider('tencent', url.href, {
        timeoutMs: options.timeoutMs,
        body,
        headers: {
          Authorization: `TC3-HMAC-SHA256 Credential=${options.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': ACTION,
          'X-TC-Version': VERSION,
          'X-TC-Region': options.region,
          'X-TC-Timestamp': String(timestamp),
        },
      });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new SmsSendError('tencent', status === 200 ? 'BAD_RESPONSE' : `HTTP_${status}`, { httpStatus: status });
      const { Error: error, SendStatusSet: sent, RequestId: requestId } = parsed.data.Response;
      if (error) throw new SmsSendError('tencent', error.Code, { httpStatus: status, requestId, reason: scrubDigits(error.Message ?? '') });
      const first = sent?.[0];
      if (!first) throw new SmsSendError('tencent', 'BAD_RESPONSE', { httpStatus: status, requestId });
      if (first.Code !== 'Ok')
        throw new SmsSendError('tencent', first.Code, { httpStatus: status, requestId, reason: scrubDigits(first.Message ?? '') });
      return { requestId: first.SerialNo ?? requestId };
    },
  };
}
