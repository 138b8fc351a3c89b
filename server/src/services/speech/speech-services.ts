import type { Clock } from '../../core/clock.js';
import type { IdGenerator } from '../../core/ids.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { CallbackUrlCheck } from '../../net/callback-url.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { Store } from '../../store/store.js';
import type { AudioDownloads } from './audio-downloads.js';
import { DenoiseService } from './denoise.service.js';
import { ownAudioReader } from './own-audio.js';
import type { SpeechEngines } from './speech-engines.js';
import { SttService } from './stt.service.js';
import { SttCallbackService } from './stt-callbacks.js';
import { TranslateService } from './translate.service.js';
import { TtsService } from './tts.service.js';
import { UploadService } from './upload.service.js';

// The engine-backed services (stt, tts, denoise, translate-text). They need engines, the file
// store and the outbound client (and the database only for stt's callback jobs), so they are
// built apart from services.ts.

export interface SpeechServiceDeps {
  engines: SpeechEngines;
  files: FileStorage;
  outbound: OutboundClient;
  downloads: AudioDownloads;
  ids: IdGenerator;
  clock: Clock;
  /** The server's own base URL: its URLs in an audio_url are read from disk (own-audio.ts). */
  baseUrl: () => string;
  /** Where stt with callback_url queues its job (the outbox). */
  store: Store;
  /** The first SSRF look at a callback_url. */
  checkCallbackUrl: CallbackUrlCheck;
}

export interface SpeechServices {
  stt: SttService;
  sttCallbacks: SttCallbackService;
  tts: TtsService;
  denoise: DenoiseService;
  translate: TranslateService;
  upload: UploadService;
}

export function createSpeechServices(deps: SpeechServiceDeps): SpeechServices {
  const ownAudio = ownAudioReader(deps);
  const stt = new SttService({ ...deps, ownAudio });
  return {
    stt,
    sttCallbacks: new SttCallbackService({ ...deps, stt, checkUrl: deps.checkCallbackUrl }),
    tts: new TtsService(deps),
    denoise: new DenoiseService({ ...deps, ownAudio }),
    translate: new TranslateService(deps),
    upload: new UploadService(deps),
  };
}
