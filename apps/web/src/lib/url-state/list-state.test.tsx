import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListUrl, useListState, type ListState } from './list-state';
import { urlDay, urlList, urlText } from './url-params';
import { defineUrlState, useUrlState, type UrlStateUpdate } from './url-state';

const definition = defineListUrl(
  {
    search: urlText(100),
    status: urlList(z.enum(['OPEN', 'CLOSED'])),
  },
  {
    sorts: ['createdAt', 'total'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: [25, 50],
    defaultPageSize: 25,
    maxOffset: 100,
  },
);
type Params = typeof definition.defaults;

/** The hook inside a memory router at `path`; the router tells where each change went. */
function renderList(path: string) {
  const holder: { list?: ListState<Params> } = {};
  function Probe() {
    holder.list = useListState(definition);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!holder.list) throw new Error('not rendered');
    return holder.list;
  };
  return { router, list };
}

/** A change, and the navigation it starts, settled before the test reads the result. */
async function change(make: () => void): Promise<void> {
  await act(async () => {
    make();
    await Promise.resolve();
  });
}

describe('list state', () => {
  it('starts again at the first page when filters, sort or page size change', async () => {
    const { router, list } = renderList('/list?offset=50&status=OPEN');
    expect(list().hasFilters).toBe(true);
    await change(() => {
      list().setFilters({ search: 'abc' });
    });
    expect(router.state.location.search).toBe('?search=abc&status=OPEN');
    expect(router.state.historyAction).toBe('PUSH');

    await change(() => {
      list().goTo({ offset: 25 });
    });
    await change(() => {
      list().toggleSort('total');
    });
    expect(router.state.location.search).toBe('?search=abc&status=OPEN&sort=total');
    await change(() => {
      list().toggleSort('total');
    });
    expect(list().params).toMatchObject({ sort: 'total', order: 'asc', offset: 0 });

    await change(() => {
      list().goTo({ offset: 25 });
    });
    await change(() => {
      list().setPageSize(50);
    });
    expect(list().params).toMatchObject({ limit: 50, offset: 0 });

    await change(() => {
      list().clearFilters();
    });
    expect(router.state.location.search).toBe('?sort=total&order=asc&limit=50');
    expect(list().hasFilters).toBe(false);
  });

  it('keeps two changes made before the next render', async () => {
    const { router, list } = renderList('/list');
    await change(() => {
      const { setFilters } = list();
      setFilters({ search: 'first' });
      setFilters({ status: ['CLOSED'] });
    });
    expect(router.state.location.search).toBe('?search=first&status=CLOSED');
  });

  it('keeps the changes of two states of one page made before the next render, whichever writes first', async () => {
    const form = defineUrlState({ from: urlDay() });
    type Form = typeof form.defaults;
    const holder: { list?: ListState<Params>; setForm?: (update: UrlStateUpdate<Form>) => void } = {};
    function Page() {
      holder.list = useListState(definition);
      holder.setForm = useUrlState(form)[1];
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Page /> }], {
      initialEntries: ['/list?from=2026-10-01'],
    });
    render(<RouterProvider router={router} />);
    await change(() => {
      holder.list?.toggleSort('total');
      holder.setForm?.((current) => ({ ...current, from: '2026-10-02' }));
    });
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('total');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-10-02');
    await change(() => {
      holder.setForm?.((current) => ({ ...current, from: '2026-10-03' }));
      holder.list?.setFilters({ search: 'both' });
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2026-10-03',
      search: 'both',
      sort: 'total',
    });
  });

  it('pages by offset up to the deepest one, then by cursor, and back by the cursors followed', async () => {
    const { list } = renderList('/list?offset=75');
    expect(list().pageTargets({ offset: 75, total: 500, itemCount: 25, nextCursor: 'c-100' })).toEqual({
      first: { offset: 0 },
      previous: { offset: 50 },
      next: { offset: 100 },
    });
    const fromDeepest = list().pageTargets({ offset: 100, total: 500, itemCount: 25, nextCursor: 'c-125' });
    expect(fromDeepest.next).toEqual({ cursor: 'c-125', offset: 125 });

    await change(() => {
      list().goTo({ cursor: 'c-125', offset: 125 });
    });
    expect(list().params).toMatchObject({ cursor: 'c-125', offset: 0 });
    const deeper = list().pageTargets({ offset: 125, total: 500, itemCount: 25, nextCursor: 'c-150' });
    expect(deeper).toEqual({
      first: { offset: 0 },
      previous: { offset: 100 },
      next: { cursor: 'c-150', offset: 150 },
    });

    await change(() => {
      list().goTo({ cursor: 'c-150', offset: 150 });
    });
    expect(list().pageTargets({ offset: 150, total: 500, itemCount: 25, nextCursor: null }).previous).toEqual(
      {
        cursor: 'c-125',
        offset: 125,
      },
    );
    // Opened by a link at a deep page, the way back is unknown: no Previous rather than a wrong one.
    expect(list().pageTargets({ offset: 400, total: 500, itemCount: 25, nextCursor: null })).toEqual({
      first: { offset: 0 },
    });
    // The last page has no Next.
    expect(list().pageTargets({ offset: 75, total: 100, itemCount: 25 }).next).toBeUndefined();
  });

  it('goes to the first page, and to the last one while it is within reach of an offset', () => {
    const { list } = renderList('/list');
    expect(list().pageTargets({ offset: 0, total: 90, itemCount: 25 })).toEqual({
      next: { offset: 25 },
      last: { offset: 75 },
    });
    expect(list().pageTargets({ offset: 25, total: 100, itemCount: 25 })).toEqual({
      first: { offset: 0 },
      previous: { offset: 0 },
      next: { offset: 50 },
      last: { offset: 75 },
    });
    // The last page is past the deepest offset (100): the cursors lead there page by page only.
    expect(
      list().pageTargets({ offset: 0, total: 500, itemCount: 25, nextCursor: 'c-25' }).last,
    ).toBeUndefined();
  });
});
