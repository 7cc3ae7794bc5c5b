import type { ErrorDetail } from '@portal/contracts/api';
import type { RefusalParam, RefusalReason } from '@portal/contracts/refusals';

/** A refusal of the server's catalogue (contracts/refusals.ts), shown in the user's language. */
export interface ApiRefusal {
  readonly reason: RefusalReason;
  readonly params: Readonly<Record<string, RefusalParam>>;
}

export interface ApiErrorInit {
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  /**
   * The server's `error.code` (`ErrorCode` of the contracts), or the client's own code for a failure
   * without the server's error body: 'TIMEOUT' (no answer in time), 'ABORTED' (cancelled by the
   * caller), 'NETWORK_ERROR' (no answer at all), 'INVALID_RESPONSE' (an answer of the wrong shape),
   * 'HTTP_ERROR' (an error answer without the error shape, such as a proxy's page).
   */
  code: string;
  message: string;
  details?: readonly ErrorDetail[];
  /** The server's refusal when its code is one the portal knows; `message` is its English text. */
  refusal?: ApiRefusal | null;
  requestId: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly ErrorDetail[];
  readonly refusal: ApiRefusal | null;
  /** The `X-Request-ID` the call was sent with; the server logs it, so support can find the call. */
  readonly requestId: string;

  constructor({ status, code, message, details = [], refusal = null, requestId, cause }: ApiErrorInit) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.details = details;
    this.refusal = refusal;
    this.requestId = requestId;
  }
}
