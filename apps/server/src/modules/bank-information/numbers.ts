import type { BankChangeBody, BankCountry } from '@portal/contracts/bank-information';
import { dataSealer } from '../../auth/keys.js';

/** The numbers of an account, as sealed: those of its country only. */
export type BankNumbers =
  | { readonly country: 'US'; readonly routingNumber: string; readonly accountNumber: string }
  | {
      readonly country: 'CA';
      readonly institutionNumber: string;
      readonly transitNumber: string;
      readonly accountNumber: string;
    };

/** The numbers of the merchant's country in a change request; the other country's fields are ignored. */
export function numbersOf(body: BankChangeBody, country: BankCountry): BankNumbers {
  return country === 'US'
    ? { country, routingNumber: body.routingNumber, accountNumber: body.accountNumber }
    : {
        country,
        institutionNumber: body.institutionNumber,
        transitNumber: body.transitNumber,
        accountNumber: body.accountNumber,
      };
}

/** The row's id is the associated data: sealed numbers copied onto another row do not open there. */
const associated = (accountId: string) => `bank_accounts:${accountId}`;

/** Seals the numbers (AES-256-GCM) with the bank numbers key, derived from KEY_ENCRYPTION_KEY. */
export function sealNumbers(accountId: string, numbers: BankNumbers): string {
  return dataSealer('bank-account-numbers').encrypt(associated(accountId), JSON.stringify(numbers));
}

export function openNumbers(accountId: string, sealed: string): BankNumbers {
  return JSON.parse(dataSealer('bank-account-numbers').decrypt(associated(accountId), sealed)) as BankNumbers;
}

/** Whether two sets of numbers name the same account. */
export function sameAccount(a: BankNumbers, b: BankNumbers): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The only part of a number that leaves the server. */
export function lastFour(accountNumber: string): string {
  return accountNumber.slice(-4);
}

/** How e-mails and the audit log write an account: its last four digits behind dots. */
export function maskedAccount(last4: string): string {
  return `••••${last4}`;
}
