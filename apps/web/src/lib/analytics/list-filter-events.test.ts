import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from './analytics';
import { listFilterEvents } from './list-filter-events';

vi.mock('./analytics', () => ({ track: vi.fn() }));

describe('listFilterEvents', () => {
  beforeEach(() => {
    vi.mocked(track).mockClear();
  });

  it('records which filter was applied on which list', () => {
    listFilterEvents('carts').applied('status');
    expect(vi.mocked(track).mock.calls).toEqual([['filter_applied', { list: 'carts', filter: 'status' }]]);
  });

  it('records that a search happened, never its text, and nothing when the search is cleared', () => {
    const events = listFilterEvents('users');
    events.searched('garcia');
    events.searched(undefined);
    expect(vi.mocked(track).mock.calls).toEqual([['search_performed', { list: 'users' }]]);
  });
});
