import { createHmac, randomUUID } from 'node:crypto';
import { z } from '../../../contracts/zod';
import { postToProvider, scrubDigits, SmsSendError } from './call';
import type { SmsSender } from '.';

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The template's variable names: the first gets the code, an optional second the minutes it is valid. */
  templateParams: string[];
  /** An origin: `https://dysmsapi.aliyuncs.com`, or a local fake's `http://127.0.0.1:port`. */
  endpoint: string;
  timeoutMs: number;
};

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Alibaba Cloud's RPC signature v1 (HMAC-SHA1): every parameter but Signature, sorted by name,
 * percent-encoded, joined; then `METHOD&%2F&` + the encoded whole, keyed with `secret&`.
 * Exported for the fake server in tests, which recomputes it from what it received.
 */
export function rpcSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

const answerSchema = z.object({
  Code: z.string(),
  Message: z.string().optional(),
  RequestId: z.string().optional(),
  BizId: z.string().optional(),
});

/** Aliyun (Alibaba Cloud) SMS, Dysmsapi 2017-05-25 `SendSms`, RPC style, signed by hand (ADR 0036). */
export function aliyunSmsSender(options: AliyunSmsOptions): SmsSender {
  const url = new URL('/', options.endpoint).href;
  return {
    kind: 'aliyun',
    async sendLoginCode(phone, code, validMinutes) {
      const [codeName, minutesName] = options.templateParams;
      const templateParam: Record<string, string> = { [codeName ?? 'code']: code };
      if (minutesName) templateParam[minutesName] = String(validMinutes);
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        PhoneNumbers: phone,
        SignName: options.signName,
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify(templateParam),
      };
      params.Signature = rpcSignature('POST', params, options.accessKeySecret);
      const body = Object.entries(params)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&');
      const { status, json } = await postToProvider('aliyun', url, {
        timeoutMs: options.timeoutMs,
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
      });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new SmsSendError('aliyun', status === 200 ? 'BAD_RESPONSE' : `HTTP_${status}`, { httpStatus: status });
      const answer = parsed.data;
      if (answer.Code !== 'OK') {
        throw new SmsSendError('aliyun', answer.Code, {
          httpStatus: status,
          requestId: answer.RequestId,
          reason: scrubDigits(answer.Message ?? ''),
        });
      }
      return { requestId: answer.BizId ?? answer.RequestId };
    },
  };
}
