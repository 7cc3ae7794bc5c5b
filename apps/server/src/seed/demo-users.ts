import type { Role } from '@portal/contracts/roles';
import { MAIN_MERCHANT, RBC_MERCHANT } from './demo-merchants.js';

/** The password of every demo sign-in (issue 2). Demo data only: production seeds no users. */
export const DEMO_PASSWORD = 'Demo-Password-1';

export interface DemoSignIn {
  readonly email: string;
  readonly role: Role;
  /** Null for provider staff, who choose a merchant after signing in. */
  readonly merchantName: string | null;
  readonly firstName: string;
  readonly lastName: string;
}

/** One sign-in per role of PRODUCT.md, printed by the start command and listed in the README. */
export const DEMO_SIGN_INS: readonly DemoSignIn[] = [
  {
    email: 'admin@merchant.demo',
    role: 'ADMIN',
    merchantName: MAIN_MERCHANT,
    firstName: 'Avery',
    lastName: 'Admin',
  },
  {
    email: 'user@merchant.demo',
    role: 'USER',
    merchantName: MAIN_MERCHANT,
    firstName: 'Jordan',
    lastName: 'User',
  },
  {
    email: 'readonly@merchant.demo',
    role: 'READ_ONLY',
    merchantName: MAIN_MERCHANT,
    firstName: 'Riley',
    lastName: 'Reader',
  },
  {
    email: 'admin@rbc-merchant.demo',
    role: 'ADMIN',
    merchantName: RBC_MERCHANT,
    firstName: 'Camille',
    lastName: 'Tremblay',
  },
  {
    email: 'internal.admin@provider.demo',
    role: 'INTERNAL_ADMIN',
    merchantName: null,
    firstName: 'Morgan',
    lastName: 'Provider',
  },
  {
    email: 'internal.support@provider.demo',
    role: 'INTERNAL_SUPPORT',
    merchantName: null,
    firstName: 'Sam',
    lastName: 'Support',
  },
];
