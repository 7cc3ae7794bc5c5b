import type { AnalyticsEvent, AnalyticsEventName } from '@portal/contracts/analytics';
import { recordAnalyticsEndpoint } from '@portal/contracts/analytics-endpoints';
import { callEndpoint } from '../http/call-endpoint';

export type AnalyticsProperties = AnalyticsEvent['properties'];

/** The server takes at most this many events in one call (contracts' analyticsBatchSchema). */
export const MAX_BATCH_SIZE = 50;
/** Events of one burst of activity (a filter change and the search after it) travel together. */
export const FLUSH_DELAY_MS = 2_000;

export interface AnalyticsOptions {
  /** Sends one batch; the default POSTs it to the analytics endpoint. */
  readonly send?: (events: readonly AnalyticsEvent[]) => Promise<unknown>;
  readonly flushDelayMs?: number;
  /** Where the user is; never the query string, which can hold search terms. */
  readonly currentPage?: () => string;
}

export interface Analytics {
  /** Queues an event; it never throws and never waits for the network. */
  readonly track: (name: AnalyticsEventName, properties?: AnalyticsProperties) => void;
  /** Sends what is queued now (the page is being hidden, or a test wants it). */
  readonly flush: () => Promise<void>;
}

function postBatch(events: readonly AnalyticsEvent[]): Promise<unknown> {
  return callEndpoint(recordAnalyticsEndpoint, { body: { events: [...events] } });
}

export function createAnalytics({
  send = postBatch,
  flushDelayMs = FLUSH_DELAY_MS,
  currentPage = () => window.location.pathname,
}: AnalyticsOptions = {}): Analytics {
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batches: AnalyticsEvent[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, MAX_BATCH_SIZE));
    // Analytics must never disturb the user: a batch that fails is dropped, not retried or shown.
    await Promise.all(batches.map((batch) => send(batch).catch(() => undefined)));
  };

  const track = (name: AnalyticsEventName, properties: AnalyticsProperties = {}): void => {
    queue.push({ name, page: currentPage().slice(0, 200), properties });
    if (queue.length >= MAX_BATCH_SIZE) void flush();
    else timer ??= setTimeout(() => void flush(), flushDelayMs);
  };

  return { track, flush };
}

const analytics = createAnalytics();

/** Records one of the events of the specification (§6, §9) for the server to store. */
export const track = analytics.track;

/** Sends the queued events; called when the page is hidden so that they are not lost on leaving. */
export const flushAnalytics = analytics.flush;
