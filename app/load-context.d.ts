import type { WebLoadContext } from '../server/web';

declare module '@remix-run/node' {
  interface AppLoadContext extends WebLoadContext {}
}
