import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAdminToken,
  getPreviousMerchants,
  getProgramSelection,
  getSelectedMerchantId,
  getToken,
  MAX_PREVIOUS_MERCHANTS,
  rememberMerchant,
  setAdminToken,
  setProgramSelection,
  setSelectedMerchantId,
  setToken,
  STORAGE_KEYS,
} from './portal-storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('tokens and the selected merchant', () => {
  it('are empty until set, under namespaced keys', () => {
    expect(getToken()).toBeNull();
    expect(getAdminToken()).toBeNull();
    expect(getSelectedMerchantId()).toBeNull();

    setToken('portal-jwt');
    setAdminToken('admin-jwt');
    setSelectedMerchantId('merchant-1');

    expect(getToken()).toBe('portal-jwt');
    expect(getAdminToken()).toBe('admin-jwt');
    expect(getSelectedMerchantId()).toBe('merchant-1');
    expect(localStorage.getItem('portal.token')).toBe('"portal-jwt"');
    expect(Object.keys(localStorage).every((key) => key.startsWith('portal.'))).toBe(true);
  });

  it('are removed by setting null', () => {
    setToken('portal-jwt');
    setSelectedMerchantId('merchant-1');
    setToken(null);
    setSelectedMerchantId(null);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.selectedMerchantId)).toBeNull();
  });
});

describe('previously selected merchants', () => {
  it('keeps the most recent first without duplicates', () => {
    rememberMerchant({ id: 'a', name: 'Alpha' });
    rememberMerchant({ id: 'b', name: 'Beta' });
    rememberMerchant({ id: 'a', name: 'Alpha Renamed' });
    expect(getPreviousMerchants()).toEqual([
      { id: 'a', name: 'Alpha Renamed' },
      { id: 'b', name: 'Beta' },
    ]);
  });

  it('keeps at most ten, dropping the oldest', () => {
    for (let index = 0; index < MAX_PREVIOUS_MERCHANTS + 2; index += 1) {
      rememberMerchant({ id: `m${index}`, name: `Merchant ${index}` });
    }
    const ids = getPreviousMerchants().map(({ id }) => id);
    expect(MAX_PREVIOUS_MERCHANTS).toBe(10);
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe('m11');
    expect(ids).not.toContain('m0');
    expect(ids).not.toContain('m1');
  });
});

describe('program selection', () => {
  it('defaults to all programs selected', () => {
    expect(getProgramSelection('merchant-1')).toEqual({ programs: [], allProgramsSelected: true });
  });

  it('is stored per merchant', () => {
    setProgramSelection('merchant-1', { programs: ['p1', 'p2'], allProgramsSelected: false });
    expect(getProgramSelection('merchant-1')).toEqual({ programs: ['p1', 'p2'], allProgramsSelected: false });
    expect(getProgramSelection('merchant-2')).toEqual({ programs: [], allProgramsSelected: true });
    expect(localStorage.getItem('portal.programSelection.merchant-1')).not.toBeNull();
  });

  it('hands out a default that callers cannot corrupt', () => {
    getProgramSelection('merchant-1').programs.push('p9');
    expect(getProgramSelection('merchant-1').programs).toEqual([]);
  });
});

describe('damaged storage', () => {
  it.each([
    [STORAGE_KEYS.token, '{not json', () => getToken(), null],
    [STORAGE_KEYS.adminToken, '42', () => getAdminToken(), null],
    [STORAGE_KEYS.selectedMerchantId, 'undefined', () => getSelectedMerchantId(), null],
    [STORAGE_KEYS.previousMerchants, '[{"id":1}]', () => getPreviousMerchants(), []],
    [
      `${STORAGE_KEYS.programSelectionPrefix}m1`,
      '{"programs":"p1"}',
      () => getProgramSelection('m1'),
      { programs: [], allProgramsSelected: true },
    ],
  ])('reads %s holding %s as the default', (key, text, readValue, expected) => {
    localStorage.setItem(key, text);
    expect(readValue()).toEqual(expected);
  });

  it('reads as the default when the browser refuses access to storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getToken()).toBeNull();
    expect(getPreviousMerchants()).toEqual([]);
  });

  it('recovers from a corrupt merchant history when a merchant is remembered', () => {
    localStorage.setItem(STORAGE_KEYS.previousMerchants, '[[[');
    expect(rememberMerchant({ id: 'a', name: 'Alpha' })).toEqual([{ id: 'a', name: 'Alpha' }]);
  });
});

describe('clearSession', () => {
  it('forgets both tokens and keeps the merchant history and selections', () => {
    setToken('portal-jwt');
    setAdminToken('admin-jwt');
    setSelectedMerchantId('merchant-1');
    rememberMerchant({ id: 'merchant-1', name: 'Alpha' });
    setProgramSelection('merchant-1', { programs: ['p1'], allProgramsSelected: false });

    clearSession();

    expect(getToken()).toBeNull();
    expect(getAdminToken()).toBeNull();
    expect(getSelectedMerchantId()).toBe('merchant-1');
    expect(getPreviousMerchants()).toEqual([{ id: 'merchant-1', name: 'Alpha' }]);
    expect(getProgramSelection('merchant-1').allProgramsSelected).toBe(false);
  });
});
