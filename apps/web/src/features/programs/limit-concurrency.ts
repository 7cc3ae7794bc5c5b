/** Runs at most `limit` of the given tasks at once; the others wait their turn in order. */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
      });
    }
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
