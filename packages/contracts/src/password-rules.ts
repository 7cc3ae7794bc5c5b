/**
 * The password rules of activation, reset and change: one function, run live in the form and again
 * on the server, so that the form can never accept what the server refuses.
 */

export const MIN_PASSWORD_LENGTH = 12;
/** argon2 takes any length; this keeps a request from making the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_RULES = ['length', 'notEmail', 'notCommon'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Passwords of 12 characters or more that lead the published lists of breached passwords, plus the
 * obvious product words. Compared without case, spaces or punctuation, so `Password-1234` is caught too.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  '123123123123',
  'qwertyuiopas',
  'qwertyuiop123',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'qwerty123456',
  'qwertyqwerty',
  'asdfghjkl123',
  'zxcvbnm12345',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'mypassword123',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'abc123456789',
  'abcdefghijkl',
  'abcd12345678',
  'administrator',
  'admin1234567',
  'changeme1234',
  'sunshine1234',
  'football1234',
  'baseball1234',
  'princess1234',
  'trustno11234',
  'monkey123456',
  'dragon123456',
  'superman1234',
  'starwars1234',
  'merchantportal',
  'merchant1234',
  'portal123456',
  'breadpay1234',
  'demopassword1',
]);

function normalized(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** A name part shorter than this (`jo@…`) is too common a string to forbid. */
const MIN_CHECKED_NAME_LENGTH = 4;

/**
 * The e-mail's name part (before `@`, as written) when the rule `notEmail` forbids it too, so that the
 * rule can say so in words; null when only the whole address is forbidden.
 */
export function emailNamePart(email: string): string | null {
  const name = email.split('@')[0] ?? '';
  return normalized(name).length >= MIN_CHECKED_NAME_LENGTH ? name : null;
}

/**
 * Which rules a password meets. `email` is the account's: the password may contain neither the address
 * nor its name part (`emailNamePart`), in any case or punctuation.
 */
export function checkPasswordRules(password: string, email: string): Record<PasswordRule, boolean> {
  const plain = normalized(password);
  const address = normalized(email);
  const name = emailNamePart(email);
  const containsEmail =
    (address !== '' && plain.includes(address)) || (name !== null && plain.includes(normalized(name)));
  return {
    length: Array.from(password).length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH,
    notEmail: !containsEmail,
    notCommon: !COMMON_PASSWORDS.has(plain),
  };
}

/** The rules a password breaks, in display order; empty when it is acceptable. */
export function brokenPasswordRules(password: string, email: string): PasswordRule[] {
  const checks = checkPasswordRules(password, email);
  return PASSWORD_RULES.filter((rule) => !checks[rule]);
}
