// An open-model loop: `rate` arrivals a second whatever the server's latency (a slow server cannot
// slow the load down), each started without waiting for the ones before it, until `stopAt`. An
// arrival that would pass `maxInFlight` is dropped and counted: load the server never got. Resolves
// once every arrival started has ended.

export interface ArrivalLoop {
  rate: number;
  stopAt: number;
  maxInFlight: number;
  arrive(n: number): Promise<void>;
  onDropped(): void;
}

export async function runArrivals(loop: ArrivalLoop): Promise<void> {
  const start = performance.now();
  const running = new Set<Promise<void>>();
  for (let n = 0; ; n++) {
    const due = start + (n * 1000) / loop.rate;
    if (due >= loop.stopAt) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
    if (running.size >= loop.maxInFlight) {
      loop.onDropped();
      continue;
    }
    const arrival = loop.arrive(n).finally(() => running.delete(arrival));
    running.add(arrival);
  }
  await Promise.all(running);
}

/** Runs `work` again and again until `stopAt` (a closed-model client), pausing `pauseMs` between runs. */
export async function repeatUntil(stopAt: number, pauseMs: number, work: () => Promise<void>): Promise<void> {
  while (performance.now() < stopAt) {
    await work();
    const pause = Math.min(pauseMs, stopAt - performance.now());
    if (pause > 0) await new Promise((wake) => setTimeout(wake, pause));
  }
}
