import type { AddressInfo } from 'node:net';
import express from 'express';
import { CLARITY_CSP_SOURCES, pageSecurityHeaders } from '../../server/http/security-headers';

/** The page CSP names Microsoft Clarity's hosts only when a Clarity project is configured (ADR 0058). */
async function cspOf(clarity: boolean | undefined): Promise<string> {
  const app = express();
  app.get('/', (req, res) => {
    pageSecurityHeaders(req, res, clarity === undefined ? undefined : { clarity });
    res.end('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return res.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
  }
}

const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';

it('allows no other site without Clarity', async () => {
  for (const csp of [await cspOf(undefined), await cspOf(false)]) {
    expect(csp).not.toMatch(/clarity|bing/);
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
  }
});

it("allows Clarity's tag, collection and pixel hosts when it is configured, and nothing else more", async () => {
  const csp = await cspOf(true);
  expect(directive(csp, 'script-src')).toMatch(
    /^script-src 'self' 'nonce-[^']+' https:\/\/www\.clarity\.ms https:\/\/scripts\.clarity\.ms$/,
  );
  expect(directive(csp, 'connect-src')).toContain(CLARITY_CSP_SOURCES.connectSrc.join(' '));
  expect(directive(csp, 'img-src')).toBe(`img-src 'self' data: blob: ${CLARITY_CSP_SOURCES.imgSrc.join(' ')}`);
  expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
});
