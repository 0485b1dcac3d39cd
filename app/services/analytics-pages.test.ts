import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ANALYTICS_PAGE_NAMES, analyticsPageName, routePathOf, UNNAMED_PAGE } from './analytics-pages';

const ROUTES = path.resolve('app/routes');

/** Route folders whose module renders a page (a default export) and is not a layout (no <Outlet>). */
function pageRoutes(): string[] {
  return readdirSync(ROUTES).filter((folder) => {
    const file = path.join(ROUTES, folder, 'route.tsx');
    if (!existsSync(file)) return false;
    const source = readFileSync(file, 'utf8');
    return /export default/.test(source) && !/<Outlet\b/.test(source);
  });
}

it('names every page route in Chinese', () => {
  const pages = pageRoutes();
  expect(pages.length).toBeGreaterThan(40);
  const missing = pages.filter((folder) => !ANALYTICS_PAGE_NAMES[`routes/${folder}`]);
  expect(missing, `no Chinese analytics name for: ${missing.join(', ')} (app/services/analytics-pages.ts)`).toEqual([]);
  for (const name of Object.values(ANALYTICS_PAGE_NAMES)) expect(name).toMatch(/[\u4e00-\u9fff]/);
});

it('names no route that does not exist', () => {
  const folders = new Set(readdirSync(ROUTES));
  const stale = Object.keys(ANALYTICS_PAGE_NAMES).filter((id) => !folders.has(id.replace(/^routes\//, '')));
  expect(stale).toEqual([]);
});

it('takes the deepest named match', () => {
  expect(analyticsPageName(['root', 'routes/dash', 'routes/dash._guard', 'routes/dash._guard.overview'])).toBe('概览');
  expect(
    analyticsPageName(['root', 'routes/dash', 'routes/dash._guard', 'routes/dash._guard.admin', 'routes/dash._guard.admin.audit-log']),
  ).toBe('管理员操作日志');
  expect(analyticsPageName(['root'])).toBe(UNNAMED_PAGE);
});

it('shows a route id as its address', () => {
  expect(routePathOf('routes/dash._guard.order.$orderId')).toBe('/dash/order/:orderId');
  expect(routePathOf('routes/dash._guard.my-works._index')).toBe('/dash/my-works');
  expect(routePathOf('routes/dash_.login')).toBe('/dash/login');
  expect(routePathOf('routes/_index')).toBe('/');
});
