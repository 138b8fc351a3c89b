/** true when `work` settled in time (rethrowing its error), false when `ms` passed first. */
export async function withDeadline(work: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([(work ?? Promise.resolve()).then(() => true as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
