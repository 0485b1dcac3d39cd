import { safeRedirectTarget } from './sessions.server';

describe('safeRedirectTarget', () => {
  it.each([
    ['/dash/faq?x=1#a', '/dash/faq?x=1#a'],
    ['/dash/profile', '/dash/profile'],
  ])('keeps same-site path %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
    'evil',
    '',
    null,
    '/%09/x\\y',
  ])('rejects %j', (input) => {
    expect(safeRedirectTarget(input)).toBe('/dash/overview');
  });
});
