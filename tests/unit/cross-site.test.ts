import type { Request } from 'express';
import { isCrossSiteWrite } from '../../server/web';

const req = (method: string, headers: Record<string, string>) =>
  ({ method, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

describe('isCrossSiteWrite', () => {
  it('refuses writes a browser marks as coming from another site', () => {
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'cross-site', host: 'app.cn' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'same-site', host: 'app.cn' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'https://evil.example', host: 'app.cn' }))).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'null', host: 'app.cn' }))).toBe(true);
  });

  it('allows same-origin writes, reads, and non-browser clients', () => {
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'same-origin', host: 'app.cn' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST', { 'sec-fetch-site': 'none', host: 'app.cn' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST', { origin: 'https://app.cn', host: 'app.cn' }))).toBe(false);
    expect(isCrossSiteWrite(req('GET', { 'sec-fetch-site': 'cross-site', host: 'app.cn' }))).toBe(false);
    expect(isCrossSiteWrite(req('POST', { host: 'app.cn' }))).toBe(false);
  });
});
