import { describe, expect, it } from 'vitest';
import { listHref } from './list-href';

describe('listHref', () => {
  it('is the bare route on page 1 without filters', () => {
    expect(listHref('/dash/my-works', { q: '', type: false, student: null }, 1)).toBe('/dash/my-works');
  });

  it('keeps the filters that are set, in order, then the page', () => {
    expect(listHref('/dash/my-works', { q: '留学 文书', type: 'ps', student: undefined, view: 'table' }, 3)).toBe(
      '/dash/my-works?q=%E7%95%99%E5%AD%A6+%E6%96%87%E4%B9%A6&type=ps&view=table&page=3',
    );
  });

  it('leaves page 1 out even with filters', () => {
    expect(listHref('/dash/generation-records', { operation: '', status: 'failed' }, 1)).toBe('/dash/generation-records?status=failed');
  });
});
