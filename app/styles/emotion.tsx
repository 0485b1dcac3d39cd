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

export function createEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY });
}

export function EmotionStyles() {
  const styles = useContext(SsrStylesContext);
  if (!styles) return <meta name="emotion-insertion-point" content="" />;
  return (
    <>
      {styles.map((s) => (
        <style key={s.ids} data-ssr-emotion={s.ids} dangerouslySetInnerHTML={{ __html: s.css }} />
      ))}
    </>
  );
}
