import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertStore, type AlertStore } from '../lib/alerts/alert-store';
import { ApiError } from '../lib/http/api-error';
import { renderWithAlertTexts } from '../lib/alerts/test-utils';
import { AlertHost } from './alert-host';

let store: AlertStore;

beforeEach(() => {
  store = createAlertStore();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AlertHost', () => {
  it('renders nothing until an alert is shown', async () => {
    await renderWithAlertTexts(<AlertHost store={store} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('announces the generic error alert as an alert, in English', async () => {
    await renderWithAlertTexts(<AlertHost store={store} />);
    act(() => {
      store.showError(new Error('Refund exceeds the settled amount'));
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(alert).toHaveTextContent('Error was: Refund exceeds the settled amount');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows a server's refusal in the user's language, its money formatted for the user", async () => {
    await renderWithAlertTexts(<AlertHost store={store} />, 'fr-CA');
    const cad = (value: number) => ({ value, currency: 'CAD' as const });
    act(() => {
      store.showError(
        new ApiError({
          status: 409,
          code: 'CONFLICT',
          message: 'Nothing is left to settle: 268.89 CAD of 268.89 CAD is settled and 0.00 CAD canceled',
          refusal: {
            reason: 'transaction.nothing_to_settle',
            params: { settled: cad(26_889), total: cad(26_889), cancelled: cad(0) },
          },
          requestId: 'request-1',
        }),
      );
    });

    // Intl separates the amount from "$" with a no-break space.
    expect(screen.getByRole('alert').textContent.replace(/\s/g, ' ')).toContain(
      'Erreur : Il ne reste rien à régler : 268,89 $ sur 268,89 $ est réglé et 0,00 $ annulé.',
    );
  });

  it('shows other alerts as a status with their type as title, and closes on the close button', async () => {
    await renderWithAlertTexts(<AlertHost store={store} />);
    act(() => {
      store.show({ type: 'Success', message: { key: 'errorWas', values: { message: 'saved' } } });
    });

    expect(screen.getByRole('status')).toHaveTextContent('Success');
    fireEvent.click(screen.getByRole('button', { name: 'Close alert' }));

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.getSnapshot().visible).toBe(false);
  });

  it('swaps alerts after 250 ms and hides them after their duration', async () => {
    vi.useFakeTimers();
    await renderWithAlertTexts(<AlertHost store={store} />);
    act(() => {
      store.show({ type: 'Info', message: { key: 'defaultError' } });
      store.showError(new Error('second'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error was: second');

    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Canadian French', async () => {
    await renderWithAlertTexts(<AlertHost store={store} />, 'fr-CA');
    act(() => {
      store.showError(new Error('délai dépassé'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur : délai dépassé');
    expect(screen.getByRole('button', { name: 'Fermer l’alerte' })).toBeInTheDocument();
  });
});
