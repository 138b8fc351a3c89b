import type { Variant } from '../../variant-edits.js';
import { SET6_VARIANTS } from './variants.js';
import { SET6_AUDIO_VIOLATIONS } from './violations-audio.js';
import { SET6_DATA_VIOLATIONS } from './violations-data.js';
import { SET6_ERROR_VIOLATIONS } from './violations-errors.js';
import { SET6_PARTNER_VIOLATIONS } from './violations-partner.js';
import { SET6_REST_VIOLATIONS } from './violations-rest.js';
import { SET6_SPEECH_VIOLATIONS } from './violations-speech.js';
import { SET6_STREAM_VIOLATIONS } from './violations-stream.js';

// The sixth blind set: violations (a fair kit fails each) and allowed variants (a fair kit passes each).

export const SET6_VIOLATIONS: Variant[] = [
  ...SET6_REST_VIOLATIONS,
  ...SET6_DATA_VIOLATIONS,
  ...SET6_ERROR_VIOLATIONS,
  ...SET6_SPEECH_VIOLATIONS,
  ...SET6_AUDIO_VIOLATIONS,
  ...SET6_STREAM_VIOLATIONS,
  ...SET6_PARTNER_VIOLATIONS,
];

export { SET6_VARIANTS };
