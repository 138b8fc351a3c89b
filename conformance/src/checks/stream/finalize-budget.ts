// "Finalizing takes about 5 seconds" (Events/Live 5; Limits: finalize time after end-of-audio frame):
// the tolerance the kit grants that "about", from the empty frame to the terminal frame. Past
// `nonStrictMs` (half as much again, for a loaded network) is a SHOULD missed (stream.07, NON_STRICT);
// past `failMs` (two and a half times the figure) no reading of "about 5 seconds" holds (stream.21, FAIL).
export const FINALIZE_BUDGET = { aboutMs: 5_000, nonStrictMs: 7_500, failMs: 12_500 } as const;
