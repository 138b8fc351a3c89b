import { StreamClose } from '@parley/schemas/constants';
import { deviate, verify } from '../../check.js';
import { at, pick, pickString } from '../../json-path.js';
import type { Frame, SessionRecording } from '../../live-session.js';
import { schemaProblems } from '../../schema-check.js';

// One recorded live session judged as the spec's sequence (stream.02 JSON, stream.06 protobuf):
// {connected} first, results, finals before the terminal frame, nothing after it, every chunk
// carrying the config's session_id, every frame of the frame schema, a normal close. Every
// deviation of the session is reported.

/**
 * A result chunk the deployment sent, read field by field (the frame schema judges its shape): a
 * field that is missing or not of its type is undefined, `is_final` is true only when it is true.
 */
export type Chunk = { id: string | undefined; text: string | undefined; is_final: boolean };

/** The frame's chunk, or undefined when it carries none (no object at `chunk`). */
export function chunkOf(frame: Frame): Chunk | undefined {
  const chunk = pick(frame.data, 'chunk');
  if (chunk === null || typeof chunk !== 'object') return undefined;
  return {
    id: pickString(chunk, 'id'),
    text: pickString(chunk, 'text'),
    is_final: pick(chunk, 'is_final') === true,
  };
}

/** How far a session's finals may be from the known text of its audio (recognisers differ). */
export const FINALS_MAX_WER = 0.6;

export const chunks = (s: SessionRecording): Chunk[] =>
  s.frames.map(chunkOf).filter((c): c is Chunk => c !== undefined);

export function judgeSequence(s: SessionRecording, label = `${s.format} session`): void {
  for (const problem of s.problems) deviate('SEQUENCE', `${label}: ${problem}`, at(label, 'frames'));
  const first = s.frames[0]?.data;
  verify(
    first?.connected === true,
    'SEQUENCE',
    `${label}: first frame is ${JSON.stringify(first)}, expected {connected:true}`,
    at(label, 'frames[0]', { connected: true }, first),
  );
  const finishedAt = s.frames.findIndex((f) => f.data.finished === true);
  const terminal = s.format === 'protobuf' ? 'disconnect_reason=SESSION_ENDED' : '{finished:true}';
  if (
    verify(
      finishedAt >= 0,
      'MISSING_ITEM',
      `${label}: no {finished:true}${s.format === 'protobuf' ? ' (disconnect_reason=SESSION_ENDED)' : ''}; closed ${s.closeCode} "${s.closeReason}"`,
      at(label, 'frames', terminal),
    )
  )
    verify(
      finishedAt === s.frames.length - 1,
      'UNEXPECTED_ITEM',
      `${label}: frames after {finished:true}`,
      at(label, 'frames', `nothing after ${terminal}`, s.frames.length - 1 - finishedAt),
    );
  const finals = chunks(s).filter((c) => c.is_final);
  verify(
    finals.length > 0,
    'MISSING_ITEM',
    `${label}: no final result`,
    at(label, 'frames[*].chunk', 'a final'),
  );
  const lastFinalAt = s.frames.findLastIndex((f) => chunkOf(f)?.is_final === true);
  if (finishedAt >= 0)
    verify(
      lastFinalAt < finishedAt,
      'SEQUENCE',
      `${label}: {finished:true} came before the last final`,
      at(label, `frames[${finishedAt}]`, 'after the last final'),
    );
  for (const [i, frame] of s.frames.entries()) {
    if (chunkOf(frame)) {
      const sessionId = pick(frame.data, 'chunk.session_id');
      verify(
        sessionId === s.sessionId,
        'VALUE',
        `${label}: a chunk carries session_id ${JSON.stringify(sessionId)}, not the config's "${s.sessionId}"`,
        at(label, `frames[${i}].chunk.session_id`, s.sessionId, sessionId),
      );
    }
    for (const p of schemaProblems('stream-server-frame', frame.data, label))
      deviate(
        p.code,
        `${label}: frame ${JSON.stringify(frame.data)} breaks the frame schema: ${p.message}`,
        at(label, `frames[${i}]${p.at.path.slice(label.length + 2)}`, p.at.expected, p.at.actual),
      );
  }
  verify(
    s.closeCode === StreamClose.normal || s.closeCode === 1005,
    'CLOSE_CODE',
    `${label}: closed with ${s.closeCode} "${s.closeReason}", expected a normal close (1000)`,
    at(label, 'close', StreamClose.normal, s.closeCode),
  );
}
