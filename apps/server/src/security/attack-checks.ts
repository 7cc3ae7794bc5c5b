import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

/** The API's error shape and nothing else: a refusal carries no data, only its code and parameters. */
const strictErrorBody = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string(),
    details: z
      .array(
        z.strictObject({
          path: z.string(),
          message: z.string(),
          reason: z.string().optional(),
          params: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
    reason: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** What is wrong with a refusal's body, or undefined: the error shape only, no text of `markers`. */
export function errorShapeProblem(
  response: LightMyRequestResponse,
  markers: readonly string[] = [],
  requestUrl = '',
): string | undefined {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 120)}`;
  }
  if (!strictErrorBody.safeParse(body).success) return `not the error shape: ${response.body.slice(0, 200)}`;
  // A 404's message names the path it was asked for; that is the caller's own text, not a leak.
  const leaked = markers.find((marker) => response.body.includes(marker) && !requestUrl.includes(marker));
  return leaked === undefined ? undefined : `leaks "${leaked}"`;
}

/** A new client address per request, so that per-address rate limits never hide what a route does. */
export function addressGenerator(): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
  };
}

/** Counts what a suite sent and found, printed as one line per suite and dialect. */
export class Tally {
  requests = 0;
  readonly problems: string[] = [];
  readonly byKind: Map<string, number>;

  /** `kinds`: what the line always counts, also when none was found. */
  constructor(kinds: readonly string[]) {
    this.byKind = new Map(kinds.map((kind) => [kind, 0]));
  }

  count(kind?: string): void {
    this.requests += 1;
    if (kind !== undefined) this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  }

  line(name: string): string {
    const kinds = [...this.byKind]
      .map(([kind, count]) => `, ${count.toLocaleString('en-US')} ${kind}`)
      .join('');
    return `${name}: ${this.requests.toLocaleString('en-US')} requests${kinds}, ${this.problems.length.toLocaleString('en-US')} unexpected`;
  }
}
