import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { createEmotionCache, EMOTION_PLACEHOLDER } from './styles/emotion';

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** renderToString, not streaming: Emotion needs the whole tree to extract critical CSS. */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const cache = createEmotionCache();
  // compat: no inline <style> next to components; everything goes through extraction.
  cache.compat = true;
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <RemixServer context={remixContext} url={request.url} />
    </CacheProvider>,
  );
  const { styles } = extractCriticalToChunks(html);
  const tags = styles
    .filter((s) => s.css)
    .map((s) => `<style data-ssr-emotion="${escapeAttr(`${s.key} ${s.ids.join(' ')}`)}">${s.css}</style>`)
    .join('');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html.replace(EMOTION_PLACEHOLDER, tags)}`, { status, headers });
}
