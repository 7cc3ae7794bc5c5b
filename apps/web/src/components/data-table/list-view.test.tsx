import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { track } from '../../lib/analytics/analytics';
import { createI18n } from '../../lib/i18n/i18n';
import { defineListUrl, useListState } from '../../lib/url-state/list-state';
import { urlDay, urlList, urlText } from '../../lib/url-state/url-params';
import { columnsOf } from './data-table';
import { filtersOf } from './filters/list-filters';
import { ListView } from './list-view';
import type { ListPageQuery } from './use-list-paging';

vi.mock('../../lib/analytics/analytics', () => ({ track: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });

const fruitUrl = defineListUrl(
  {
    search: urlText(50),
    colour: urlList(z.enum(['RED', 'GREEN'])),
    from: urlDay(),
    to: urlDay(),
  },
  {
    sorts: ['name', 'weight'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    pageSizes: [25, 50],
    defaultPageSize: 25,
  },
  { ranges: [['from', 'to']] },
);
type FruitListState = typeof fruitUrl.defaults;

interface Fruit {
  readonly id: string;
  readonly name: string;
  readonly weight: number;
}

const filter = filtersOf<FruitListState>();
const filters = {
  search: filter.search({ key: 'search', label: 'Search' }),
  filters: [
    filter.multiSelect({
      key: 'colour',
      name: 'colour',
      label: 'Colour',
      options: [
        { value: 'RED', label: 'Red' },
        { value: 'GREEN', label: 'Green' },
      ],
    }),
    filter.dateRange({ from: 'from', to: 'to', name: 'date', label: 'Picked', timeZone: 'UTC' }),
  ],
} as const;
const columns = columnsOf<Fruit, 'name' | 'weight'>(
  {
    name: { sortable: true, cell: (row) => row.name },
    weight: { sortable: true, align: 'end', cell: (row) => `${String(row.weight)} g` },
  },
  (id) => (id === 'name' ? 'Name' : 'Weight'),
);

function pageOf(
  items: readonly Fruit[],
  overrides: Partial<ListPageQuery<Fruit>> = {},
): ListPageQuery<Fruit> {
  return {
    data: { items, pagination: { offset: 0, total: items.length } },
    error: null,
    isError: false,
    isPlaceholderData: false,
    refetch: () => Promise.resolve(),
    ...overrides,
  };
}

function Fruits({ page }: { readonly page: ListPageQuery<Fruit> }) {
  const list = useListState(fruitUrl);
  return (
    <ListView
      name="fruits"
      list={list}
      page={page}
      columns={columns}
      filters={filters}
      getRowId={(row) => row.id}
      label="Fruits"
      filterLabel="Filter fruits"
      empty={{ filtered: 'No fruit matches.', none: 'No fruit yet.' }}
    />
  );
}

async function renderFruits(path: string, page: ListPageQuery<Fruit>) {
  const i18n = await createI18n({
    locales: ['en'],
    onMissingKey: (key, namespace) => {
      throw new Error(`Missing translation ${namespace}:${key}`);
    },
  });
  const router = createMemoryRouter([{ path: '/fruits', element: <Fruits page={page} /> }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { router, user: userEvent.setup() };
}

const apple = { id: 'a', name: 'Apple', weight: 180 };

describe('the list view', () => {
  afterEach(() => {
    // The column choice is remembered per list: each test starts from the list's own.
    localStorage.clear();
  });

  it('binds each declared filter to the URL, counts it by its name, and counts a range once', async () => {
    const { router, user } = await renderFruits(
      '/fruits?offset=25&from=2026-11-01&to=2026-11-02',
      pageOf([apple]),
    );
    const bar = screen.getByRole('search', { name: 'Filter fruits' });
    // The date range's two parameters are one filter; the search is none.
    expect(within(bar).getByText('1 filter')).toBeInTheDocument();

    await user.click(within(bar).getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?colour=GREEN&from=2026-11-01&to=2026-11-02');
    });
    expect(within(bar).getByText('2 filters')).toBeInTheDocument();
    expect(vi.mocked(track)).toHaveBeenCalledWith('filter_applied', { list: 'fruits', filter: 'colour' });

    await user.type(within(bar).getByRole('searchbox', { name: 'Search' }), 'pear{Enter}');
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('search')).toBe('pear');
    });
    expect(vi.mocked(track)).toHaveBeenCalledWith('search_performed', { list: 'fruits' });
    expect(within(bar).getByText('2 filters')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('sorts by a header, offers the column chooser and shows the page range', async () => {
    const { router, user } = await renderFruits('/fruits', pageOf([apple]));
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByText('180 g')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Weight' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=weight&order=desc');
    });
  });

  it('goes to the first and the last page', async () => {
    const items = Array.from({ length: 25 }, (_, index) => ({ ...apple, id: String(index) }));
    const { router, user } = await renderFruits(
      '/fruits?offset=25',
      pageOf(items, { data: { items, pagination: { offset: 25, total: 110 } } }),
    );
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Last' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?offset=100');
    });
    await user.click(within(pages).getByRole('button', { name: 'First' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('names each value of a row by its column, for the cards a phone shows', async () => {
    await renderFruits('/fruits', pageOf([apple]));
    const cells = within(screen.getByRole('table', { name: 'Fruits' })).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Name', 'Weight']);
  });

  it('shows the columns a link names, and writes a choice to the URL', async () => {
    const { router, user } = await renderFruits('/fruits?columns=weight&columns=name', pageOf([apple]));
    const headers = () =>
      within(screen.getByRole('table', { name: 'Fruits' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers()).toEqual(['Weight', 'Name']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Name' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?columns=weight');
    });
    expect(headers()).toEqual(['Weight']);
  });

  it('tells an empty list from one emptied by filters, and offers to clear them', async () => {
    await renderFruits('/fruits', pageOf([]));
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the empty state of a filtered list with Clear filters', async () => {
    const { router, user } = await renderFruits('/fruits?colour=RED', pageOf([]));
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByText('No fruit matches.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('shows the error box with Try Again when the page fails', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const { user } = await renderFruits(
      '/fruits',
      pageOf([], { data: undefined, isError: true, error: new Error('The orchard is closed'), refetch }),
    );
    expect(screen.getByText('Error was: The orchard is closed')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
