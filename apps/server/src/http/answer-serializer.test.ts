import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateTime } from '@portal/contracts/date-time';
import { answerSerializerCompiler } from './answer-serializer.js';

const answerSchema = z.object({
  data: z.object({
    id: z.string(),
    status: z.enum(['OPEN', 'CLOSED']),
    note: z.string().nullable(),
    createdAt: dateTime,
    lines: z.array(z.object({ amount: z.number().int(), at: dateTime })),
  }),
});

const answer = {
  data: {
    id: 'a"b\\c',
    status: 'OPEN',
    note: null,
    createdAt: new Date('2026-03-08T07:05:09.120Z'),
    lines: [{ amount: -5, at: new Date('2026-01-01T00:00:00.000Z') }],
  },
};

function writerFor(checked: boolean) {
  return answerSerializerCompiler({ checked })({
    schema: answerSchema,
    method: 'GET',
    url: '/api/things/:id',
    httpStatus: '200',
  });
}

describe('the answer serializer', () => {
  it('writes the bytes that zod encodes, dates as ISO text', () => {
    expect(writerFor(false)(answer)).toBe(JSON.stringify(z.encode(answerSchema, answer as never)));
  });

  it('leaves out a field the schema does not declare', () => {
    const leaky = { data: { ...answer.data, passwordHash: 'secret' }, debug: true };
    const written = writerFor(false)(leaky);
    expect(written).not.toContain('passwordHash');
    expect(written).not.toContain('debug');
    expect(written).toBe(writerFor(false)(answer));
  });

  it('refuses, checked, an answer that breaks its schema', () => {
    const broken = { data: { ...answer.data, status: 'LOST' } };
    expect(() => writerFor(true)(broken)).toThrow();
    expect(writerFor(true)(answer)).toBe(writerFor(false)(answer));
  });
});
