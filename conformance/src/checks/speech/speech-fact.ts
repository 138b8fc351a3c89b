import { factBuilders } from '../../facts/fact-builders.js';

// A speech fact in one call: judged by checks, or not, and why.

export const { judged, unjudged } = factBuilders('speech');

/** Why a 500 row of the error table cannot be judged. */
export const NO_FAILURE =
  'needs a failure of the upstream speech provider or of storage, which no client request can cause';
