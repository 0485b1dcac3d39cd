import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createEmotionCache, SsrStylesContext, type SsrStyle } from './styles/emotion';

const cache = createEmotionCache();
const ssrStyles: SsrStyle[] = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-ssr-emotion]')).map((el) => {
  const ids = el.getAttribute('data-ssr-emotion') ?? '';
  for (const id of ids.split(' ').slice(1)) cache.inserted[id] = true;
  return { ids, css: el.innerHTML };
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SsrStylesContext.Provider value={ssrStyles}>
        <CacheProvider value={cache}>
          <RemixBrowser />
        </CacheProvider>
      </SsrStylesContext.Provider>
    </StrictMode>,
  );
});
