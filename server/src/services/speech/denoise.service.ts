import type { DenoiseRequest, DenoiseResponse } from '@parley/schemas/types';
import type { Caller } from '../../core/caller.js';
import { SignedUrlTtl } from '../../core/contracts.js';
import type { IdGenerator } from '../../core/ids.js';
import { DENOISE_FILE_SAMPLE_RATE, type DenoiseResult } from '../../engines/denoise/denoise.engine.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { AudioDownloads } from './audio-downloads.js';
import type { OwnAudioReader } from './own-audio.js';
import { downloadPcm } from './speech-audio.js';
import { requireEngine, type SpeechEngines } from './speech-engines.js';
import { fileSegment, saveProduced } from './speech-files.js';

// POST /v1/denoise: download, decode straight to 48 kHz (RNNoise's rate, so nothing is resampled
// twice), denoise with the request's attenuation limit and mix mode while encoding AAC in an M4A,
// and hand out a URL signed for SignedUrlTtl.denoise (one hour). The response carries the extended
// fields.

export interface DenoiseServiceDeps {
  engines: SpeechEngines;
  outbound: OutboundClient;
  /** This server's own URLs (fixtures, signed /files/), read from disk. */
  ownAudio?: OwnAudioReader;
  /** Places and size limit of audio_url downloads. */
  downloads: AudioDownloads;
  files: FileStorage;
  ids: IdGenerator;
}

export class DenoiseService {
  constructor(private readonly deps: DenoiseServiceDeps) {}

  async denoise(caller: Caller, body: DenoiseRequest, signal?: AbortSignal): Promise<DenoiseResponse> {
    const { engines } = this.deps;
    const denoiser = requireEngine(engines.denoise, 'denoise');
    const audio = requireEngine(engines.audio, 'audio');
    const pcm = await downloadPcm(
      { outbound: this.deps.outbound, audio, own: this.deps.ownAudio, downloads: this.deps.downloads },
      body.audio_url,
      {
        sampleRate: DENOISE_FILE_SAMPLE_RATE,
        signal,
      },
    );
    // The encoder (its own process) takes each second of denoised audio as it is ready, so AAC
    // encoding overlaps denoising instead of following it.
    const encoder = await audio.openM4aEncoder(DENOISE_FILE_SAMPLE_RATE);
    let result: DenoiseResult;
    let m4a: Buffer;
    try {
      result = await denoiser.denoise(pcm, DENOISE_FILE_SAMPLE_RATE, {
        attenLimitDb: body.atten_limit_db,
        disableAdaptiveMix: body.disable_adaptive_mix,
        onOutput: (piece) => encoder.write(piece),
      });
      signal?.throwIfAborted();
      m4a = await encoder.end();
    } catch (error) {
      encoder.abort();
      throw error;
    }
    const key = `denoise/${fileSegment(caller.userId)}/${this.deps.ids.next('dn')}.m4a`;
    return {
      denoised_audio_url: await saveProduced(this.deps.files, key, m4a, SignedUrlTtl.denoise),
      applied_atten_db: result.appliedAttenDb,
      frame_lsnr_db: result.frameLsnrDb,
    };
  }
}
