import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRules,
  checkPasswordRules,
  emailNamePart,
  MIN_PASSWORD_LENGTH,
} from './password-rules.js';

const EMAIL = 'ada.lovelace@example.test';

describe('password rules', () => {
  it('accepts a long password unrelated to the e-mail', () => {
    expect(brokenPasswordRules('Quiet-Harbour-Lantern-42', EMAIL)).toEqual([]);
  });

  it(`needs ${String(MIN_PASSWORD_LENGTH)} characters, counting characters rather than code units`, () => {
    expect(brokenPasswordRules('Short-pw-1!', EMAIL)).toEqual(['length']);
    expect(checkPasswordRules('Twelve-chars', EMAIL).length).toBe(true);
    // 11 emoji are 22 UTF-16 code units but 11 characters.
    expect(checkPasswordRules('😀'.repeat(11), EMAIL).length).toBe(false);
  });

  it('refuses the e-mail or its name part, in any case or punctuation', () => {
    expect(brokenPasswordRules('ADA.LOVELACE@EXAMPLE.TEST', EMAIL)).toEqual(['notEmail']);
    expect(checkPasswordRules('my-Ada_Lovelace-2024', EMAIL).notEmail).toBe(false);
    // A name part of fewer than 4 characters would refuse too much.
    expect(checkPasswordRules('Quiet-Harbour-jo-42', 'jo@example.test').notEmail).toBe(true);
  });

  it('names the part of the e-mail the rule forbids, as written, so the rule can say it', () => {
    expect(emailNamePart('Ada.Lovelace@example.test')).toBe('Ada.Lovelace');
    expect(emailNamePart('jo@example.test')).toBeNull();
    // Punctuation does not count towards the 4 characters, as in the comparison.
    expect(emailNamePart('j.o.e@example.test')).toBeNull();
  });

  it('refuses common passwords whatever their case and punctuation', () => {
    expect(brokenPasswordRules('Password-1234', EMAIL)).toEqual(['notCommon']);
    expect(checkPasswordRules('QWERTY123456', EMAIL).notCommon).toBe(false);
  });
});
