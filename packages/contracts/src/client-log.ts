import { z } from 'zod';

export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

export const CLIENT_LOG_MESSAGE_MAX_LENGTH = 2000;
/** The context as JSON text, in UTF-8 bytes. */
export const CLIENT_LOG_CONTEXT_MAX_BYTES = 8 * 1024;

/** UTF-8 length without TextEncoder, which the contracts' ES-only library settings do not declare. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const clientLogEntrySchema = z.strictObject({
  level: z.enum(CLIENT_LOG_LEVELS),
  message: z.string().min(1).max(CLIENT_LOG_MESSAGE_MAX_LENGTH),
  context: z
    .record(z.string(), z.unknown())
    .refine((context) => utf8ByteLength(JSON.stringify(context)) <= CLIENT_LOG_CONTEXT_MAX_BYTES, {
      message: `The context is larger than ${String(CLIENT_LOG_CONTEXT_MAX_BYTES)} bytes`,
    })
    .optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

/** 200 is the only success (specification §7: any other status is an error). */
export const clientLogResponseSchema = z.object({ data: z.object({ id: z.string() }) });
