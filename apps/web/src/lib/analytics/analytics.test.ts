import { analyticsBatchSchema, type AnalyticsEvent } from '@portal/contracts/analytics';
import { recordAnalyticsEndpoint } from '@portal/contracts/analytics-endpoints';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalytics, FLUSH_DELAY_MS, MAX_BATCH_SIZE } from './analytics';

const batches: unknown[] = [];
const server = setupServer(
  http.post(recordAnalyticsEndpoint.path, async ({ request }) => {
    batches.push(await request.json());
    return HttpResponse.json({ data: { stored: 1 } });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  batches.length = 0;
  vi.useRealTimers();
});
afterAll(() => {
  server.close();
});

const onPage = (page: string) => () => page;

describe('analytics', () => {
  it('sends the events of a burst together in one batch the server accepts', async () => {
    const analytics = createAnalytics({ currentPage: onPage('/carts') });
    analytics.track('filter_applied', { filter: 'status', value: 'SETTLED' });
    analytics.track('search_performed', { length: 4 });
    analytics.track('cart_link_copied');
    expect(batches).toEqual([]);

    await analytics.flush();

    expect(batches).toHaveLength(1);
    const batch = analyticsBatchSchema.parse(batches[0]);
    expect(batch.events.map((event) => event.name)).toEqual([
      'filter_applied',
      'search_performed',
      'cart_link_copied',
    ]);
    expect(batch.events[0]).toEqual({
      name: 'filter_applied',
      page: '/carts',
      properties: { filter: 'status', value: 'SETTLED' },
    });
    expect(batch.events[2]?.properties).toEqual({});
  });

  it('flushes on its own after the delay', async () => {
    vi.useFakeTimers();
    const send = vi.fn((_events: readonly AnalyticsEvent[]) => Promise.resolve());
    const analytics = createAnalytics({ send, currentPage: onPage('/transactions') });
    analytics.track('export_downloaded');
    analytics.track('filter_applied');

    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]?.[0].map((event) => event.name)).toEqual([
      'export_downloaded',
      'filter_applied',
    ]);
  });

  it('never sends more than the server takes in one call', async () => {
    const analytics = createAnalytics({ currentPage: onPage('/transactions') });
    for (let i = 0; i < MAX_BATCH_SIZE * 2 + 20; i += 1) analytics.track('search_performed', { i });
    await analytics.flush();
    const sizes = batches.map((batch) => analyticsBatchSchema.parse(batch).events.length);
    expect(sizes).toEqual([MAX_BATCH_SIZE, MAX_BATCH_SIZE, 20]);
  });

  it('drops a batch the server refuses, silently, and goes on with the next one', async () => {
    server.use(
      http.post(recordAnalyticsEndpoint.path, () => HttpResponse.json({}, { status: 500 }), { once: true }),
    );
    const analytics = createAnalytics({ currentPage: onPage('/carts') });
    analytics.track('cart_created');
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(batches).toEqual([]);

    analytics.track('cart_expired');
    await analytics.flush();
    expect(batches).toHaveLength(1);
    expect(analyticsBatchSchema.parse(batches[0]).events.map((event) => event.name)).toEqual([
      'cart_expired',
    ]);
  });
});
