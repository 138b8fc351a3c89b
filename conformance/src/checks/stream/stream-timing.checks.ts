import { couldNotJudge, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { FINALIZE_BUDGET } from './finalize-budget.js';
import { percentile, recorded } from './stream.checks.js';

// The finalize time as a rule: stream.07 reports the run's timing and notes a finalize past the
// SHOULD's budget (NON_STRICT); this one fails a finalize that no reading of "about 5 seconds" allows.

export const streamTimingChecks = [
  define({
    id: 'stream.21.finalize-bound',
    title: `Finalize (empty frame → terminal frame) not past ${FINALIZE_BUDGET.failMs / 1000} s: "about 5 seconds" (median of the run's sessions)`,
    area: 'stream',
    clause: 'Events/Live 5; Limits: finalize time after end-of-audio frame about 5 seconds',
    spec: 'Finalizing takes about 5 seconds. (Limits: finalize time after end-of-audio frame | about 5 seconds | live speech-to-text)',
    level: 'MUST',
    async run(ctx) {
      // A session closed without its terminal frame more than the bound after the empty frame did
      // not finalize within it either: its close is a lower bound of its finalize time.
      const finalize = (await recorded(ctx)).flatMap((s) => {
        if (s.emptyFrameMs === undefined) return [];
        if (s.finishedMs !== undefined) return [s.finishedMs - s.emptyFrameMs];
        const closed = (s.closedMs ?? 0) - s.emptyFrameMs;
        return closed > FINALIZE_BUDGET.failMs ? [closed] : [];
      });
      // Otherwise a session with no terminal frame is stream.02's and 06's failure, not a time.
      if (finalize.length === 0) couldNotJudge('no session reached its terminal frame: no finalize time');
      // The median, so one session slowed by a loaded machine does not decide.
      const median = percentile(finalize, 50);
      ctx.metrics.finalize_median_ms = median;
      verify(
        median <= FINALIZE_BUDGET.failMs,
        'TIMING',
        `empty frame → terminal frame takes ${median} ms (median of ${finalize.length} sessions: ${finalize.join(', ')} ms); "about ${FINALIZE_BUDGET.aboutMs / 1000} seconds" allows at most ${FINALIZE_BUDGET.failMs} ms`,
        at('sessions', 'finalize_median_ms', `at most ${FINALIZE_BUDGET.failMs}`, median),
      );
      return `finalize median ${median} ms over ${finalize.length} sessions`;
    },
  }),
];
