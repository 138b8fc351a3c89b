import { arrivalThresholds, Budget, generatorThresholds, type Threshold } from './budgets.js';
import { withSampleGates } from './sample-gates.js';

// A script's whole set of thresholds, what its run's verdict (and exit code) is judged on: its own,
// the ones its kind shares, and the count gate of every gated trend and rate. Streaming scripts carry
// the pacing-lag threshold that voids a run whose generator fell behind; open-model scripts fail on
// dropped iterations (load the server never got) and, as the closed-model scripts, gate the share of
// checks that passed (stt-stream's own thresholds have it; the capacity script checks nothing).

export type ScriptKind = 'stream' | 'arrival' | 'closed';

export function runThresholds(
  kind: ScriptKind,
  thresholds: Record<string, Threshold[]>,
): Record<string, Threshold[]> {
  const shared =
    kind === 'stream'
      ? generatorThresholds
      : kind === 'arrival'
        ? arrivalThresholds
        : { checks: [`rate>=${Budget.checksRate}`] };
  return withSampleGates({ ...shared, ...thresholds });
}
