/** Remix 2 classic compiler (see docs/decisions/0001-remix-v2-classic-compiler.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverDependenciesToBundle: [/^@chakra-ui\//, /^@ark-ui\//, /^@zag-js\//, /^@pandacss\//],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
