import { tokenExchangeRequestSchema } from '@portal/contracts/auth';
import type { MerchantSummary } from '@portal/contracts/merchants';
import type { Program } from '@portal/contracts/programs';
import { NO_MERCHANT_ID, ROLE_SCOPES, type Role } from '@portal/contracts/roles';
import type { PortalTokenClaims } from '@portal/contracts/token';
import { evaluateFlagsEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { participationsEndpoint, programEndpoint } from '@portal/contracts/programs-endpoints';
import { listUsersEndpoint } from '@portal/contracts/users-endpoints';
import { recordAnalyticsEndpoint } from '@portal/contracts/analytics-endpoints';
import { tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import {
  currentMerchantEndpoint,
  merchantSettingsEndpoint,
  merchantsEndpoint,
} from '@portal/contracts/merchants-endpoints';
import type { MerchantSettings } from '@portal/contracts/merchant-settings';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { portalToken } from '../lib/auth/test-utils';
import { emptyTransactionHandlers } from '../pages/transactions/transactions-test-api';
import { emptyCartHandlers } from '../pages/carts/carts-test-api';
import { setToken } from '../lib/storage/portal-storage';

export const NORTHWIND: MerchantSummary = {
  id: '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e',
  name: 'Northwind Demo Outfitters',
  legalName: 'Northwind Outfitters LLC',
};
export const LAKESIDE: MerchantSummary = {
  id: '7c1b5d2f-7e4a-4a5d-8e6f-2a3b4c5d6e7f',
  name: 'Lakeside Furniture Co.',
  legalName: 'Lakeside Furniture Company Inc.',
};
export const SUMMIT: MerchantSummary = {
  id: '8d2c6e3a-8f5b-4b6e-9f7a-3b4c5d6e7f8a',
  name: 'Summit Cycle Works',
  legalName: 'Summit Cycle Works Corp.',
};
export const MAPLE: MerchantSummary = {
  id: '9e3d7f4b-9a6c-4c7f-8a8b-4c5d6e7f8a9b',
  name: 'Maple Demo Home Supply',
  legalName: 'Maple Home Supply Ltd.',
};

/** The General settings of a bread merchant as the API answers them. */
export function merchantSettingsOf(merchant: MerchantSummary): MerchantSettings {
  return {
    name: merchant.name,
    legalName: merchant.legalName,
    contactEmail: 'payments@northwind-outfitters.example',
    contactPhone: '+1 212 555 0142',
    addressLine1: '120 Hudson Street',
    addressLine2: '',
    city: 'New York',
    region: 'NY',
    postalCode: '10013',
    country: 'US',
    website: 'https://www.northwind-outfitters.example',
    timeZone: 'America/New_York',
    language: 'en',
  };
}

const money = { currency: 'USD', value: 10_000 } as const;

/** One program of each kind, so that every program requirement of the PAGES table is met. */
export const ALL_PROGRAM_KINDS: readonly Program[] = [
  {
    id: 'program-ecomm',
    name: 'Online instalments',
    channel: 'ECOMM',
    displayInterestRateBPS: 999,
    checkoutMode: 'Modal',
    minAmount: money,
    maxAmount: money,
  },
  {
    id: 'program-instore',
    name: 'In-store virtual card',
    channel: 'INSTORE',
    displayInterestRateBPS: 0,
    checkoutMode: 'VirtualCard',
    minAmount: money,
    maxAmount: money,
  },
];

const ALL_FLAGS_ON: Readonly<Record<string, string>> = {
  isLocationPageEnabled: 'true',
  isMerchantIdValidationPageEnabled: 'true',
};

export interface TestUser {
  readonly role: Role;
  /** The token's merchant: the assigned one, the one provider staff chose, or NO_MERCHANT_ID. */
  readonly merchantId: string;
  readonly email?: string;
}

function claimsOf({
  role,
  merchantId,
  email = `${role.toLowerCase()}@example.com`,
}: TestUser): PortalTokenClaims {
  return {
    scp: [...ROLE_SCOPES[role]],
    cid: merchantId,
    tenantID: merchantId === NO_MERCHANT_ID ? NO_MERCHANT_ID : 'tenant-bread',
    sub: email,
    uid: `user-${role.toLowerCase()}`,
    merchantID: merchantId,
  };
}

interface TestApiState {
  claims: PortalTokenClaims | null;
  programs: readonly Program[];
  flags: Readonly<Record<string, string>>;
  merchants: readonly MerchantSummary[];
  /** Participation and program answers wait for this, so a test can see the loading page. */
  programsGate: Promise<undefined>;
}

function initialState(): TestApiState {
  return {
    claims: null,
    programs: ALL_PROGRAM_KINDS,
    flags: ALL_FLAGS_ON,
    merchants: [NORTHWIND, LAKESIDE, SUMMIT, MAPLE],
    programsGate: Promise.resolve(undefined),
  };
}

/**
 * The portal's API as the signed-in shell uses it, in msw handlers: participations and programs,
 * feature flags, merchants, the token exchange of a merchant switch, analytics and the client log.
 * Call at the top of a test file; the state resets after each test.
 */
export function setUpTestApi() {
  let state = initialState();
  const exchanges: string[] = [];
  const merchantSearches: string[] = [];

  const server = setupServer(
    http.get(participationsEndpoint.path, async ({ request }) => {
      await state.programsGate;
      const query = new URL(request.url).searchParams;
      const items = state.programs.map((program, index) => ({
        id: `participation-${index}`,
        programID: program.id,
        merchantID: query.get('merchantID.eq'),
        createdAt: '2025-01-01T00:00:00.000Z',
        deletedAt: null,
      }));
      return HttpResponse.json({
        data: { items, pagination: { offset: 0, limit: 200, total: items.length } },
      });
    }),
    http.get(programEndpoint.path, async ({ params }) => {
      await state.programsGate;
      const program = state.programs.find(({ id }) => id === params.id);
      return program
        ? HttpResponse.json({ data: program })
        : HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, { status: 403 });
    }),
    http.post(evaluateFlagsEndpoint.path, () =>
      HttpResponse.json(
        Object.fromEntries(Object.entries(state.flags).map(([name, result]) => [name, { result }])),
      ),
    ),
    http.get(currentMerchantEndpoint.path, () => {
      const merchant = state.merchants.find(({ id }) => id === state.claims?.merchantID);
      if (!merchant)
        return HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, { status: 403 });
      return HttpResponse.json({
        data: { ...merchant, timeZone: 'America/New_York', currency: 'USD', language: 'en' },
      });
    }),
    http.get(merchantSettingsEndpoint.path, () => {
      const merchant = state.merchants.find(({ id }) => id === state.claims?.merchantID);
      if (!merchant)
        return HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, { status: 403 });
      return HttpResponse.json({ data: merchantSettingsOf(merchant) });
    }),
    http.get(merchantsEndpoint.path, async ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      merchantSearches.push(search);
      await delay(5);
      const items = state.merchants.filter(({ name }) => name.toLowerCase().includes(search.toLowerCase()));
      return HttpResponse.json({
        data: { items, pagination: { offset: 0, limit: 20, total: items.length } },
      });
    }),
    http.post(tokenExchangeEndpoint.path, async ({ request }) => {
      const { merchantID } = tokenExchangeRequestSchema.parse(await request.json());
      exchanges.push(merchantID);
      if (!state.claims)
        return HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'No' } }, { status: 401 });
      state.claims = { ...state.claims, merchantID, cid: merchantID, tenantID: 'tenant-bread' };
      return HttpResponse.json({ token: portalToken(state.claims) });
    }),
    http.post(recordAnalyticsEndpoint.path, () => HttpResponse.json({ data: {} })),
    http.post(clientLogEndpoint.path, () => HttpResponse.json({ data: { id: 'log-1' } })),
    // The home page is the transaction list: tests of the shell see it empty.
    ...emptyTransactionHandlers(),
    ...emptyCartHandlers(),
    // The team is empty and every password link dead, unless a test says otherwise (issue 6).
    http.get(listUsersEndpoint.path, () =>
      HttpResponse.json({ data: { items: [], pagination: { offset: 0, limit: 25, total: 0 } } }),
    ),
    http.get('/api/passwords/:purpose/:token', () =>
      HttpResponse.json(
        { error: { code: 'GONE', message: 'This link is no longer valid' } },
        { status: 410 },
      ),
    ),
  );

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    state = initialState();
    exchanges.length = 0;
    merchantSearches.length = 0;
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(() => {
    server.close();
  });

  return {
    server,
    /** Signs in on this browser as the portal does: the portal token in local storage. */
    signInAs(user: TestUser): PortalTokenClaims {
      state.claims = claimsOf(user);
      setToken(portalToken(state.claims));
      return state.claims;
    },
    setPrograms(programs: readonly Program[]) {
      state.programs = programs;
    },
    setFlags(flags: Readonly<Record<string, string>>) {
      state.flags = flags;
    },
    /** Holds participations and programs back until the returned function is called. */
    holdPrograms(): () => void {
      let release: (value: undefined) => void = () => undefined;
      state.programsGate = new Promise<undefined>((resolve) => {
        release = resolve;
      });
      return () => {
        release(undefined);
      };
    },
    /** The merchant ids the token was exchanged for, in order. */
    exchanges,
    /** The search texts the merchant list was asked for, in order. */
    merchantSearches,
  };
}
