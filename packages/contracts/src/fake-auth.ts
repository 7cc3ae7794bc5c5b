import { z } from 'zod/mini';
import { ROLES } from './roles.js';

/**
 * Fake auth (docs/auth.md; `FAKE_AUTH=true`, never in production): the portal's /login becomes an
 * admin page that lists the users and signs in as one of them without the identity provider.
 */

const fakeUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** Null for provider staff, who have no assigned merchant. */
  merchant: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type FakeUser = z.infer<typeof fakeUserSchema>;

export const fakeUsersResponseSchema = z.object({ data: z.array(fakeUserSchema) });

export const fakeTokenRequestSchema = z.strictObject({ email: z.email() });
export type FakeTokenRequest = z.infer<typeof fakeTokenRequestSchema>;

export const fakeTokenResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });
