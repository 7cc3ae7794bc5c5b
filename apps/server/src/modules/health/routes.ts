import { livenessEndpoint, readinessEndpoint } from '@portal/contracts/health-endpoints';
import { AppError } from '../../http/app-error.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';

// A load balancer's probe must get an answer even when the database hangs instead of refusing.
const READY_TIMEOUT_MS = 3_000;

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
  route(app, livenessEndpoint, () => ({ status: 'ok' as const }));

  route(app, readinessEndpoint, async () => {
    try {
      // Each probe asks the database afresh, so readiness comes back by itself with the database.
      await withinTimeout(database.ping(), READY_TIMEOUT_MS);
    } catch (error) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable', { cause: error });
    }
    return { status: 'ok' as const };
  });

  done();
};
