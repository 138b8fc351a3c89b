import type { StreamServerFrame } from '@parley/schemas/types';
import { Limits } from '../core/contracts.js';
import { activeFaults } from './faults.catalog.js';
import { hintItems } from './faults.lenience.js';

// The live-stream edge of fault injection: wraps one session's send/close so a fault can drop,
// reorder or alter frames and close codes. With no fault on, the session's own functions are used.

type Kind = 'control' | 'interim' | 'final';

export interface FaultableStreamIo {
  send(frame: StreamServerFrame, kind: Kind): void;
  close(code: number, reason: string): void;
}

/** The close code for an authentication failure, as the active faults would have it. */
export function faultyAuthCloseCode(code: number): number {
  return activeFaults.has('stream-auth-close-code') ? 1011 : code;
}

/** A session whose query holds more than three language hints (or reduce_noise) fails, or keeps the last three. */
export function faultyStreamQuery(query: URLSearchParams): URLSearchParams {
  if (
    activeFaults.has('stream-fourth-hint-refused') &&
    hintItems(query.getAll('language_hints')).length > Limits.languageHintsKept
  )
    throw new Error('a fourth language hint');
  if (activeFaults.has('stream-reduce-noise-refused') && query.has('reduce_noise'))
    throw new Error('reduce_noise');
  if (!activeFaults.has('stream-hints-keep-last') || !query.has('language_hints')) return query;
  // The last three hints kept instead of the first three.
  const kept = new URLSearchParams(query);
  kept.set(
    'language_hints',
    hintItems(query.getAll('language_hints')).slice(-Limits.languageHintsKept).join(','),
  );
  return kept;
}

/**
 * stream-keywords-refused: a config frame whose keywords pass 2,000 characters is made invalid.
 * stream-encoding-default-opus: a config frame without `encoding` is read as Opus, not pcm16.
 */
export function faultyConfigFrame(text: string): string {
  const keywords = activeFaults.has('stream-keywords-refused');
  const opus = activeFaults.has('stream-encoding-default-opus');
  if (!keywords && !opus) return text;
  try {
    const config = JSON.parse(text) as Record<string, unknown>;
    if (opus && config.encoding === undefined) return JSON.stringify({ ...config, encoding: 'opus' });
    if (!keywords || hintItems(config.context_keywords).join('').length <= Limits.contextKeywordsChars)
      return text;
    return JSON.stringify({ ...config, context_keywords: 2000 });
  } catch {
    return text;
  }
}

export function faultyStreamIo<T extends FaultableStreamIo>(io: T): T {
  if (!activeFaults.any()) return io;
  const on = activeFaults.has;
  let heldFinal: StreamServerFrame | undefined;
  let finishedSent = false;
  const send = (frame: StreamServerFrame, kind: Kind) => io.send(frame, kind);
  return {
    ...io,
    send(frame: StreamServerFrame, kind: Kind) {
      const record = frame as unknown as Record<string, unknown>;
      if ('connected' in record && on('stream-connected-missing')) return;
      if ('finished' in record) {
        if (on('stream-finished-missing') || finishedSent) return;
        // stream-dropped-final: the final held back is the session's last one; it is never sent.
        heldFinal = undefined;
        send(frame, kind);
        return;
      }
      const chunk = record.chunk as Record<string, unknown> | undefined;
      if (!chunk) return send(frame, kind);
      const copy = { ...chunk };
      if (kind === 'interim' && on('stream-non-cumulative')) {
        copy.text = String(copy.text).trim().split(/\s+/).pop() ?? '';
      }
      if (kind === 'final' && on('stream-final-id-changed')) copy.id = `${String(copy.id)}-f`;
      // The server's own session ids (the config sent none) start sess_: not generated after all.
      if (on('stream-session-id-empty') && String(copy.session_id).startsWith('sess_')) copy.session_id = '';
      if (on('stream-speaker-always') && copy.speaker === undefined) copy.speaker = '0';
      if (kind === 'final' && on('stream-finished-early') && !finishedSent) {
        finishedSent = true;
        send({ finished: true } as StreamServerFrame, 'control');
      }
      if (kind === 'final' && on('stream-dropped-final')) {
        if (heldFinal) send(heldFinal, 'final');
        heldFinal = { chunk: copy } as StreamServerFrame;
        return;
      }
      send({ chunk: copy } as StreamServerFrame, kind);
    },
    close(code: number, reason: string) {
      io.close(code === 1000 && on('stream-end-close-code') ? 1011 : code, reason);
    },
  };
}
