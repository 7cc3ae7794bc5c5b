/**
 * An e-mail's delivery: PENDING until delivered; SENT through SMTP; KEPT in the outbox when no SMTP
 * server is configured (the demo reads it there); FAILED after the last attempt.
 */
export const EMAIL_STATUSES = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
