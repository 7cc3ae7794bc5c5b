import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as alerts from '../../lib/alerts/alert-store';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';
import { fakeTransaction, installTransactionsApi } from './transactions-test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const usd = (value: number) => ({ currency: 'USD', value }) as const;
const partlyRefunded = fakeTransaction(1, {
  status: 'REFUNDED',
  label: 'PARTIALLY_REFUNDED',
  settled: usd(4_000),
  refunded: usd(1_000),
});
const transactions = [fakeTransaction(0), partlyRefunded, fakeTransaction(2)];

async function openAt(path: string) {
  api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
  const calls = installTransactionsApi(api.server, transactions);
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Transactions' });
  return { ...view, calls };
}

describe('the actions of a transaction', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers no Settle once anything was refunded, and says why where it would be', async () => {
    await openAt('/transactions/tx-1');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-1' });
    expect(
      await within(drawer).findByText(
        'Nothing more can be settled: $10.00 has been refunded, and a refund is final.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument();
    expect(within(drawer).queryByText(/left to settle/)).not.toBeInTheDocument();
    // The open rest can still be cancelled, and the rest of what was settled refunded.
    expect(within(drawer).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(drawer).getByText('$30.00 left to refund')).toBeInTheDocument();
  });

  it('moves focus to the confirm button after Review, so Enter confirms; Back returns to the amount', async () => {
    const { user, calls } = await openAt('/transactions/tx-0');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-0' });
    await user.click(await within(drawer).findByRole('button', { name: 'Settle' }));
    const settle = await screen.findByRole('dialog', { name: 'Settle the transaction' });
    await user.click(within(settle).getByRole('button', { name: 'Review' }));
    await waitFor(() => {
      expect(within(settle).getByRole('button', { name: 'Settle $100.00' })).toHaveFocus();
    });
    await user.click(within(settle).getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(within(settle).getByRole('textbox', { name: 'Amount to settle' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(within(settle).getByRole('button', { name: 'Settle $100.00' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    expect(await screen.findByText('$100.00 settled.')).toBeInTheDocument();
    expect(calls.actions).toHaveLength(1);
  });

  it('says an unknown transaction was not found, once, with no error alert', async () => {
    const errorAlert = vi.spyOn(alerts, 'showErrorAlert');
    await openAt('/transactions/tx-404');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-404' });
    expect(await within(drawer).findByText(/^Nothing was found at this address/)).toBeInTheDocument();
    expect(screen.getAllByText(/Nothing was found at this address/)).toHaveLength(1);
    expect(screen.queryByText(/do not have access/)).not.toBeInTheDocument();
    expect(errorAlert).not.toHaveBeenCalled();
  });
});
