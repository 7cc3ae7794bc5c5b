import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { claimJobRun } from '../db/job-leases.js';
import type { Database } from '../db/schema.js';

/**
 * A run leases the next one for this share of the period, a little less than all of it, so that the
 * timer of the instance that ran last (which may fire a few milliseconds early or late) finds it due.
 */
const LEASE_SHARE = 0.9;

export interface PeriodicJob {
  /** The job's row in `job_leases`. */
  readonly name: string;
  readonly periodMs: number;
  /** Its work; the job makes each of its effects once by itself, the lease only spares the others the work. */
  readonly run: () => Promise<void>;
  /** Logged with the error when a run fails. */
  readonly failure: string;
}

/**
 * Runs `job` from the moment the server listens and then every `periodMs`, on one instance per period
 * across every instance on the database (`job_leases`, migration 0032): each instance's timer asks
 * for the lease, and the one that gets it runs the job. Stops when the app closes. An app that never
 * listens (tests through `inject`) never runs it: tests call the job's work themselves.
 */
export function runPeriodically(app: FastifyInstance, db: Kysely<Database>, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const now = new Date();
      const leaseEnds = new Date(now.getTime() + job.periodMs * LEASE_SHARE);
      if (await claimJobRun(db, job.name, now, leaseEnds)) await job.run();
    } catch (error) {
      app.log.error({ err: error }, job.failure);
    }
  };
  app.addHook('onListen', (done) => {
    void tick();
    timer = setInterval(() => void tick(), job.periodMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
