/** USD and CAD, the portal's currencies, both count in cents. */
const MINOR_PER_MAJOR = 100;

/** A typed decimal amount in minor units; rounding absorbs the float of the input (12.3 * 100). */
export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Minor units as the decimal number an amount field shows (1234 -> 12.34). */
export function toMajorUnits(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}
