// Close codes of the live stream, and what kind of ending each is. k6 (≥ 1.5) and `ws` both give
// the code on the close event; a close without a close frame has none, which RFC 6455 calls 1006.

export const NORMAL_CLOSE = 1000;
/** No close frame was received (RFC 6455 7.4.1): the connection dropped or the handshake failed. */
export const ABNORMAL_CLOSE = 1006;

/** The kinds sessions are counted by in the summary (one counter each, see metric-names.ts). */
export const CLOSE_KINDS = [
  'normal',
  'going_away',
  'auth',
  'abnormal',
  'client_error',
  'server_error',
  'other',
] as const;
export type CloseKind = (typeof CLOSE_KINDS)[number];

export function closeKind(code: number | undefined): CloseKind {
  if (code === undefined || code === ABNORMAL_CLOSE) return 'abnormal';
  if (code === NORMAL_CLOSE) return 'normal';
  if (code === 1001) return 'going_away';
  if (code === 1008) return 'auth';
  // 1011-1014 and 45xx are the server's trouble; 1002/1003/1007/1009 and 44xx what the client sent.
  if ((code >= 1011 && code <= 1014) || (code >= 4500 && code < 4600)) return 'server_error';
  if ([1002, 1003, 1007, 1009, 1010].includes(code) || (code >= 4400 && code < 4500)) return 'client_error';
  return 'other';
}
