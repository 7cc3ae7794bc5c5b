import { describe, expect, it } from 'vitest';
import { NO_MERCHANT_ID, ROLE_SCOPES } from './roles.js';
import { accessLevel, ALL_SCOPES, hasScope, SCOPES } from './scopes.js';

describe('accessLevel', () => {
  it('is READ/WRITE when any scope starts with c:tx', () => {
    expect(accessLevel(['r:cart', 'c:tx'])).toBe('READ/WRITE');
    expect(accessLevel(['c:tx.settle'])).toBe('READ/WRITE');
  });
  it('is READ otherwise, even for scopes that merely contain c:tx', () => {
    expect(accessLevel([])).toBe('READ');
    expect(accessLevel(['r:c:tx', 'w:cart'])).toBe('READ');
  });
});

describe('role table', () => {
  it('gives transaction actions to ADMIN, USER and INTERNAL_ADMIN only', () => {
    expect(accessLevel(ROLE_SCOPES.ADMIN)).toBe('READ/WRITE');
    expect(accessLevel(ROLE_SCOPES.USER)).toBe('READ/WRITE');
    expect(accessLevel(ROLE_SCOPES.INTERNAL_ADMIN)).toBe('READ/WRITE');
    expect(accessLevel(ROLE_SCOPES.READ_ONLY)).toBe('READ');
    expect(accessLevel(ROLE_SCOPES.INTERNAL_SUPPORT)).toBe('READ');
  });
  it('keeps user management, access keys, bank information and funding from USER', () => {
    for (const scope of [
      SCOPES.usersRead,
      SCOPES.apiKeys,
      SCOPES.bankInformationView,
      SCOPES.fundingSettingsView,
    ]) {
      expect(hasScope(ROLE_SCOPES.USER, scope)).toBe(false);
      expect(hasScope(ROLE_SCOPES.ADMIN, scope)).toBe(true);
    }
  });
  it('gives internal settings to provider staff only', () => {
    expect(hasScope(ROLE_SCOPES.ADMIN, SCOPES.internalSettingsView)).toBe(false);
    expect(hasScope(ROLE_SCOPES.INTERNAL_SUPPORT, SCOPES.internalSettingsView)).toBe(true);
    expect(hasScope(ROLE_SCOPES.INTERNAL_SUPPORT, SCOPES.internalSettingsEdit)).toBe(false);
    expect(ROLE_SCOPES.INTERNAL_ADMIN).toEqual(ALL_SCOPES);
  });
  it('gives the audit log (our own scope) to ADMIN and provider staff only', () => {
    expect(SCOPES.auditRead).toBe('r:merchant.audit');
    expect(hasScope(ROLE_SCOPES.ADMIN, SCOPES.auditRead)).toBe(true);
    expect(hasScope(ROLE_SCOPES.INTERNAL_SUPPORT, SCOPES.auditRead)).toBe(true);
    expect(hasScope(ROLE_SCOPES.INTERNAL_ADMIN, SCOPES.auditRead)).toBe(true);
    expect(hasScope(ROLE_SCOPES.USER, SCOPES.auditRead)).toBe(false);
    expect(hasScope(ROLE_SCOPES.READ_ONLY, SCOPES.auditRead)).toBe(false);
  });
  it('gives INTERNAL_SUPPORT no write scope', () => {
    const writes = ROLE_SCOPES.INTERNAL_SUPPORT.filter(
      (s) => !s.startsWith('r:') && s !== SCOPES.passwordChange,
    );
    expect(writes).toEqual([]);
  });
  it('uses the all-zero merchant id for no assigned merchant', () => {
    expect(NO_MERCHANT_ID).toMatch(/^[0-]+$/);
  });
});
