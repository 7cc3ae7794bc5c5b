import { screen, waitFor, within } from '@testing-library/react';
import type { NotificationSettings, NotificationSettingsBody } from '@portal/contracts/email-notifications';
import {
  notificationDeliveriesEndpoint,
  notificationSettingsEndpoint,
  sendNotificationTestEndpoint,
  updateNotificationSettingsEndpoint,
} from '@portal/contracts/email-notifications-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const SETTINGS: NotificationSettings = {
  teamMembers: [{ email: 'avery@northwind.example', name: 'Avery Admin' }],
  extraAddresses: ['books@accounting.example'],
  subscriptions: [{ event: 'NEW_TRANSACTION', email: 'books@accounting.example' }],
  events: ['NEW_TRANSACTION', 'REFUND_PROCESSED', 'DAILY_SETTLEMENT_SUMMARY'],
  settlementSummaryEditable: false,
};

const delivery = {
  id: 'email-1',
  merchantId: NORTHWIND.id,
  to: 'books@accounting.example',
  subject: '[Test] New transaction TEST-0001: $123.45',
  template: 'notification-new-transaction',
  locale: 'en',
  status: 'KEPT',
  attempts: 0,
  nextAttemptAt: '2026-11-24T12:00:00.000Z',
  lastError: null,
  sentAt: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  related: { type: 'notification_test', id: 'NEW_TRANSACTION' },
  timeZone: 'America/New_York',
};

async function openPage(role: 'ADMIN' | 'READ_ONLY') {
  api.signInAs({ role, merchantId: NORTHWIND.id });
  const saved: NotificationSettingsBody[] = [];
  const tests: string[] = [];
  let releaseTest: () => void = () => undefined;
  api.server.use(
    http.get(notificationSettingsEndpoint.path, () => HttpResponse.json({ data: SETTINGS })),
    http.put(updateNotificationSettingsEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as NotificationSettingsBody;
      saved.push(body);
      return HttpResponse.json({ data: { ...SETTINGS, ...body } });
    }),
    http.post(sendNotificationTestEndpoint.path, async ({ params }) => {
      tests.push(String(params.event));
      await new Promise<void>((resolve) => {
        releaseTest = resolve;
      });
      return HttpResponse.json({ data: { queued: 1 } });
    }),
    http.get(notificationDeliveriesEndpoint.path, () =>
      HttpResponse.json({ data: { items: [delivery], pagination: { offset: 0, limit: 25, total: 1 } } }),
    ),
  );
  const view = await renderApp('/email-notifications');
  await screen.findByRole('heading', { level: 1, name: 'Email notifications' });
  return {
    ...view,
    saved,
    tests,
    release: () => {
      releaseTest();
    },
  };
}

const cell = (name: string) => screen.findByRole('checkbox', { name });

describe('the e-mail notifications page', () => {
  it('turns a cell on and saves the matrix, adds and removes an address, and sends a test once', async () => {
    const { user, saved, tests, release } = await openPage('ADMIN');
    const box = await cell('Refund processed for Avery Admin (avery@northwind.example)');
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(await cell('New transaction for books@accounting.example')).toBeChecked();
    // The summary row is an administrator's matter of user management: locked here.
    expect(await cell('Daily settlement summary for Avery Admin (avery@northwind.example)')).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'Ops@Northwind.example');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await user.click(await cell('Refund processed for ops@northwind.example'));
    await user.click(screen.getByRole('button', { name: 'Remove books@accounting.example' }));
    expect(
      screen.queryByRole('checkbox', { name: 'New transaction for books@accounting.example' }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('The e-mail notifications are saved.')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        extraAddresses: ['ops@northwind.example'],
        subscriptions: [
          { event: 'REFUND_PROCESSED', email: 'avery@northwind.example' },
          { event: 'REFUND_PROCESSED', email: 'ops@northwind.example' },
        ],
      },
    ]);

    const send = screen.getByRole('button', { name: 'Send a test of Refund processed' });
    await user.click(send);
    await waitFor(() => {
      expect(send).toBeDisabled();
    });
    await user.click(send);
    release();
    expect(await screen.findByText('A test e-mail is on its way to 1 recipient.')).toBeInTheDocument();
    expect(tests).toEqual(['REFUND_PROCESSED']);
  });

  it('shows a reader the matrix read-only, and the delivery log', async () => {
    await openPage('READ_ONLY');
    expect(await cell('New transaction for books@accounting.example')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send a test/ })).toBeNull();
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('[Test] New transaction TEST-0001: $123.45')).toBeInTheDocument();
    expect(within(log).getByText('In the outbox')).toBeInTheDocument();
  });
});
