import createCache, { type EmotionCache } from '@emotion/cache';
import { createContext, useContext } from 'react';

/**
 * Emotion SSR without hydration mismatches: the server renders a placeholder in <head> and
 * entry.server swaps in the critical CSS as <style data-ssr-emotion> tags. The client reads those
 * tags before hydrating and renders identical elements from this context, so React sees the same
 * <head>, and marks their rules as inserted so Emotion does not add them twice.
 */
export const EMOTION_KEY = 'lx';
export const EMOTION_PLACEHOLDER = '<meta name="emotion-insertion-point" content=""/>';

export type SsrStyle = { ids: string; css: string };
export const SsrStylesContext = createContext<SsrStyle[] | null>(null);

/**
 * The page's CSP nonce (ADR 0014). The server takes it from the load context; the browser reads it
 * from a nonced script's `nonce` property (browsers blank the attribute once the policy applies).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);
export const useCspNonce = () => useContext(CspNonceContext);

export function readCspNonce(doc: Document): string | undefined {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/** With a nonce, every <style> Emotion inserts carries it, so the page CSP lets it apply. */
export function createEmotionCache(nonce?: string): EmotionCache {
  return createCache({ key: EMOTION_KEY, nonce });
}

export function EmotionStyles() {
  const styles = useContext(SsrStylesContext);
  const nonce = useCspNonce();
  if (!styles) return <meta name="emotion-insertion-point" content="" />;
  return (
    <>
      {styles.map((s) => (
        // The server wrote the nonce attribute; the browser hides its value, hence no warning.
        <style key={s.ids} data-ssr-emotion={s.ids} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: s.css }} />
      ))}
    </>
  );
}
