import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';

// A load balancer's probe must get an answer even when the database hangs instead of refusing.
const READY_TIMEOUT_MS = 3_000;

const statusSchema = z.object({ status: z.literal('ok') });

async function withinTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers too). */
export const healthRoutes: AppModule = (app, { database }, done) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: statusSchema } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve requests: its database answers',
        response: { 200: statusSchema, ...errorResponses(503) },
      },
    },
    async () => {
      try {
        // Each probe asks the database afresh, so readiness comes back by itself with the database.
        await withinTimeout(database.ping(), READY_TIMEOUT_MS);
      } catch (error) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable', { cause: error });
      }
      return { status: 'ok' as const };
    },
  );

  done();
};
