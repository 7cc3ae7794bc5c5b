/** Feature-flag failures are logged for developers and never shown to the user (specification §8). */
export function logFeatureFlagFailure(what: string, error: unknown): void {
  console.error(`Feature flags: ${what}`, error);
}
