import {
  FAKE_TOKEN_PATH,
  FAKE_USERS_PATH,
  fakeTokenResponseSchema,
  fakeUsersResponseSchema,
  type FakeTokenRequest,
  type FakeUser,
} from '@portal/contracts/fake-auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../http/http-client';

/** `GET /api/auth/fake/users`: the users the fake-auth admin page offers. */
async function fetchFakeUsers(signal?: AbortSignal): Promise<FakeUser[]> {
  const { data } = await apiRequest(FAKE_USERS_PATH, {
    schema: fakeUsersResponseSchema,
    authenticated: false,
    signal,
  });
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
  const { token } = await apiRequest(FAKE_TOKEN_PATH, {
    method: 'POST',
    body,
    schema: fakeTokenResponseSchema,
    authenticated: false,
  });
  return token;
}
