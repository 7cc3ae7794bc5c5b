/** Business constants of the specification (§9) that more than one part of the system reads. */

/** A new alert replaces the current one this long after the current one is hidden (§4). */
export const ALERT_SWAP_DELAY_MS = 250;

/** The generic error alert stays this long (§8, §9). */
export const ERROR_ALERT_DURATION_MS = 20_000;

/** The other alerts that auto-hide stay this long; §9 calls this value "probably the alert duration". */
export const ALERT_DURATION_MS = 10_000;

/** Participations are fetched page by page, this many per page (§4, §7). */
export const PARTICIPATIONS_PAGE_SIZE = 200;

/** One day in milliseconds: a UTC calendar day, with no daylight-saving change in it. */
export const DAY_MS = 86_400_000;
