import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Answer, call } from '../../call.js';
import { couldNotJudge, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { FIXTURES_DIR } from '../../fixture-dir.js';
import { at } from '../../json-path.js';
import { wordCount, wordErrorRate } from '../../wer.js';
import { define } from '../define.js';
import { FINALS_MAX_WER } from '../stream/stream-sequence.js';
import { audioSource } from './speech-inputs.js';

// File STT of the two-speaker conversation fixture (fixtures/audio/manifest.json: its text and its two
// voices), once with enable_diarization left out and once with it true: the default seen by its
// effect, and the result's whole-of-the-audio fields (text, confidence) judged on a many-utterance
// answer. Each call decodes 19.5 s of audio (20 to 25 s of CPU on the reference server): full only.

const CONVERSATION_ID = 'conversation-two-speakers';

interface ManifestFile {
  id: string;
  path: string;
  text: string;
  speakers: number;
}

/** The conversation fixture as the manifest describes it. */
function conversation(): ManifestFile {
  const manifest = JSON.parse(readFileSync(join(FIXTURES_DIR, 'manifest.json'), 'utf8')) as {
    files: ManifestFile[];
  };
  const file = manifest.files.find((f) => f.id === CONVERSATION_ID);
  if (!file) throw new Error(`fixtures/audio/manifest.json has no ${CONVERSATION_ID}`);
  return file;
}

/** One STT answer of the conversation per form of the request, shared by the checks of this file. */
function transcribe(ctx: CheckContext, diarization: 'omitted' | 'true'): Promise<Answer<'stt'>> {
  return ctx.shared(`stt-conversation-${diarization}`, () => {
    const audio_url = audioSource(ctx, conversation().path);
    const what = `stt conversation, enable_diarization ${diarization}`;
    return call(
      ctx,
      'stt',
      diarization === 'omitted' ? { audio_url } : { audio_url, enable_diarization: true },
      { what },
    );
  });
}

const speakers = (answer: Answer<'stt'>) => new Set(answer.utterances.map((u) => u.speaker));

/** How far the result's confidence may sit outside its utterances' (rounding, a weighting by words). */
const AVERAGE_SLACK = 0.05;

export const sttConversationChecks = [
  define({
    id: 'speech.20.stt-diarization-default',
    title:
      'File STT with enable_diarization left out diarizes as with true: a two-speaker conversation is not one speaker',
    area: 'speech',
    clause: 'File speech-to-text: enable_diarization default true',
    spec: 'enable_diarization | boolean | no | default true',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const [omitted, explicit] = await Promise.all([transcribe(ctx, 'omitted'), transcribe(ctx, 'true')]);
      const { speakers: voices } = conversation();
      const told = speakers(explicit).size;
      // The default is seen only where true shows something: a deployment whose diarization cannot
      // tell these voices apart even when asked shows no difference a default could make.
      if (told < 2)
        couldNotJudge(
          `with enable_diarization true the ${voices}-speaker conversation came back as ${told} speaker: the default's effect cannot be seen`,
        );
      // Imperfect diarization may count other speakers; left out read as false finds one only.
      verify(
        speakers(omitted).size >= 2,
        'VALUE',
        `enable_diarization left out: ${speakers(omitted).size} speaker for the ${voices}-speaker conversation, ${told} with true: the default (true) was not applied`,
        at(
          'stt conversation, enable_diarization omitted',
          '$.utterances[*].speaker',
          `${told} speakers, as with true`,
          [...speakers(omitted)],
        ),
      );
      return `${speakers(omitted).size} speakers left out, ${told} with true`;
    },
  }),
  define({
    id: 'speech.21.stt-full-transcript',
    title:
      'File STT text is the full transcript (every utterance, the conversation within WER 0.6) and confidence their average',
    area: 'speech',
    clause: 'File speech-to-text result: text full transcript; confidence average, 0 to 1',
    spec: 'text | string | full transcript / confidence | number | average, 0 to 1',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const answer = await transcribe(ctx, 'omitted');
      const what = 'stt conversation, enable_diarization omitted';
      const known = conversation().text;
      const wer = wordErrorRate(known, answer.text);
      ctx.metrics.wer = Number(wer.toFixed(3));
      verify(
        wer <= FINALS_MAX_WER,
        'ACCURACY',
        `text "${answer.text}" misses most of the conversation "${known}" (WER ${wer.toFixed(2)})`,
        at(what, '$.text', `WER at most ${FINALS_MAX_WER}`, Number(wer.toFixed(2))),
      );
      // The whole, not a part: the text holds as many words as its utterances together (within a fifth).
      const inUtterances = answer.utterances.reduce((n, u) => n + wordCount(u.text), 0);
      verify(
        wordCount(answer.text) * 5 >= inUtterances * 4,
        'VALUE',
        `text has ${wordCount(answer.text)} words, its ${answer.utterances.length} utterances ${inUtterances}: not the full transcript`,
        at(what, '$.text', `about ${inUtterances} words`, wordCount(answer.text)),
      );
      const confidences = answer.utterances.map((u) => u.confidence);
      if (confidences.length > 0) {
        const low = Math.min(...confidences) - AVERAGE_SLACK;
        const high = Math.max(...confidences) + AVERAGE_SLACK;
        verify(
          answer.confidence >= low && answer.confidence <= high,
          'VALUE',
          `confidence ${answer.confidence} is no average of the utterances' (${confidences.join(', ')})`,
          at(what, '$.confidence', `between ${low.toFixed(2)} and ${high.toFixed(2)}`, answer.confidence),
        );
      }
      return `WER ${wer.toFixed(2)}, ${answer.utterances.length} utterances`;
    },
  }),
];
