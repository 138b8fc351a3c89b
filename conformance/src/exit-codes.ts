// The command's exit codes: their one definition (the code uses the names, the README's table is
// checked against the meanings by a test).

export const EXIT = {
  CONFORMS: {
    code: 0,
    means: 'conforms: no MUST failed (NON_STRICT, FLAKY and baselined results do not fail the run)',
  },
  FAILED: {
    code: 1,
    means:
      'does not conform: a MUST failed, a baseline entry expired, or less of the spec was judged than --min-coverage asks',
  },
  NOT_JUDGED: {
    code: 2,
    means:
      'could not judge: bad arguments or baseline file, the deployment unreachable or the key refused (preflight), or no check reached a verdict',
  },
  INTERRUPTED: { code: 130, means: "interrupted (Ctrl-C): the run's data deleted first" },
  TERMINATED: { code: 143, means: "terminated (SIGTERM): the run's data deleted first" },
} as const;

/** The codes a finished run resolves with (the signals' codes end the process instead). */
export type RunExitCode = (typeof EXIT)['CONFORMS' | 'FAILED' | 'NOT_JUDGED']['code'];
