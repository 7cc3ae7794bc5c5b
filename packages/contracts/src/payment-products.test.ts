import { describe, expect, it } from 'vitest';
import { enrollmentCreateSchema, enrollmentStatus } from './payment-products.js';

const NOW = new Date('2026-11-01T12:00:00.000Z');

describe('enrollmentStatus', () => {
  it('is SCHEDULED before the start, ACTIVE from it, LAPSED from the end on', () => {
    expect(enrollmentStatus('2026-11-02T00:00:00.000Z', null, NOW)).toBe('SCHEDULED');
    expect(enrollmentStatus('2026-11-01T12:00:00.000Z', null, NOW)).toBe('ACTIVE');
    expect(enrollmentStatus('2026-01-01T00:00:00.000Z', '2026-11-01T12:00:00.001Z', NOW)).toBe('ACTIVE');
    expect(enrollmentStatus('2026-01-01T00:00:00.000Z', '2026-11-01T12:00:00.000Z', NOW)).toBe('LAPSED');
  });
});

describe('enrollmentCreateSchema', () => {
  const base = { programID: 'p', paymentProductID: 'pp' };

  it('needs the end after the start', () => {
    const result = enrollmentCreateSchema.safeParse({
      ...base,
      effectiveFrom: '2026-11-02',
      effectiveTo: '2026-11-01T00:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['effectiveTo']);
  });

  it('accepts plain dates, offsets and an open end', () => {
    expect(
      enrollmentCreateSchema.safeParse({
        ...base,
        effectiveFrom: '2026-11-01',
        effectiveTo: '2026-12-01T00:00:00+01:00',
      }).success,
    ).toBe(true);
    expect(enrollmentCreateSchema.safeParse({ ...base, effectiveTo: null }).success).toBe(true);
  });
});
