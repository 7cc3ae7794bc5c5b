import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@portal/contracts/merchant-ids';

/**
 * The issuer prefix of the virtual cards: `400000` is in the range card networks keep for tests, so no
 * number made here can be charged on a real network.
 */
const TEST_ISSUER_PREFIX = '400000';
const CARD_DIGITS = 16;

/** A 16-digit card number in the test range, random (cryptographic generator) and Luhn-valid. */
export function newCardNumber(): string {
  let body = TEST_ISSUER_PREFIX;
  while (body.length < CARD_DIGITS - 1) body += String(randomInt(0, 10));
  return body + luhnCheckDigit(body);
}

/** What the server keeps and shows after creation: the last four digits behind bullets. */
export function maskedCardNumber(number: string): string {
  return `•••• •••• •••• ${number.slice(-4)}`;
}
