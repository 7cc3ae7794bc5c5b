/**
 * "Now" for the demo data. By default it is fixed, so that the same seed gives the same rows whenever it
 * runs (the tests rely on it). `npm start` sets DEMO_REFERENCE_DATE to noon (UTC) of the day before, so a
 * demo shows a year of history up to yesterday and presets such as "last 7 days" have rows. Dates that must
 * stay in the future (scheduled enrollments) lie years after it either way.
 */
const FIXED_REFERENCE_DATE = '2026-11-01T12:00:00.000Z';

function referenceDateOf(value: string | undefined): string {
  if (value === undefined || value === '') return FIXED_REFERENCE_DATE;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`DEMO_REFERENCE_DATE: "${value}" is not an ISO date and time`);
  return new Date(ms).toISOString();
}

// Read once at load: every part of one seed must share the same "now".
export const REFERENCE_DATE = referenceDateOf(process.env.DEMO_REFERENCE_DATE);
