import { screen, waitFor, within } from '@testing-library/react';
import type { depositDetailSchema, settlementReportSchema } from '@portal/contracts/settlement';
import {
  addSettlementSubscriptionEndpoint,
  depositEndpoint,
  nextDepositEndpoint,
  settlementReportEndpoint,
  settlementSubscriptionsEndpoint,
} from '@portal/contracts/settlement-endpoints';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const usd = (value: number) => ({ currency: 'USD' as const, value });
const sums = {
  count: 3,
  settlements: usd(100_000),
  refunds: usd(5_000),
  chargebacks: usd(0),
  fees: usd(3_000),
  net: usd(92_000),
};
const deposit = {
  id: 'deposit-1',
  depositDate: '2026-10-30',
  bankReference: 'BRD20261030ABCDEF12',
  status: 'PAID' as const,
  paidInto: { bankName: 'First Harbor Bank', accountType: 'CHECKING' as const, accountLast4: '4321' },
  ...sums,
};

function reportFor(from: string, to: string): z.input<typeof settlementReportSchema> {
  return {
    from,
    to,
    timeZone: 'America/New_York',
    deposits: [deposit],
    totals: sums,
    programs: [
      {
        programId: 'program-1',
        programName: 'Online instalments',
        ...sums,
        fees: usd(2_500),
        net: usd(92_500),
      },
      { programId: null, programName: null, ...sums, settlements: usd(0), fees: usd(500), net: usd(-500) },
    ],
  };
}

const detail: z.input<typeof depositDetailSchema> = {
  deposit,
  timeZone: 'America/New_York',
  pagination: { offset: 0, limit: 100, total: 1 },
  events: [
    {
      id: 'event-1',
      depositDate: '2026-10-30',
      bankRequestedOn: '2026-10-28',
      eventAt: '2026-10-28T14:00:00.000Z',
      type: 'SETTLE',
      amount: usd(100_000),
      fee: usd(2_500),
      net: usd(97_500),
      transaction: {
        id: 'tx-12345678-abcd',
        externalID: 'NOR-100001',
        customerName: 'Jane Doe',
        productType: 'INSTALLMENTS',
        programName: 'Online instalments',
        createdAt: '2026-10-20T12:00:00.000Z',
        total: usd(100_000),
        fee: usd(2_500),
      },
    },
  ],
};

/** The cells of the deposits' totals row, each as "<column>: <total>" (the names a phone's card shows). */
function totalsOf(table: HTMLElement): string[] {
  const footer = table.querySelector('tfoot');
  if (footer === null) throw new Error('The table has no totals row');
  return [...footer.querySelectorAll('td[data-label]')].map(
    (cell) => `${cell.getAttribute('data-label') ?? ''}: ${cell.textContent}`,
  );
}

type ReportAnswer = (from: string, to: string) => Response;
const answerReport: ReportAnswer = (from, to) => HttpResponse.json({ data: reportFor(from, to) });

async function openReport(
  path: string,
  role: 'ADMIN' | 'READ_ONLY' = 'ADMIN',
  answer: ReportAnswer = answerReport,
) {
  api.signInAs({ role, merchantId: NORTHWIND.id });
  const recipients: { id: string; email: string; frequency: string; locale: string; createdAt: string }[] =
    [];
  const calls: URLSearchParams[] = [];
  api.server.use(
    http.get(settlementReportEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push(query);
      return answer(query.get('from') ?? '', query.get('to') ?? '');
    }),
    http.get(depositEndpoint.path.replace(':id', ':depositId'), () => HttpResponse.json({ data: detail })),
    http.get(nextDepositEndpoint.path, () =>
      HttpResponse.json({
        data: { depositDate: '2026-11-27', count: 2, net: usd(4_000), timeZone: 'America/New_York' },
      }),
    ),
    http.get(settlementSubscriptionsEndpoint.path, () => HttpResponse.json({ data: { items: recipients } })),
    http.post(addSettlementSubscriptionEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as { email: string; frequency: string; locale: string };
      const added = { id: `s-${String(recipients.length)}`, ...body, createdAt: '2026-11-24T12:00:00.000Z' };
      recipients.push(added);
      return HttpResponse.json({ data: added }, { status: 201 });
    }),
  );
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Settlement report' });
  return { ...view, calls };
}

describe('the settlement report page', () => {
  it('shows the deposits of the range with a formula that adds up, and fees by program', async () => {
    const { calls } = await openReport('/settlement-report?from=2026-10-01&to=2026-10-31');
    expect(await screen.findByTestId('net-formula')).toHaveTextContent(
      'Sales $1,000.00 − Refunds $50.00 − Chargebacks $0.00 − Fees $30.00 = Net $920.00',
    );
    expect(calls.at(-1)?.get('from')).toBe('2026-10-01');
    expect(screen.getByText(/Days in America\/New_York/)).toBeInTheDocument();
    const deposits = screen.getByRole('table', { name: 'Deposits' });
    expect(within(deposits).getByRole('rowheader', { name: 'Total of 1 deposit' })).toBeInTheDocument();
    expect(totalsOf(deposits)).toEqual([
      'Funding events: 3',
      'Sales: $1,000.00',
      'Refunds: $50.00',
      'Chargebacks: $0.00',
      'Fees: $30.00',
      'Net: $920.00',
    ]);
    const programs = screen.getByRole('table', { name: 'Fees and net by financing program' });
    expect(
      within(programs).getByRole('rowheader', { name: 'Platform fees (no program)' }),
    ).toBeInTheDocument();
    // The program lines add up to the range's totals, shown below them.
    expect(within(programs).getByRole('rowheader', { name: 'Total of all programs' })).toBeInTheDocument();
    expect(totalsOf(programs)).toEqual([
      'Sales: $1,000.00',
      'Fees: $30.00',
      'Fees / sales: 3%',
      'Net: $920.00',
    ]);
    expect(screen.getByText(/Friday, November 27, 2026: \$40\.00 so far/)).toBeInTheDocument();
  });

  it('says in the table when the range has no deposit, and shows no totals or downloads', async () => {
    await openReport('/settlement-report?from=2026-10-01&to=2026-10-31', 'ADMIN', (from, to) =>
      HttpResponse.json({ data: { ...reportFor(from, to), deposits: [], programs: [] } }),
    );
    const deposits = await screen.findByRole('table', { name: 'Deposits' });
    expect(await within(deposits).findByText('No deposits in this range')).toBeInTheDocument();
    expect(deposits.querySelector('tfoot')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows the error box with Try Again when the report fails', async () => {
    let fail = true;
    const { user } = await openReport(
      '/settlement-report?from=2026-10-01&to=2026-10-31',
      'ADMIN',
      (from, to) =>
        fail
          ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 500 })
          : answerReport(from, to),
    );
    const retry = await screen.findByRole('button', { name: 'Try Again' }, { timeout: 15_000 });
    expect(screen.queryByRole('table', { name: 'Deposits' })).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('net-formula')).toHaveTextContent('= Net $920.00');
  });

  it('says beside the field why a range is refused, and asks nothing', async () => {
    const { calls } = await openReport('/settlement-report?from=2026-01-01&to=2026-10-31');
    expect(await screen.findByText('Choose a range of at most 100 days.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('opens a deposit in a drawer that names its account, and whose rows link to their transactions', async () => {
    const { user } = await openReport('/settlement-report?from=2026-10-01&to=2026-10-31');
    await user.click(await screen.findByRole('button', { name: 'BRD20261030ABCDEF12' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deposit' });
    const link = await within(drawer).findByRole('link', { name: 'tx-12345' });
    expect(within(drawer).getByText('First Harbor Bank, checking ••••4321')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/transactions/tx-12345678-abcd');
    expect(within(drawer).getByText('Jane Doe')).toBeInTheDocument();
    // Below the page of events, the whole deposit's fees and net: the formula's.
    const events = within(drawer).getByRole('table', { name: 'Funding events of the deposit' });
    expect(within(events).getByRole('rowheader', { name: 'Whole deposit (3 events)' })).toBeInTheDocument();
    expect(totalsOf(events)).toEqual(['Event fees: $30.00', 'Net amount: $920.00']);
  });

  it('opens a deposit from its row by keyboard, and gives the focus back to the row on closing', async () => {
    const { user } = await openReport('/settlement-report?from=2026-10-01&to=2026-10-31');
    const deposits = await screen.findByRole('table', { name: 'Deposits' });
    const row = await within(deposits).findByRole('row', { name: /BRD20261030ABCDEF12/ });
    row.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Deposit' });
    await within(drawer).findByRole('table', { name: 'Funding events of the deposit' });
    await user.click(within(drawer).getByRole('button', { name: 'Close the deposit' }));
    await waitFor(() => {
      expect(row).toHaveFocus();
    });
  });

  it('lets an admin add a recipient of the summary e-mail', async () => {
    const { user } = await openReport('/settlement-report?from=2026-10-01&to=2026-10-31');
    const section = await screen.findByRole('region', { name: 'Settlement summary by e-mail' });
    expect(within(section).getByText('Nobody receives the summary yet.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: 'E-mail address' }), 'books@example.test');
    await user.click(within(section).getByRole('button', { name: 'Add recipient' }));
    expect(await within(section).findByText('books@example.test — Weekly')).toBeInTheDocument();
  });

  it('shows no recipients section to a read-only user', async () => {
    await openReport('/settlement-report?from=2026-10-01&to=2026-10-31', 'READ_ONLY');
    await screen.findByTestId('net-formula');
    expect(screen.queryByRole('region', { name: 'Settlement summary by e-mail' })).not.toBeInTheDocument();
  });
});

describe('the settlement report on a phone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each deposit as a card of named values, and the totals as a card below them', async () => {
    // Narrower than every breakpoint of the theme (useNarrowerThan asks "not at least so wide").
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      Object.assign(new EventTarget(), {
        matches: query.startsWith('not all and (min-width:'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      }),
    );
    await openReport('/settlement-report?from=2026-10-01&to=2026-10-31');
    const deposits = await screen.findByRole('table', { name: 'Deposits' });
    // Below 48em the table's stylesheet lays each row out as a card, each value under its data-label.
    const [card] = within(deposits).getAllByRole('row', { name: /BRD20261030ABCDEF12/ });
    if (card === undefined) throw new Error('No deposit row');
    expect(
      within(card)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual([
      'Deposit (ACH) date',
      'Bank reference',
      'Status',
      'Funding events',
      'Sales',
      'Refunds',
      'Chargebacks',
      'Fees',
      'Net',
    ]);
    expect(within(card).getByRole('cell', { name: '$920.00' }).dataset.label).toBe('Net');
    expect(totalsOf(deposits)).toContain('Net: $920.00');
    // The totals card names itself, and its empty cells (bank reference, status) carry no name to show.
    const footer = deposits.querySelector('tfoot');
    expect(footer?.querySelector('th')).toHaveTextContent('Total of 1 deposit');
    expect(
      [...(footer?.querySelectorAll('td:not([data-label])') ?? [])].map((cell) => cell.textContent),
    ).toEqual(['', '']);
  });
});
