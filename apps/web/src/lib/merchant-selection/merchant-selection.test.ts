import { NO_MERCHANT_ID, ROLE_SCOPES, ROLES, isProviderRole } from '@portal/contracts/roles';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../analytics/analytics';
import { getPreviousMerchants, getSelectedMerchantId, rememberMerchant } from '../storage/portal-storage';
import {
  canSwitchMerchant,
  changeMerchant,
  currentMerchantId,
  isProviderStaff,
  registerMerchantChangeValidator,
  useMerchantChangeValidator,
  type MerchantChangeValidator,
} from './merchant-selection';

vi.mock('../analytics/analytics', () => ({ track: vi.fn() }));

const NORTHWIND = { id: '11111111-1111-4111-8111-111111111111', name: 'Northwind Demo Outfitters' };
const LAKESIDE = { id: '22222222-2222-4222-8222-222222222222', name: 'Lakeside Furniture Co.' };

const staff = { merchantID: NO_MERCHANT_ID, scp: ROLE_SCOPES.INTERNAL_ADMIN };
const staffAt = (merchantID: string) => ({ ...staff, merchantID });
const merchantAdmin = { merchantID: NORTHWIND.id, scp: ROLE_SCOPES.ADMIN };

const unregisters: (() => void)[] = [];
const register = (validator: Parameters<typeof registerMerchantChangeValidator>[0]) => {
  const unregister = registerMerchantChangeValidator(validator);
  unregisters.push(unregister);
  return unregister;
};

beforeEach(() => {
  localStorage.clear();
  vi.mocked(track).mockClear();
});
afterEach(() => {
  for (const unregister of unregisters.splice(0)) unregister();
});

describe('who may switch', () => {
  it.each(ROLES)('%s: only provider staff, with or without a chosen merchant', (role) => {
    const expected = isProviderRole(role);
    expect(canSwitchMerchant({ merchantID: NORTHWIND.id, scp: ROLE_SCOPES[role] })).toBe(expected);
    expect(isProviderStaff({ merchantID: NORTHWIND.id, scp: ROLE_SCOPES[role] })).toBe(expected);
  });

  it('takes the all-zero merchant id for no merchant yet', () => {
    expect(canSwitchMerchant({ merchantID: NO_MERCHANT_ID, scp: [] })).toBe(true);
    expect(currentMerchantId({ merchantID: NO_MERCHANT_ID })).toBeNull();
    expect(currentMerchantId({ merchantID: NORTHWIND.id })).toBe(NORTHWIND.id);
  });
});

describe('changeMerchant', () => {
  it('exchanges the token for the chosen merchant, stores it and puts it first', async () => {
    rememberMerchant(LAKESIDE);
    const switchMerchant = vi.fn(() => Promise.resolve());
    expect(await changeMerchant({ claims: staff, merchant: NORTHWIND, switchMerchant })).toBe('changed');
    expect(switchMerchant).toHaveBeenCalledExactlyOnceWith(NORTHWIND.id);
    expect(getSelectedMerchantId()).toBe(NORTHWIND.id);
    expect(getPreviousMerchants()).toEqual([NORTHWIND, LAKESIDE]);
    expect(track).toHaveBeenCalledExactlyOnceWith('merchant_switched', { merchantId: NORTHWIND.id });
  });

  it('refuses a user with an assigned merchant without asking the server', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    await expect(
      changeMerchant({ claims: merchantAdmin, merchant: LAKESIDE, switchMerchant }),
    ).rejects.toThrow(/assigned merchant/);
    expect(switchMerchant).not.toHaveBeenCalled();
    expect(getSelectedMerchantId()).toBeNull();
  });

  it('keeps the previous choice when the exchange fails', async () => {
    const switchMerchant = vi.fn(() => Promise.reject(new Error('403')));
    await expect(
      changeMerchant({ claims: staffAt(NORTHWIND.id), merchant: LAKESIDE, switchMerchant }),
    ).rejects.toThrow('403');
    expect(getSelectedMerchantId()).toBeNull();
    expect(getPreviousMerchants()).toEqual([]);
    expect(track).not.toHaveBeenCalled();
  });

  it('does nothing but remember when the merchant is already the current one', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    const outcome = await changeMerchant({
      claims: staffAt(NORTHWIND.id),
      merchant: NORTHWIND,
      switchMerchant,
    });
    expect(outcome).toBe('unchanged');
    expect(switchMerchant).not.toHaveBeenCalled();
    expect(getPreviousMerchants()).toEqual([NORTHWIND]);
  });
});

describe('merchant change validators', () => {
  it('let a page veto a change, until it unregisters', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    const validator = vi.fn(() => false);
    const unregister = register(validator);

    const request = { claims: staffAt(NORTHWIND.id), merchant: LAKESIDE, switchMerchant };
    expect(await changeMerchant(request)).toBe('vetoed');
    expect(validator).toHaveBeenCalledExactlyOnceWith(LAKESIDE.id);
    expect(switchMerchant).not.toHaveBeenCalled();
    expect(getSelectedMerchantId()).toBeNull();

    unregister();
    expect(await changeMerchant(request)).toBe('changed');
    expect(switchMerchant).toHaveBeenCalledOnce();
  });

  it('wait for a validator that asks the user', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    let answer: (ok: boolean) => void = () => undefined;
    register(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const change = changeMerchant({ claims: staff, merchant: LAKESIDE, switchMerchant });
    await Promise.resolve();
    expect(switchMerchant).not.toHaveBeenCalled();
    answer(true);
    expect(await change).toBe('changed');
  });

  it('need every validator to agree', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    register(() => true);
    register(() => Promise.resolve(false));
    expect(await changeMerchant({ claims: staff, merchant: LAKESIDE, switchMerchant })).toBe('vetoed');
    expect(switchMerchant).not.toHaveBeenCalled();
  });

  it('count the same function registered twice as two registrations', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    const veto = () => false;
    const first = register(veto);
    register(veto);
    first();
    expect(await changeMerchant({ claims: staff, merchant: LAKESIDE, switchMerchant })).toBe('vetoed');
  });
});

describe('useMerchantChangeValidator', () => {
  it('asks the newest validator of a mounted component, and nothing once it unmounts', async () => {
    const switchMerchant = vi.fn(() => Promise.resolve());
    const request = { claims: staff, merchant: LAKESIDE, switchMerchant };
    const { rerender, unmount } = renderHook(
      ({ validator }: { validator: MerchantChangeValidator }) => {
        useMerchantChangeValidator(validator);
      },
      { initialProps: { validator: (): boolean => false } },
    );
    expect(await changeMerchant(request)).toBe('vetoed');

    const unsaved = vi.fn(() => false);
    rerender({ validator: unsaved });
    expect(await changeMerchant(request)).toBe('vetoed');
    expect(unsaved).toHaveBeenCalledExactlyOnceWith(LAKESIDE.id);

    unmount();
    expect(await changeMerchant(request)).toBe('changed');
  });
});
