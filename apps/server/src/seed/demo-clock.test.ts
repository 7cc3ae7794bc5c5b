import { afterEach, describe, expect, it, vi } from 'vitest';

async function referenceDateWith(value: string | undefined): Promise<string> {
  vi.resetModules();
  if (value === undefined) vi.stubEnv('DEMO_REFERENCE_DATE', undefined);
  else vi.stubEnv('DEMO_REFERENCE_DATE', value);
  return (await import('./demo-clock.js')).REFERENCE_DATE;
}

describe("the demo data's now", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is fixed when DEMO_REFERENCE_DATE is not set, so that every seed gives the same rows', async () => {
    expect(await referenceDateWith(undefined)).toBe('2026-11-01T12:00:00.000Z');
    expect(await referenceDateWith('')).toBe('2026-11-01T12:00:00.000Z');
  });

  it('is DEMO_REFERENCE_DATE when set, as an ISO instant', async () => {
    expect(await referenceDateWith('2027-03-14T12:00:00Z')).toBe('2027-03-14T12:00:00.000Z');
  });

  it('refuses a value that is not a date, naming the variable', async () => {
    await expect(referenceDateWith('yesterday')).rejects.toThrow(/DEMO_REFERENCE_DATE/);
  });
});
