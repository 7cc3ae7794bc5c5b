import { afterEach, describe, expect, it } from 'vitest';
import { alertStore, hideAlert } from '../lib/alerts/alert-store';
import { FORM_SHOWS_FIELD_ERRORS, type PortalMutationMeta } from '../lib/forms/mutation-errors';
import { ApiError } from '../lib/http/api-error';
import { createQueryClient } from './query-client';

afterEach(() => {
  hideAlert();
});

const fieldRefusal = () =>
  new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid',
    details: [{ path: 'body.name', message: 'forms:required' }],
    requestId: 'r',
  });

/** Runs a mutation of the portal's query client that fails with `error`. */
async function fail(meta: PortalMutationMeta | undefined, error: Error) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
    ...(meta === undefined ? {} : { meta }),
  });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('the mutation cache of the portal', () => {
  it('reports every failed mutation with the generic error alert', async () => {
    await fail(undefined, new Error('The server is down for maintenance'));
    const { alert, visible } = alertStore.getSnapshot();
    expect(visible).toBe(true);
    expect(alert?.type).toBe('Error');
    expect(alert?.message).toEqual({
      key: 'alerts:errorWas',
      values: { message: 'The server is down for maintenance' },
    });
  });

  it('leaves to the page the failures its mutation says it shows', async () => {
    await fail(FORM_SHOWS_FIELD_ERRORS, fieldRefusal());
    expect(alertStore.getSnapshot().visible).toBe(false);

    // The same mutation's other failures are still reported.
    await fail(FORM_SHOWS_FIELD_ERRORS, new Error('Timed out'));
    expect(alertStore.getSnapshot().alert?.message.values).toEqual({ message: 'Timed out' });
  });
});
