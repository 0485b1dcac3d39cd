import { useLocation, useMatches } from '@remix-run/react';
import { useEffect } from 'react';
import { analyticsPageName } from '~/services/analytics-pages';
import { analytics } from '~/services/browser/analytics.client';
import { loadClarity, tagClarity } from '~/services/browser/clarity.client';

/**
 * Records a page view at every navigation under the route's Chinese name, and sends what waits
 * when the page is hidden or left (ADR 0058). Runs after the page has painted; the tracker itself
 * only queues. With a Clarity project id configured, Clarity is loaded too.
 */
export function useAnalytics(clarityProjectId: string | null) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const pageName = analyticsPageName(matches.map((m) => m.id));

  useEffect(() => {
    analytics().pageView(pathname, pageName);
    tagClarity(pageName, document.body.dataset.analyticsRole ?? 'guest');
  }, [pathname, pageName]);

  useEffect(() => {
    const tracker = analytics();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') tracker.hide(false);
    };
    const onPageHide = () => tracker.hide(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  useEffect(() => {
    if (clarityProjectId) loadClarity(clarityProjectId);
  }, [clarityProjectId]);
}
