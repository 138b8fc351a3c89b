import { CLOSE_KINDS, type CloseKind } from './close-code.js';
import { ERROR_KINDS, type ErrorKind } from './stream-session.js';

// Every custom metric the scripts emit: one home for the names thresholds, summaries, the probe and
// the README refer to. Times are milliseconds. How each is measured: load/README.md "Metrics".

export const M = {
  /** Socket open and config sent → {connected}; the handshake before it is k6's ws_connecting. */
  connected: 'parley_stream_connected_ms',
  /** Per turn: the frame holding the turn's first audio sent → the turn's first result. */
  firstInterim: 'parley_stream_first_interim_ms',
  /** Per turn: the frame holding the turn's last audio sent → the turn's final (end of speech → final). */
  turnFinal: 'parley_stream_turn_final_ms',
  /** Empty frame → the last final after it. */
  endToFinal: 'parley_stream_end_to_final_ms',
  /** Empty frame → {finished}. */
  endToFinished: 'parley_stream_end_to_finished_ms',
  /** Per session: word error rate of its finals against the fixture's text (a fraction, 0 = exact). */
  wer: 'parley_stream_wer',
  /** Share of sessions that reached {finished}. */
  finished: 'parley_stream_finished',
  /** Sessions whose last utterance got interims but no final. */
  lostFinals: 'parley_stream_lost_finals',
  /** Per audio frame: how late the load generator sent it. High means k6 fell behind, not the server. */
  pacingLag: 'parley_pacing_lag_ms',
  /** Capacity: sessions run per level (tag `level`), and sessions that broke a level's rule. */
  capacitySessions: 'parley_capacity_sessions',
  capacityNotHeld: 'parley_capacity_not_held',
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
  /**
   * Samples each gated trend or rate got (tag `metric`, plus the gate's own tags): k6 passes a trend
   * or rate threshold on no samples at all, so every such gate has a count gate here beside it.
   */
  samples: 'parley_samples',
} as const;

/** The custom trends: k6 passes their thresholds when they hold no sample (every statistic reads 0). */
export const TRENDS: readonly string[] = [
  M.connected,
  M.firstInterim,
  M.turnFinal,
  M.endToFinal,
  M.endToFinished,
  M.wer,
  M.pacingLag,
  M.fileStt,
  M.tts,
  M.denoise,
  M.partnerPoll,
  M.partnerDocument,
];
/** The custom rates and k6's `checks`: k6 passes a rate threshold on no samples, whatever it asks. */
export const RATES: readonly string[] = [M.finished, M.speechOk, M.restOk, 'checks'];

/** Sessions by how the socket closed (tag `code` carries the number): one counter per kind. */
export const closeMetric = (kind: CloseKind) => `parley_stream_close_${kind}`;
/** Sessions by why they did not end as the spec says: one counter per kind. */
export const errorMetric = (kind: ErrorKind) => `parley_stream_error_${kind}`;
export const CLOSE_METRICS = CLOSE_KINDS.map(closeMetric);
export const ERROR_METRICS = ERROR_KINDS.map(errorMetric);
