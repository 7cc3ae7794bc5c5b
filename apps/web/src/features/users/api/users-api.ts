import { dataResponseSchema, paginationSchema } from '@portal/contracts/api';
import type { Locale } from '@portal/contracts/brands';
import type { MerchantRole } from '@portal/contracts/roles';
import {
  USER_CONFLICT_REASON_PATH,
  USER_CONFLICT_REASONS,
  USERS_PATH,
  userPath,
  userSchema,
  type AddUserInput,
  type UserConflictReason,
} from '@portal/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { answerDateTime } from '../../../lib/http/answer-dates';
import { FORM_SHOWS_FIELD_ERRORS, type PortalMutationMeta } from '../../../lib/forms/mutation-errors';
import { ApiError } from '../../../lib/http/api-error';
import { apiRequest } from '../../../lib/http/http-client';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';

const userAnswerSchema = userSchema.extend({
  invitedAt: answerDateTime.nullable(),
  lastSignInAt: answerDateTime.nullable(),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;
const userPageSchema = z.object({
  data: z.object({ items: z.array(userAnswerSchema), pagination: paginationSchema }),
});
export type UserPage = z.infer<typeof userPageSchema>['data'];
const oneUser = dataResponseSchema(userAnswerSchema);

/** Per merchant: a merchant switch must never show the last merchant's team. */
export const userKeys = {
  lists: (merchantId: string) => ['users', merchantId, 'list'] as const,
  list: (merchantId: string, query: QueryParams) => ['users', merchantId, 'list', query] as const,
};

export function useUserPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: userKeys.list(merchantId, query),
    queryFn: async ({ signal }) =>
      (await apiRequest(USERS_PATH, { query, schema: userPageSchema, signal })).data,
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
    async (body: AddUserInput) => {
      const { data } = await apiRequest(USERS_PATH, { method: 'POST', body, schema: oneUser });
      return data;
    },
    FORM_SHOWS_FIELD_ERRORS,
  );
}

/** The dialogs show a refusal of the team's rules (ConflictAlert). */
const SHOWS_CONFLICT: PortalMutationMeta = { showsError: (error) => conflictReasonOf(error) !== null };

export function useResendInvitation(merchantId: string) {
  return useUserChange(merchantId, async ({ id, locale }: { id: string; locale: Locale }) => {
    const { data } = await apiRequest(`${userPath(id)}/invitation`, {
      method: 'POST',
      body: { locale },
      schema: oneUser,
    });
    return data;
  });
}

export function useUpdateUserRole(merchantId: string) {
  return useUserChange(
    merchantId,
    async ({ id, role }: { id: string; role: MerchantRole }) => {
      const { data } = await apiRequest(`${userPath(id)}/role`, {
        method: 'PUT',
        body: { role },
        schema: oneUser,
      });
      return data;
    },
    SHOWS_CONFLICT,
  );
}

export function useRemoveUser(merchantId: string) {
  return useUserChange(
    merchantId,
    async (id: string) => {
      const { data } = await apiRequest(userPath(id), { method: 'DELETE', schema: oneUser });
      return data;
    },
    SHOWS_CONFLICT,
  );
}
