import type { Variant } from '../../variant-edits.js';
import { pathOf } from '../../variant-proxy.js';
import { fixtureBytes, okOn, refuseWhen } from './edits6.js';

// Denoise and translate-text violations of the sixth blind set.

const bad = (error: string) => ({ success: false, error, code: 'BAD_REQUEST' });
const invalid = (field: string, msg: string, type: string, input: unknown) => ({
  detail: [{ loc: ['body', field], msg, type, input }],
});

export const SET6_AUDIO_VIOLATIONS: Variant[] = [
  {
    id: 's6-denoise-wav-file',
    area: 'speech',
    allows: 'denoised_audio_url string (signed URL of an M4A/AAC file, valid about 1 hour)',
    only: [],
    // The produced file is left as PCM WAV.
    hooks: () => ({
      answer: (req, a) => {
        if (!pathOf(req).startsWith('/files/denoise/') || a.status !== 200) return a;
        const headers = new Headers(a.headers);
        headers.set('content-type', 'audio/wav');
        return { ...a, headers, body: fixtureBytes('en/rms-05.wav') };
      },
    }),
  },
  {
    id: 's6-denoise-without-key',
    area: 'speech',
    allows: 'Meeting REST endpoints and the denoise endpoint: the header `X-API-Key: <API_KEY>` is required.',
    only: [],
    // A request without a key is run on the last key the service saw.
    hooks: () => {
      let last = '';
      return {
        request: (req) => {
          const key = req.headers.get('x-api-key');
          if (key) last = key;
          if (key || pathOf(req) !== '/v1/denoise' || !last) return req;
          const headers = new Headers(req.headers);
          headers.set('x-api-key', last);
          return { ...req, headers };
        },
      };
    },
  },
  {
    id: 's6-denoise-snr-average',
    area: 'speech',
    allows: 'frame_lsnr_db number[] (frame-level local SNR)',
    only: [],
    // One average instead of the frame-level values.
    hooks: () =>
      okOn('/v1/denoise', (b) => {
        if (!Array.isArray(b.frame_lsnr_db)) return b;
        const v = b.frame_lsnr_db as number[];
        return {
          ...b,
          frame_lsnr_db: Math.round((v.reduce((x, y) => x + y, 0) / Math.max(1, v.length)) * 100) / 100,
        };
      }),
  },
  {
    id: 's6-translate-names-refused',
    area: 'speech',
    allows: 'target_languages | string[] | yes | language codes or names; up to 10',
    only: [],
    hooks: () =>
      refuseWhen(
        '/v1/translate-text',
        (b) =>
          Array.isArray(b.target_languages) &&
          b.target_languages.some((l) => typeof l === 'string' && l.length > 3),
        400,
        bad('target_languages must be ISO 639-1 codes'),
      ),
  },
  {
    id: 's6-translate-source-required',
    area: 'speech',
    allows: 'source_language | string | no | code or name; default `auto`',
    only: [],
    hooks: () =>
      refuseWhen(
        '/v1/translate-text',
        (b) => b.source_language === undefined,
        422,
        invalid('source_language', 'Field required', 'missing', null),
      ),
  },
];
