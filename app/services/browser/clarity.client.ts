import { browserOptedOut } from './analytics.client';

type ClarityFn = ((...args: unknown[]) => void) & { q?: unknown[][] };
declare global {
  interface Window {
    clarity?: ClarityFn;
  }
}

/** Clarity's tag for a project: the only script it loads from outside (the page CSP allows it only when configured). */
export const clarityTagUrl = (projectId: string) => `https://www.clarity.ms/tag/${encodeURIComponent(projectId)}`;

/**
 * Microsoft Clarity (optional, ADR 0058): loaded once, after the page is up, only when
 * CLARITY_PROJECT_ID is configured and the browser has not asked not to be tracked. The queue
 * function stands in until the tag arrives, as Clarity's own snippet does.
 */
export function loadClarity(projectId: string): boolean {
  if (window.clarity || browserOptedOut(navigator, window as { doNotTrack?: string | null })) return false;
  const clarity: ClarityFn = (...args: unknown[]) => {
    (clarity.q ??= []).push(args);
  };
  window.clarity = clarity;
  const script = document.createElement('script');
  script.async = true;
  script.src = clarityTagUrl(projectId);
  document.head.appendChild(script);
  return true;
}

/** Tags Clarity's recording with the page's Chinese name and the role, when Clarity is on. */
export function tagClarity(pageName: string, role: string) {
  window.clarity?.('set', 'page_name', pageName);
  window.clarity?.('set', 'role', role);
}
