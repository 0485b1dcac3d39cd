import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createEmotionCache, CspNonceContext, readCspNonce, SsrStylesContext, type SsrStyle } from './styles/emotion';

// Styles Emotion inserts from now on (dialogs, toasts, menus) carry the page's CSP nonce.
const nonce = readCspNonce(document);
const cache = createEmotionCache(nonce);
const ssrStyles: SsrStyle[] = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-ssr-emotion]')).map((el) => {
  const ids = el.getAttribute('data-ssr-emotion') ?? '';
  for (const id of ids.split(' ').slice(1)) cache.inserted[id] = true;
  return { ids, css: el.innerHTML };
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CspNonceContext.Provider value={nonce}>
        <SsrStylesContext.Provider value={ssrStyles}>
          <CacheProvider value={cache}>
            <RemixBrowser />
          </CacheProvider>
        </SsrStylesContext.Provider>
      </CspNonceContext.Provider>
    </StrictMode>,
  );
});
