import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { showFailureModal } from './components/failure-modals';
import { presentBlockingFailuresWith } from './services/failure-modals';
import { createEmotionCache, CspNonceContext, readCspNonce, SsrStylesContext, type SsrStyle } from './styles/emotion';

// A shortage (402) or a busy server (429) met by the fetch helpers opens its modal (spec §8).
presentBlockingFailuresWith(showFailureModal);

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
