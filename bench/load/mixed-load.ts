import { Agent, request } from 'node:http';
import type { MixedCall } from './mixed-calls.js';

/** What one phase measured: every call's time in ms (also by kind), and the calls that did not answer 2xx. */
export interface PhaseResult {
  times: number[];
  timesByKind: Map<MixedCall['kind'], number[]>;
  requestsPerSecond: number;
  failures: Map<string, number>;
}

/** One call on the agent's keep-alive sockets: its time, or the reason it failed. */
function send(
  origin: string,
  agent: Agent,
  authorization: string,
  call: MixedCall,
): Promise<{ ms: number; status: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${origin}${call.path}`,
      {
        method: call.method,
        agent,
        headers: {
          authorization,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: response.statusCode ?? 0,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}

/**
 * `clients` loops, each sending its next call of the mix as soon as the last one answered, for
 * `seconds`; each client keeps its own connection, as 80 browsers would.
 */
export async function mixedLoad(
  origin: string,
  authorization: string,
  nextCall: () => MixedCall,
  { clients, seconds }: { clients: number; seconds: number },
): Promise<PhaseResult> {
  const times: number[] = [];
  const timesByKind = new Map<MixedCall['kind'], number[]>();
  const failures = new Map<string, number>();
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const started = process.hrtime.bigint();
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (process.hrtime.bigint() < deadline) {
        const call = nextCall();
        const { ms, status } = await send(origin, agent, authorization, call);
        times.push(ms);
        const ofKind = timesByKind.get(call.kind) ?? [];
        ofKind.push(ms);
        timesByKind.set(call.kind, ofKind);
        if (status < 200 || status > 299) {
          const reason = `${call.kind} ${String(status)}`;
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { times, timesByKind, requestsPerSecond: times.length / elapsed, failures };
}
