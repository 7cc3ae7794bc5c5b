import type { emailDetailSchema } from '@portal/contracts/emails';
import { emailEndpoint, emailsEndpoint } from '@portal/contracts/emails-endpoints';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { RBC_CONFIG, renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const LINK = 'https://portal.example.com/activate/abc123';

/** A message as the API sends it: date-times as ISO text. */
type EmailDetail = z.input<typeof emailDetailSchema>;

function fakeEmail(index: number, overrides: Partial<EmailDetail> = {}): EmailDetail {
  const createdAt = new Date(Date.UTC(2026, 10, 2, 15, 0) - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    merchantId: NORTHWIND.id,
    to: `person${index}@example.com`,
    subject: `Message ${index}`,
    template: index % 2 === 0 ? 'invitation' : 'cart-link',
    locale: 'en',
    status: 'KEPT',
    attempts: 0,
    nextAttemptAt: createdAt,
    lastError: null,
    sentAt: null,
    createdAt,
    related: null,
    timeZone: 'America/New_York',
    withheld: null,
    html: `<!doctype html><p>Hello ${index}</p><a href="${LINK}">Activate</a><script>alert(1)</script>`,
    text: `Hello ${index}\n\nActivate your account: ${LINK}\n`,
    ...overrides,
  };
}

/** The outbox API over `emails`, recording each list query. */
function installOutboxApi(emails: readonly EmailDetail[]) {
  const lists: URLSearchParams[] = [];
  api.server.use(
    http.get(emailsEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      const matching = emails.filter(
        (email) =>
          (!query.get('status') || email.status === query.get('status')) &&
          (!query.get('template') || email.template === query.get('template')) &&
          (!query.get('to') || email.to.includes(query.get('to') ?? '')),
      );
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 25);
      const items = matching
        .slice(offset, offset + limit)
        .map(({ html: _h, text: _t, withheld: _w, ...summary }) => summary);
      return HttpResponse.json({ data: { items, pagination: { offset, limit, total: matching.length } } });
    }),
    http.get(emailEndpoint.path, ({ params }) => {
      const email = emails.find(({ id }) => id === params.emailId);
      return email
        ? HttpResponse.json({ data: email })
        : HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'No e-mail with this id' } },
            { status: 404 },
          );
    }),
  );
  return { lists };
}

const emails = [
  fakeEmail(0, {
    status: 'FAILED',
    attempts: 5,
    lastError: '451 Mailbox temporarily unavailable',
  }),
  ...Array.from({ length: 29 }, (_, index) => fakeEmail(index + 1)),
];

function table() {
  return screen.getByRole('table', { name: 'Outbox' });
}

async function rowsShown(count: number) {
  await waitFor(() => {
    expect(within(table()).getAllByRole('row').slice(1)).toHaveLength(count);
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });
  return within(table()).getAllByRole('row').slice(1);
}

describe('the outbox', () => {
  it('lists the messages newest first, pages and filters them through the URL', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const { lists } = installOutboxApi(emails);
    const { user, router } = await renderApp('/internal/outbox');
    await screen.findByRole('heading', { level: 1, name: 'Outbox' });
    const rows = await rowsShown(25);
    expect(within(rows[0] as HTMLElement).getByText('person0@example.com')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Cart link')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    // A kept message says so in words, with no "0 attempts", and its time names the merchant's zone.
    const kept = rows[1] as HTMLElement;
    expect(within(kept).getByText('Kept in the outbox')).toBeInTheDocument();
    expect(within(kept).getByText(/^Nov 2, 2026, 9:59\sAM EST$/)).toBeInTheDocument();
    expect(within(kept).queryByText('0')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await rowsShown(5);
    expect(lists.at(-1)?.get('offset')).toBe('25');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await rowsShown(1);
    expect(router.state.location.search).toBe('?status=FAILED');
    expect(lists.at(-1)?.get('offset')).toBeNull();
  });

  it('opens a message: its delivery, its text with clickable links, its HTML without scripts', async () => {
    api.signInAs({ role: 'INTERNAL_SUPPORT', merchantId: NORTHWIND.id });
    installOutboxApi(emails);
    const { user, router } = await renderApp('/internal/outbox');
    const rows = await rowsShown(25);
    await user.click(within(rows[0] as HTMLElement).getByText('person0@example.com'));

    const drawer = await screen.findByRole('dialog', { name: 'Message 0' });
    expect(router.state.location.search).toBe(`?email=${emails[0]?.id ?? ''}`);
    await within(drawer).findByText('451 Mailbox temporarily unavailable');
    expect(within(drawer).getByText('5')).toBeInTheDocument();
    const link = within(drawer).getByRole('link', { name: LINK });
    expect(link).toHaveAttribute('href', LINK);
    expect(within(drawer).queryByTitle('The message as the recipient sees it')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: 'HTML version' }));
    const frame = within(drawer).getByTitle('The message as the recipient sees it');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Activate');

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('reads a message waiting to be sent again until it has left, and says why a kept one was not sent', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const waiting = fakeEmail(1, { status: 'PENDING', timeZone: null });
    const shown = [waiting];
    installOutboxApi(shown);
    const { user } = await renderApp('/internal/outbox');
    const [row] = await rowsShown(1);
    expect(within(row as HTMLElement).getByText('Waiting to send')).toBeInTheDocument();
    // The sender keeps it (no mail server): the list catches up without a reload.
    shown[0] = { ...waiting, status: 'KEPT' };
    expect(
      await within(table()).findByText('Kept in the outbox', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(within(table()).getByText('person1@example.com'));
    const drawer = await screen.findByRole('dialog', { name: 'Message 1' });
    expect(
      await within(drawer).findByText(/the message was kept here instead of being sent/),
    ).toBeInTheDocument();
    expect(within(drawer).queryByText('Attempts')).not.toBeInTheDocument();
  });

  it('shows free text that looks like a date as typed, in the list and in the message', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const dateLike = fakeEmail(0, {
      to: '2026-11-01',
      subject: '2026-11-01T00:00:00Z',
      status: 'FAILED',
      lastError: '2026-11-02T00:00:00Z',
      related: { type: '2026-11-03', id: '2026-11-04T00:00:00Z' },
      text: '2026-11-05',
    });
    installOutboxApi([dateLike]);
    const { user } = await renderApp('/internal/outbox');
    const [row] = await rowsShown(1);
    expect(within(row as HTMLElement).getByText('2026-11-01T00:00:00Z')).toBeInTheDocument();
    await user.click(within(row as HTMLElement).getByText('2026-11-01'));

    const drawer = await screen.findByRole('dialog', { name: '2026-11-01T00:00:00Z' });
    expect(await within(drawer).findByText('2026-11-02T00:00:00Z')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-05')).toBeInTheDocument();
  });

  it('says why a message delivered by the mail server shows no content', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const delivered = fakeEmail(0, { status: 'SENT', html: null, text: null, withheld: 'delivered' });
    installOutboxApi([delivered]);
    const { user } = await renderApp('/internal/outbox');
    const rows = await rowsShown(1);
    await user.click(within(rows[0] as HTMLElement).getByText('person0@example.com'));
    const drawer = await screen.findByRole('dialog', { name: 'Message 0' });
    expect(await within(drawer).findByText(/Its content is not shown here/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('tab', { name: 'Text version' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: LINK })).not.toBeInTheDocument();
  });

  it('says that account links are never shown outside demo mode, and why one message shows nothing', async () => {
    api.signInAs({ role: 'INTERNAL_SUPPORT', merchantId: NORTHWIND.id });
    const reset = fakeEmail(0, {
      template: 'password-reset',
      html: null,
      text: null,
      withheld: 'account-link',
    });
    installOutboxApi([reset]);
    const { user } = await renderApp('/internal/outbox');
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Account links are not shown')).toBeInTheDocument();
    expect(within(notice).getByText(/only their recipient may read them/)).toBeInTheDocument();
    expect(screen.queryByText(/Demo mode/)).not.toBeInTheDocument();

    const rows = await rowsShown(1);
    await user.click(within(rows[0] as HTMLElement).getByText('person0@example.com'));
    const drawer = await screen.findByRole('dialog', { name: 'Message 0' });
    expect(await within(drawer).findByText(/carries its recipient's account link/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: LINK })).not.toBeInTheDocument();
  });

  it('warns in demo mode that account links are shown, in English and in French', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    installOutboxApi(emails);
    const { i18n } = await renderApp('/internal/outbox', { ...RBC_CONFIG, demo: true });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Demo mode: account links are shown')).toBeInTheDocument();
    expect(within(notice).getByText(/a production portal never shows them/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr-CA'));
    expect(
      await within(notice).findByText('Mode démo : les liens de compte sont affichés'),
    ).toBeInTheDocument();
  });

  it('is not offered to merchant users', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    await renderApp('/internal/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Denied' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
  });
});
