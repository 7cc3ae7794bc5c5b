import type { Locale } from '@portal/contracts/brands';
import type { MerchantRole } from '@portal/contracts/roles';
import {
  USER_CONFLICT_REASON_PATH,
  USER_CONFLICT_REASONS,
  type AddUserInput,
  type User,
  type UserConflictReason,
} from '@portal/contracts/users';
import {
  addUserEndpoint,
  listUsersEndpoint,
  removeUserEndpoint,
  resendInvitationEndpoint,
  restoreUserEndpoint,
  updateUserRoleEndpoint,
} from '@portal/contracts/users-endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS, type PortalMutationMeta } from '../../../lib/forms/mutation-errors';
import { ApiError } from '../../../lib/http/api-error';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';

export type UserAnswer = User;

/** Per merchant: a merchant switch must never show the last merchant's team. */
export const userKeys = {
  lists: (merchantId: string) => ['users', merchantId, 'list'] as const,
  list: (merchantId: string, query: QueryParams) => ['users', merchantId, 'list', query] as const,
};

export function useUserPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: userKeys.list(merchantId, query),
    queryFn: async ({ signal }) => (await callEndpoint(listUsersEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** Why the server refused a change of the team (409), when it said. */
export function conflictReasonOf(error: unknown): UserConflictReason | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const reason = error.details.find((detail) => detail.path === USER_CONFLICT_REASON_PATH)?.message;
  return USER_CONFLICT_REASONS.find((known) => known === reason) ?? null;
}

/** A change of the team; the list loads again after it, whether it was done or refused. */
function useUserChange<Input>(
  merchantId: string,
  change: (input: Input) => Promise<UserAnswer>,
  meta?: PortalMutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists(merchantId) }),
  });
}

export function useAddUser(merchantId: string) {
  return useUserChange(
    merchantId,
    async (body: AddUserInput) => (await callEndpoint(addUserEndpoint, { body })).data,
    FORM_SHOWS_FIELD_ERRORS,
  );
}

/** The dialogs show a refusal of the team's rules (ConflictAlert). */
const SHOWS_CONFLICT: PortalMutationMeta = { showsError: (error) => conflictReasonOf(error) !== null };

export function useResendInvitation(merchantId: string) {
  return useUserChange(
    merchantId,
    async ({ id, locale }: { id: string; locale: Locale }) =>
      (await callEndpoint(resendInvitationEndpoint, { params: { id }, body: { locale } })).data,
  );
}

export function useUpdateUserRole(merchantId: string) {
  return useUserChange(
    merchantId,
    async ({ id, role }: { id: string; role: MerchantRole }) =>
      (await callEndpoint(updateUserRoleEndpoint, { params: { id }, body: { role } })).data,
    SHOWS_CONFLICT,
  );
}

export function useRemoveUser(merchantId: string) {
  return useUserChange(
    merchantId,
    async (id: string) => (await callEndpoint(removeUserEndpoint, { params: { id } })).data,
    SHOWS_CONFLICT,
  );
}

/** A removed user, INVITED again: the server e-mails the invitation in the admin's language. */
export function useRestoreUser(merchantId: string) {
  return useUserChange(
    merchantId,
    async ({ id, locale }: { id: string; locale: Locale }) =>
      (await callEndpoint(restoreUserEndpoint, { params: { id }, body: { locale } })).data,
    SHOWS_CONFLICT,
  );
}
