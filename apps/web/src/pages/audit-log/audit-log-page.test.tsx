import type { auditEntrySchema } from '@portal/contracts/audit';
import {
  auditEntriesEndpoint,
  auditFacetsEndpoint,
  exportAuditEntriesEndpoint,
} from '@portal/contracts/audit-endpoints';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { RBC_CONFIG, renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const AVERY = { userId: 'user-avery', email: 'avery@example.com' };
const BLAKE = { userId: 'user-blake', email: 'blake@example.com' };

/** An entry as the API sends it: its date-time as ISO text. */
type AuditEntry = z.input<typeof auditEntrySchema>;

const settled: AuditEntry = {
  id: 'entry-1',
  merchantId: NORTHWIND.id,
  actor: { type: 'USER', userId: AVERY.userId, email: AVERY.email, name: 'Avery Stone', role: 'ADMIN' },
  kind: 'transaction.settled',
  subjectType: 'transaction',
  subjectId: 'tx-42',
  subjectName: null,
  before: { status: 'AUTHORIZED', settled: '0.00 USD', refunded: '0.00 USD' },
  after: { status: 'SETTLED', settled: '50.00 USD', refunded: '0.00 USD', amount: '50.00 USD' },
  requestId: 'request-1',
  // 15:00 UTC is 10:00 in New York, the merchant's zone.
  createdAt: '2026-11-02T15:00:00.000Z',
};
const exported: AuditEntry = {
  ...settled,
  id: 'entry-2',
  actor: { type: 'USER', userId: BLAKE.userId, email: BLAKE.email, name: null, role: 'ADMIN' },
  kind: 'transaction.exported',
  subjectId: null,
  before: null,
  after: { filter: { status: ['SETTLED'], from: '2026-11-01' } },
  createdAt: '2026-11-01T12:00:00.000Z',
};
const system: AuditEntry = {
  ...settled,
  id: 'entry-3',
  actor: { type: 'SYSTEM', userId: null, email: null, name: null, role: null },
  kind: 'cart.something_new',
  subjectType: 'cart',
  subjectId: 'cart-7',
  before: null,
  after: null,
  createdAt: '2026-10-31T12:00:00.000Z',
};

function installAuditApi(entries: readonly AuditEntry[]) {
  const lists: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  api.server.use(
    http.get(auditEntriesEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      const items = entries.filter(
        (entry) =>
          (!query.get('kind') || entry.kind === query.get('kind')) &&
          (!query.get('actorUserId') || entry.actor.userId === query.get('actorUserId')),
      );
      return HttpResponse.json({
        data: {
          items,
          pagination: { offset: 0, limit: 25, total: items.length },
          timeZone: 'America/New_York',
        },
      });
    }),
    http.get(auditFacetsEndpoint.path, () =>
      HttpResponse.json({
        data: {
          actors: [AVERY, BLAKE],
          kinds: ['cart.something_new', 'transaction.exported', 'transaction.settled'],
        },
      }),
    ),
    http.get(exportAuditEntriesEndpoint.path, ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse(
        'Date (America/New_York),Change\r\n2026-11-02 10:00:00,transaction.settled\r\n',
        {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="audit-log-2026-11-02.csv"',
          },
        },
      );
    }),
  );
  return { lists, exports };
}

function table() {
  return screen.getByRole('table', { name: 'Audit log' });
}

async function rowsShown(count: number) {
  await waitFor(() => {
    expect(within(table()).getAllByRole('row').slice(1)).toHaveLength(count);
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });
  return within(table()).getAllByRole('row').slice(1);
}

describe('the audit log', () => {
  it('shows who did what and when, with the changed fields before and after', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    installAuditApi([settled, exported, system]);
    await renderApp('/audit-log');
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    const [first, second, third] = await rowsShown(3);
    if (!first || !second || !third) throw new Error('three rows expected');

    expect(within(first).getByText('Nov 2, 2026, 10:00 AM EST')).toBeInTheDocument();
    expect(within(first).getByText('avery@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Transaction settled')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'tx-42' }).getAttribute('href')).toBe(
      '/transactions/tx-42',
    );
    const changes = within(first).getByRole('list', { name: 'Changed fields' });
    // Only what changed, unchanged fields left out.
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: Authorized → Settled', 'Settled: 0.00 USD → 50.00 USD', 'Amount: 50.00 USD']);
    // Who acted: by name, over the address they signed in with.
    expect(within(first).getByText('Avery Stone')).toBeInTheDocument();

    // A date inside a value is shown as it was sent.
    expect(within(second).getByText('Filters: status=SETTLED; from=2026-11-01')).toBeInTheDocument();
    // A kind with no label yet is still readable.
    expect(within(third).getByText('Cart something new')).toBeInTheDocument();
    expect(within(third).getByText('System')).toBeInTheDocument();
    expect(within(third).getByText('No field changes')).toBeInTheDocument();
  });

  it('names fields, codes and people in words, in English and in French', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const roleChanged: AuditEntry = {
      ...settled,
      kind: 'user.role_updated',
      subjectType: 'user',
      subjectId: '980f6fd1-0000-4000-8000-000000000001',
      subjectName: 'Jordan Lee',
      before: { role: 'READ_ONLY', firstName: 'Jordan' },
      after: { role: 'USER', firstName: 'Jordan R.' },
    };
    installAuditApi([roleChanged]);
    // The rbc brand offers French.
    const { i18n } = await renderApp('/audit-log', RBC_CONFIG);
    const row = () => within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    await rowsShown(1);
    const lines = () =>
      within(within(row()).getByRole('list', { name: /Changed fields|Champs modifiés/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(lines()).toEqual(['Role: Read only → User', 'First name: Jordan → Jordan R.']);
    expect(within(row()).getByText('User Jordan Lee')).toBeInTheDocument();
    expect(within(row()).queryByText(/980f6fd1/)).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('fr-CA'));
    await waitFor(() => {
      expect(lines()).toEqual(['Rôle : Lecture seule → Utilisateur', 'Prénom : Jordan → Jordan R.']);
    });
    expect(within(row()).getByText('Utilisateur Jordan Lee')).toBeInTheDocument();
  });

  it('shows free text that looks like a date as typed', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const dateLike: AuditEntry = {
      ...settled,
      actor: { type: 'USER', userId: '2026-11-01', email: '2026-11-01T00:00:00Z', name: null, role: 'ADMIN' },
      kind: 'cart.updated',
      subjectType: '2026-11-02',
      subjectId: '2026-11-03T00:00:00Z',
      before: { name: '2026-11-04', expiresAt: '2026-11-05T00:00:00Z' },
      after: { name: '2026-11-06T00:00:00Z', expiresAt: '2026-11-07T00:00:00.000Z' },
      requestId: '2026-11-08',
    };
    installAuditApi([dateLike]);
    await renderApp('/audit-log');
    const [row] = await rowsShown(1);
    if (!row) throw new Error('one row expected');

    expect(within(row).getByText('2026-11-01T00:00:00Z')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-02 2026-11-03T00:00:00Z')).toBeInTheDocument();
    expect(
      within(within(row).getByRole('list', { name: 'Changed fields' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Name: 2026-11-04 → 2026-11-06T00:00:00Z',
      'Expires at: 2026-11-05T00:00:00Z → 2026-11-07T00:00:00.000Z',
    ]);
  });

  it('filters by user and kind through the URL, and exports what is filtered', async () => {
    const createObjectURL = vi.fn((_file: Blob) => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const { lists, exports } = installAuditApi([settled, exported, system]);
    const { user, router } = await renderApp('/audit-log');
    await rowsShown(3);

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'blake@example.com' }));
    await rowsShown(1);
    expect(lists.at(-1)?.get('actorUserId')).toBe(BLAKE.userId);
    await user.click(screen.getByRole('combobox', { name: 'Change' }));
    await user.click(await screen.findByRole('option', { name: 'Transactions exported' }));
    await waitFor(() => {
      expect(lists.at(-1)?.get('kind')).toBe('transaction.exported');
    });
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('transaction.exported');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(clicks).toHaveLength(1);
    });
    expect([...(exports[0]?.entries() ?? [])].map(([key, value]) => `${key}=${value}`).sort()).toEqual([
      'actorUserId=user-blake',
      'kind=transaction.exported',
      'locale=en',
      'order=desc',
    ]);
    expect(clicks[0]?.download).toBe('audit-log-2026-11-02.csv');
    vi.restoreAllMocks();
  });

  it('is refused to users without the audit scope, and not in their navigation', async () => {
    api.signInAs({ role: 'USER', merchantId: NORTHWIND.id });
    await renderApp('/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Denied' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
