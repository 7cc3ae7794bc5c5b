import { fakeTokenEndpoint, fakeUsersEndpoint } from '@portal/contracts/auth-endpoints';
import type { FakeTokenRequest, FakeUser } from '@portal/contracts/fake-auth';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../http/call-endpoint';

/** `GET /api/auth/fake/users`: the users the fake-auth admin page offers. */
async function fetchFakeUsers(signal?: AbortSignal): Promise<FakeUser[]> {
  const { data } = await callEndpoint(fakeUsersEndpoint, { signal });
  return data;
}

export function fakeUsersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'fake-users'] as const,
    queryFn: ({ signal }) => fetchFakeUsers(signal),
  });
}

/** `POST /api/auth/fake/token`: the provider-like token of that user, to be exchanged. */
export async function requestFakeToken(email: string): Promise<string> {
  const body: FakeTokenRequest = { email };
  const { token } = await callEndpoint(fakeTokenEndpoint, { body });
  return token;
}
