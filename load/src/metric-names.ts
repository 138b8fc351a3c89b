// Every custom metric the scripts emit: one home for the names thresholds, summaries, the probe and
// the README refer to. Times are milliseconds.

export const M = {
  /** Socket created → {connected}. */
  connected: 'parley_stream_connected_ms',
  /** First audio frame sent → first result (interim or final). */
  firstInterim: 'parley_stream_first_interim_ms',
  /** Audio sent minus audio covered by the latest final, per final. */
  transcriptLag: 'parley_stream_transcript_lag_ms',
  /** Empty frame → the last final after it. */
  endToFinal: 'parley_stream_end_to_final_ms',
  /** Empty frame → {finished}. */
  endToFinished: 'parley_stream_end_to_finished_ms',
  /** Share of sessions that reached {finished}. */
  finished: 'parley_stream_finished',
  /** Sessions whose last utterance got interims but no final. */
  lostFinals: 'parley_stream_lost_finals',
  /** Sessions by close code (tag `code`). */
  closed: 'parley_stream_closed',
  /** Sessions that ended with an error frame or a client deadline (tag `error`). */
  streamErrors: 'parley_stream_errors',
  /** The load generator's own lateness sending a due frame: high means k6 fell behind, not the server. */
  pacingLag: 'parley_pacing_lag_ms',
  /** Request → response of the request/response speech routes. */
  fileStt: 'parley_file_stt_ms',
  tts: 'parley_tts_ms',
  denoise: 'parley_denoise_ms',
  /** Share of request/response calls that answered as the spec says (status and body). */
  speechOk: 'parley_speech_ok',
  /** REST mix: share of calls that answered as the spec says. */
  restOk: 'parley_rest_ok',
  /** Meetings of this run left behind after cleanup. */
  restLeftovers: 'parley_rest_leftovers',
  /** Partner: trigger poll latency, items new since the last poll, items that break the trigger rules. */
  partnerPoll: 'parley_partner_poll_ms',
  partnerNewItems: 'parley_partner_new_items',
  partnerBadItems: 'parley_partner_bad_items',
  partnerDocument: 'parley_partner_document_ms',
} as const;
