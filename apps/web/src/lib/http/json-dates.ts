/**
 * Dates sent in a query (specification §3): ISO text, and a midnight-UTC date as a plain `YYYY-MM-DD`.
 * Answers are not searched for dates: their schemas name the date fields (`dateTime` of the contracts).
 */

function isMidnightUtc(date: Date): boolean {
  return (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

/** ISO text of a date; a midnight-UTC date as a plain `YYYY-MM-DD`. */
export function formatWireDate(date: Date): string {
  const iso = date.toISOString();
  return isMidnightUtc(date) ? iso.slice(0, 10) : iso;
}
