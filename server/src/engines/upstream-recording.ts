// One recorded answer of a real upstream server, as the adapters' contract tests replay it
// (`*.recordings.ts` beside each adapter say which server's source each shape comes from).

export interface RecordedAnswer {
  server: string;
  status: number;
  body: unknown;
}

/** An error answer with the message the 502 (or the failed target) must carry. */
export type RecordedError = RecordedAnswer & { message: string };
