import { describe, expect, it } from 'vitest';
import { clientLogEntrySchema, utf8ByteLength } from './client-log.js';

describe('clientLogEntrySchema', () => {
  it('accepts the three levels with a context', () => {
    for (const level of ['error', 'warn', 'info']) {
      expect(clientLogEntrySchema.safeParse({ level, message: 'm', context: { a: 1 } }).success).toBe(true);
    }
    expect(clientLogEntrySchema.safeParse({ level: 'debug', message: 'm' }).success).toBe(false);
  });

  it('limits the message to 2000 characters and the context to 8 KB', () => {
    expect(clientLogEntrySchema.safeParse({ level: 'info', message: 'x'.repeat(2001) }).success).toBe(false);
    // 8 KB of JSON: {"a":"…"} is 8 bytes plus the text.
    const fits = { a: 'x'.repeat(8192 - 8) };
    expect(clientLogEntrySchema.safeParse({ level: 'info', message: 'm', context: fits }).success).toBe(true);
    const tooLarge = { a: 'x'.repeat(8192 - 7) };
    expect(clientLogEntrySchema.safeParse({ level: 'info', message: 'm', context: tooLarge }).success).toBe(
      false,
    );
  });

  it('counts bytes, not characters', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
