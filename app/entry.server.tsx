import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { createEmotionCache, CspNonceContext, EMOTION_PLACEHOLDER } from './styles/emotion';

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** renderToString, not streaming: Emotion needs the whole tree to extract critical CSS. */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The response's CSP nonce (server/http/security-headers.ts): on Remix's scripts and our styles.
  const nonce = loadContext.cspNonce;
  const cache = createEmotionCache(nonce);
  // compat: no inline <style> next to components; everything goes through extraction.
  cache.compat = true;
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CspNonceContext.Provider value={nonce}>
      <CacheProvider value={cache}>
        <RemixServer context={remixContext} url={request.url} />
      </CacheProvider>
    </CspNonceContext.Provider>,
  );
  const { styles } = extractCriticalToChunks(html);
  const nonceAttr = nonce ? ` nonce="${escapeAttr(nonce)}"` : '';
  // Same attribute order as EmotionStyles renders on the client.
  const tags = styles
    .filter((s) => s.css)
    .map((s) => `<style data-ssr-emotion="${escapeAttr(`${s.key} ${s.ids.join(' ')}`)}"${nonceAttr}>${s.css}</style>`)
    .join('');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html.replace(EMOTION_PLACEHOLDER, tags)}`, { status, headers });
}

/**
 * A loader's or an action's unexpected error, logged as one redacted JSON line through the
 * process's logger (server/redact.ts: no phone, ID number, token or document text) instead of
 * Remix's default console.error of the whole error. A request the browser abandoned is not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  context.logError?.('web.unhandled_error', { path: new URL(request.url).pathname, err: error });
}
