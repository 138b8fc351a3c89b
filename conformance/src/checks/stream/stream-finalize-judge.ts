import { deviate, verify } from '../../check.js';
import { at } from '../../json-path.js';
import type { SessionRecording } from '../../live-session.js';
import { wordCount, wordErrorRate } from '../../wer.js';
import { type Chunk, chunkOf, chunks, FINALS_MAX_WER, judgeSequence } from './stream-sequence.js';

// One finalize session judged: the audio ended inside an utterance (or right at its end), so when
// the empty frame went out something was pending. The spec's order after it: that utterance's
// final, then the terminal frame, then the close. What was pending is read from the deployment's
// own frames: an utterance with interims and no final yet, or, when no final came before the empty
// frame at all, the audio's speech. A deployment that had finalized everything before the empty
// frame (and sent no interim of a later utterance) leaves nothing to judge: the session says so.

export type Pending =
  /** Utterances whose interims came before the empty frame, their finals not. */
  | { kind: 'utterances'; ids: string[] }
  /** No result at all before the empty frame: the whole speech was pending. */
  | { kind: 'speech' }
  /** Every utterance heard was final before the empty frame. */
  | { kind: 'nothing'; finals: number };

/** What the deployment had not finalized when the empty frame was sent. */
export function pendingAtEmptyFrame(s: SessionRecording): Pending | undefined {
  if (s.framesBeforeEmpty === undefined) return undefined;
  const before = s.frames
    .slice(0, s.framesBeforeEmpty)
    .map(chunkOf)
    .filter((c): c is Chunk => c !== undefined);
  const finals = new Set(before.filter((c) => c.is_final).map((c) => c.id));
  const open = [...new Set(before.filter((c) => !c.is_final && !finals.has(c.id)).map((c) => String(c.id)))];
  if (open.length > 0) return { kind: 'utterances', ids: open };
  return finals.size === 0 ? { kind: 'speech' } : { kind: 'nothing', finals: finals.size };
}

/**
 * Judges one session (every deviation reported); says whether something was pending, i.e. whether
 * the session could judge finalizing at all.
 */
export function judgeFinalize(s: SessionRecording, label: string): boolean {
  judgeSequence(s, label);
  const pending = pendingAtEmptyFrame(s);
  if (!pending) {
    deviate(
      'SEQUENCE',
      `${label}: the session ended before the empty frame was sent`,
      at(label, 'frames', 'the empty frame sent after the audio'),
    );
    return false;
  }
  if (pending.kind === 'nothing') return false;
  const from = s.framesBeforeEmpty ?? 0;
  const finishedAt = s.frames.findIndex((f) => f.data.finished === true);
  const finalsAfter = s.frames
    .map((frame, i) => ({ i, chunk: chunkOf(frame) }))
    .filter(({ i, chunk }) => i >= from && chunk?.is_final === true);
  const required =
    pending.kind === 'utterances'
      ? pending.ids.map((id) => ({
          what: `the final of ${id}`,
          hit: finalsAfter.find((f) => f.chunk?.id === id),
        }))
      : [
          {
            what: 'a final with words',
            hit: finalsAfter.find((f) => wordCount(f.chunk?.text ?? '') > 0),
          },
        ];
  for (const { what, hit } of required) {
    if (
      !verify(
        hit,
        'MISSING_ITEM',
        `${label}: ${what} never came after the empty frame (${pending.kind === 'utterances' ? 'its interims came before it' : 'no final came before it, the audio ended in speech'}); closed ${s.closeCode} "${s.closeReason}"`,
        at(label, 'frames', `${what} after the empty frame`),
      )
    )
      continue;
    verify(
      finishedAt === -1 || (hit?.i ?? 0) < finishedAt,
      'SEQUENCE',
      `${label}: ${what} came after the terminal frame, not before it`,
      at(label, `frames[${hit?.i}]`, 'before the terminal frame', `after frames[${finishedAt}]`),
    );
  }
  return true;
}

/** A session whose audio keeps its whole sentence: its finals hold that sentence's words. */
export function judgeWords(s: SessionRecording, text: string, label: string): void {
  const finals = chunks(s)
    .filter((c) => c.is_final)
    .map((c) => c.text ?? '')
    .join(' ');
  const wer = wordErrorRate(text, finals);
  verify(
    wer <= FINALS_MAX_WER,
    'ACCURACY',
    `${label}: finals "${finals}" miss most of "${text}" (WER ${wer.toFixed(2)})`,
    at(label, 'chunks[*].text', `WER at most ${FINALS_MAX_WER}`, Number(wer.toFixed(2))),
  );
}
