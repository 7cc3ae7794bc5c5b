import { dataResponseSchema } from './api.js';
import {
  bankChangeBodySchema,
  bankInformationSchema,
  cancelBankChangeBodySchema,
  confirmBankChangeBodySchema,
} from './bank-information.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';

/**
 * The bank information page: reading needs the page's scope (`r:bank_information`), asking for a
 * change, confirming and cancelling one `u:bank_information` too. Always the token's merchant's
 * account. Each change answers the page's new state. Asking twice is refused while a request waits
 * (409), so the request needs no `Idempotency-Key`.
 */
const tags = ['bankInformation'];
const read = { page: 'bankInformation' } as const;
const edit = { page: 'bankInformation', scopes: [SCOPES.bankInformationEdit] } as const;
const answer = { status: 200, schema: dataResponseSchema(bankInformationSchema) } as const;

export const bankInformationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/bank-information',
  answer,
  access: read,
  summary: 'The account in use, a scheduled or pending change, and where the next deposit goes',
  tags,
  errors: [401, 403],
});

export const requestBankChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bank-information/change-requests',
  body: bankChangeBodySchema,
  answer: { status: 201, schema: dataResponseSchema(bankInformationSchema) },
  access: edit,
  summary: 'Asks for a new deposit account; it takes effect once confirmed',
  description:
    'The request waits for a second administrator, or for the requester through the link e-mailed to them. ' +
    'Every administrator of the merchant is told by e-mail.',
  tags,
  errors: [400, 401, 403, 409, 422],
});

export const confirmBankChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bank-information/change-requests/confirm',
  body: confirmBankChangeBodySchema,
  answer,
  access: edit,
  summary: 'Confirms a pending change: deposits after the cut-off go to the new account',
  tags,
  errors: [400, 401, 403, 409, 410],
});

export const cancelBankChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bank-information/change-requests/cancel',
  body: cancelBankChangeBodySchema,
  answer,
  access: edit,
  summary: 'Cancels a pending change',
  tags,
  errors: [400, 401, 403, 409],
});
