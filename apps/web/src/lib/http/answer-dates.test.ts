import { describe, expect, it } from 'vitest';
import { answerDateTime } from './answer-dates';

describe('answerDateTime', () => {
  it.each([
    ['2024-03-15T10:20:30Z', '2024-03-15T10:20:30.000Z'],
    ['2024-03-15T10:20:30.123Z', '2024-03-15T10:20:30.123Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2024-03-15T10:20:30+05:30', '2024-03-15T04:50:30.000Z'],
    ['2024-03-15T23:59:59.999-04:00', '2024-03-16T03:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(answerDateTime.parse(text).toISOString()).toBe(iso);
  });

  it.each([
    '2024-02-30T10:20:30Z',
    '2023-02-29T10:20:30Z',
    '2024-13-01T10:20:30Z',
    '2024-03-15T24:00:00Z',
    '2024-03-15T10:60:00Z',
    // No zone: which instant it means would depend on the browser.
    '2024-03-15T10:20:30',
    '2024-03-15',
    'ORDER-2024-03-15',
    '',
  ])('refuses %j', (text) => {
    expect(answerDateTime.safeParse(text).success).toBe(false);
  });
});
