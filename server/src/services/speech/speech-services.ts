import type { IdGenerator } from '../../core/ids.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { AudioDownloads } from './audio-downloads.js';
import { DenoiseService } from './denoise.service.js';
import type { SpeechEngines } from './speech-engines.js';
import { SttService } from './stt.service.js';
import { TranslateService } from './translate.service.js';
import { TtsService } from './tts.service.js';

// The engine-backed services (stt, tts, denoise, translate-text). They need engines, the file
// store and the outbound client rather than the database, so they are built apart from services.ts.

export interface SpeechServiceDeps {
  engines: SpeechEngines;
  files: FileStorage;
  outbound: OutboundClient;
  downloads: AudioDownloads;
  ids: IdGenerator;
}

export interface SpeechServices {
  stt: SttService;
  tts: TtsService;
  denoise: DenoiseService;
  translate: TranslateService;
}

export function createSpeechServices(deps: SpeechServiceDeps): SpeechServices {
  return {
    stt: new SttService(deps),
    tts: new TtsService(deps),
    denoise: new DenoiseService(deps),
    translate: new TranslateService(deps),
  };
}
