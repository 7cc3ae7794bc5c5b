import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { emailSchema } from './email.js';

describe('emailSchema', () => {
  it('trims an address and stores it lower-cased', () => {
    expect(z.parse(emailSchema, '  Avery.Admin@Merchant.DEMO ')).toBe('avery.admin@merchant.demo');
  });

  it.each([
    ['no at sign', 'avery.merchant.demo'],
    ['no domain', 'avery@'],
    ['only spaces', '   '],
    ['over 254 characters', `${'a'.repeat(245)}@merchant.demo`],
  ])('refuses an address with %s', (_reason, value) => {
    expect(z.safeParse(emailSchema, value).success).toBe(false);
  });

  it('takes an address of exactly 254 characters', () => {
    const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(56)}.demo`;
    expect(address).toHaveLength(254);
    expect(z.parse(emailSchema, address)).toBe(address);
  });
});
