// k6's WebSocket close event carries no code (xk6-websockets builds every event with only `type`,
// `target` and `timestamp`). An abnormal close reaches the script as an error event whose text is
// gorilla/websocket's CloseError: "websocket: close 1008 (policy violation): Invalid API key". A
// normal close (1000, 1001) raises no error at all.

export const NORMAL_CLOSE = 1000;
/** No close frame was received (RFC 6455 7.4.1): the connection dropped or the handshake failed. */
export const ABNORMAL_CLOSE = 1006;

export function closeCodeFromError(text: unknown): number | undefined {
  const match = /\bclose (\d{4})\b/.exec(String(text ?? ''));
  return match ? Number(match[1]) : undefined;
}
