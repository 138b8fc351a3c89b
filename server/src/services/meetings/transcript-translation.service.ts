import type { Logger } from 'pino';
import type { TranslateEngine } from '../../engines/translate/translate.engine.js';
import type { Store } from '../../store/store.js';
import type { MeetingDataCache } from '../cached-data/cached-data.cache.js';

// Translated transcripts: when a meeting has `translation_languages`, each final utterance (and its
// correction by update-transcript-utterance) is translated into them here, off the hot path: the
// live stream only enqueues, and a job runs after the final is stored. The translations go into the
// utterance's `texts` (and the live chunk's, for a final from a stream), keyed by the language as
// the meeting lists it; `updated_at` moves so pollers see them, and the cached transcripts are
// invalidated. A language that fails is left out of `texts` and logged; nothing fails the stream.

export interface TranscriptTranslationJob {
  meetingId: string;
  utteranceId: string;
  /** Write the live chunk of the same id too (a final from a stream, not a correction). */
  chunk: boolean;
}

export interface TranscriptTranslationDeps {
  store: Store;
  cache: MeetingDataCache;
  /** The translation engine; while it is unavailable jobs are dropped. */
  translate: TranslateEngine;
  logger: Logger;
  /** Jobs translated at once; each already fans out to its languages in parallel. */
  concurrency?: number;
  /** Jobs waiting at most; a job beyond it is dropped and logged rather than memory growing. */
  maxQueued?: number;
}

const DEFAULT_CONCURRENCY = 2;
const DEFAULT_MAX_QUEUED = 5_000;

export class TranscriptTranslationService {
  private readonly queue: TranscriptTranslationJob[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly deps: TranscriptTranslationDeps) {}

  /** Queues a job and returns at once. */
  enqueue(job: TranscriptTranslationJob): void {
    const engine = this.deps.translate;
    if (!engine.status().available) return;
    if (this.queue.length >= (this.deps.maxQueued ?? DEFAULT_MAX_QUEUED)) {
      this.deps.logger.warn({ ...job }, 'transcript translation queue full; utterance not translated');
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  /** Resolves once no job is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < (this.deps.concurrency ?? DEFAULT_CONCURRENCY) && this.queue.length > 0) {
      const job = this.queue.shift() as TranscriptTranslationJob;
      this.running++;
      this.run(job)
        .catch((error: unknown) =>
          this.deps.logger.warn({ ...job, err: messageOf(error) }, 'transcript translation failed'),
        )
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) {
            for (const resolve of this.idleWaiters.splice(0)) resolve();
          }
        });
    }
  }

  private async run(job: TranscriptTranslationJob): Promise<void> {
    const { store } = this.deps;
    const engine = this.deps.translate;
    const meeting = await store.meetings.get(job.meetingId);
    const languages = meeting?.translation_languages ?? [];
    if (!meeting || languages.length === 0) return;
    const utterance = await store.transcription.getUtterance(job.meetingId, job.utteranceId);
    if (!utterance) return;
    const text = utterance.transcript;

    const done = await Promise.allSettled(
      languages.map((language) =>
        engine.translate({ text, targets: [language], source: utterance.language }),
      ),
    );
    const translated: Record<string, string> = {};
    const failed: string[] = [];
    done.forEach((result, i) => {
      const language = languages[i] as string;
      if (result.status === 'fulfilled') translated[language] = result.value.translations[0]?.text ?? '';
      else {
        failed.push(language);
        this.deps.logger.warn(
          { ...job, language, err: messageOf(result.reason) },
          'transcript translation failed for one language',
        );
      }
    });

    const written = await store.transaction(async (repos) => {
      const current = await repos.transcription.getUtterance(job.meetingId, job.utteranceId);
      // Corrected meanwhile: the correction queued its own job, whose texts are the right ones.
      if (!current || current.transcript !== text) return false;
      const texts = { ...current.texts, ...translated };
      // A translation of the text before a correction is wrong now; missing is better than wrong.
      for (const language of failed) delete texts[language];
      await repos.transcription.updateUtteranceText(job.meetingId, current.id, {
        transcript: text,
        texts,
      });
      if (job.chunk) {
        await repos.transcription.updateChunk(job.meetingId, current.id, { texts: translated });
      }
      return true;
    });
    if (written) await this.deps.cache.invalidate(job.meetingId);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
