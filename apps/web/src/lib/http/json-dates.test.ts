import { describe, expect, it } from 'vitest';
import { formatWireDate } from './json-dates';

describe('formatWireDate', () => {
  it('sends a midnight-UTC date as a plain date and any other as ISO text', () => {
    expect(formatWireDate(new Date('2024-03-15T00:00:00Z'))).toBe('2024-03-15');
    expect(formatWireDate(new Date('2024-03-15T00:00:00.001Z'))).toBe('2024-03-15T00:00:00.001Z');
    expect(formatWireDate(new Date('2024-03-15T00:00:00+01:00'))).toBe('2024-03-14T23:00:00.000Z');
  });
});
