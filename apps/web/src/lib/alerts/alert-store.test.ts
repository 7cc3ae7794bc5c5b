import { ALERT_DURATION_MS, ALERT_SWAP_DELAY_MS, ERROR_ALERT_DURATION_MS } from '@portal/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertStore, messageOfError, type AlertStore } from './alert-store';

let store: AlertStore;

const info = (key: string) => ({ type: 'Info' as const, message: { key } });
const shownKey = () => (store.getSnapshot().visible ? store.getSnapshot().alert?.message.key : undefined);

beforeEach(() => {
  vi.useFakeTimers();
  store = createAlertStore();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the constants of §9', () => {
  it('are 250 ms, 20000 ms and 10000 ms', () => {
    expect([ALERT_SWAP_DELAY_MS, ERROR_ALERT_DURATION_MS, ALERT_DURATION_MS]).toEqual([250, 20_000, 10_000]);
  });
});

describe('showing alerts', () => {
  it('shows the first alert at once', () => {
    store.show(info('first'));
    expect(shownKey()).toBe('first');
    expect(store.getSnapshot().alert).toMatchObject({ type: 'Info', durationMs: ALERT_DURATION_MS });
  });

  it('replaces a visible alert 250 ms after hiding it', () => {
    store.show(info('first'));
    const first = store.getSnapshot().alert;

    store.show({ type: 'Success', message: { key: 'second' } });
    expect(store.getSnapshot()).toEqual({ alert: first, visible: false });

    vi.advanceTimersByTime(ALERT_SWAP_DELAY_MS - 1);
    expect(store.getSnapshot().visible).toBe(false);

    vi.advanceTimersByTime(1);
    expect(shownKey()).toBe('second');
    expect(store.getSnapshot().alert?.type).toBe('Success');
    expect(store.getSnapshot().alert?.id).not.toBe(first?.id);
  });

  it('shows only the latest of the alerts raised while one is waiting, on the first schedule', () => {
    store.show(info('first'));
    store.show(info('second'));
    vi.advanceTimersByTime(100);
    store.show(info('third'));

    vi.advanceTimersByTime(ALERT_SWAP_DELAY_MS - 100);
    expect(shownKey()).toBe('third');
  });

  it('notifies subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show(info('first'));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.hide();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().visible).toBe(false);
  });
});

describe('auto-hide', () => {
  it('hides an info alert after 10000 ms', () => {
    store.show(info('first'));
    vi.advanceTimersByTime(ALERT_DURATION_MS - 1);
    expect(shownKey()).toBe('first');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('hides an error alert after 20000 ms', () => {
    store.show({ type: 'Error', message: { key: 'failed' } });
    vi.advanceTimersByTime(ERROR_ALERT_DURATION_MS - 1);
    expect(shownKey()).toBe('failed');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('honours a given duration, and null keeps the alert until it is closed', () => {
    store.show({ ...info('short'), durationMs: 3_000 });
    vi.advanceTimersByTime(3_000);
    expect(store.getSnapshot().visible).toBe(false);

    store.show({ ...info('sticky'), durationMs: null });
    vi.advanceTimersByTime(10 * ERROR_ALERT_DURATION_MS);
    expect(shownKey()).toBe('sticky');
    store.hide();
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('does not let the replaced alert hide its successor early', () => {
    store.show(info('first'));
    vi.advanceTimersByTime(9_000);
    store.show(info('second'));
    vi.advanceTimersByTime(ALERT_SWAP_DELAY_MS + 1_000);
    expect(shownKey()).toBe('second');

    vi.advanceTimersByTime(ALERT_DURATION_MS - 1_000 - 1);
    expect(shownKey()).toBe('second');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('drops a waiting alert when hidden', () => {
    store.show(info('first'));
    store.show(info('second'));
    store.hide();
    vi.advanceTimersByTime(ALERT_SWAP_DELAY_MS);
    expect(store.getSnapshot().visible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the generic error alert', () => {
  it("is the default error message plus 'Error was: {message}' for 20 s", () => {
    store.showError(new Error('Refund exceeds the settled amount'));
    expect(store.getSnapshot().alert).toMatchObject({
      type: 'Error',
      title: { key: 'alerts:defaultError' },
      message: { key: 'alerts:errorWas', values: { message: 'Refund exceeds the settled amount' } },
      durationMs: ERROR_ALERT_DURATION_MS,
    });
    vi.advanceTimersByTime(ERROR_ALERT_DURATION_MS - 1);
    expect(store.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('is only the default error message when the error has no text', () => {
    store.showError({ status: 500 });
    expect(store.getSnapshot().alert).toMatchObject({ message: { key: 'alerts:defaultError' } });
    expect(store.getSnapshot().alert?.title).toBeUndefined();
  });
});

describe('messageOfError', () => {
  it.each([
    [new Error('boom'), 'boom'],
    ['plain text', 'plain text'],
    [new Error('  '), null],
    [{ message: 'not an Error' }, null],
    [undefined, null],
  ])('reads %o as %o', (error, message) => {
    expect(messageOfError(error)).toBe(message);
  });
});
