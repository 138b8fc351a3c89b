import type { Variant } from '../../variant-edits.js';
import { SET5_VARIANTS } from './variants.js';
import { SET5_DATA_VIOLATIONS } from './violations-data.js';
import { SET5_ERROR_VIOLATIONS } from './violations-errors.js';
import { SET5_PARTNER_VIOLATIONS } from './violations-partner.js';
import { SET5_REST_VIOLATIONS } from './violations-rest.js';
import { SET5_SPEECH_VIOLATIONS } from './violations-speech.js';
import { SET5_STREAM_VIOLATIONS } from './violations-stream.js';

// The fifth blind set: violations (a fair kit fails each) and allowed variants (a fair kit passes each).

export const SET5_VIOLATIONS: Variant[] = [
  ...SET5_REST_VIOLATIONS,
  ...SET5_DATA_VIOLATIONS,
  ...SET5_ERROR_VIOLATIONS,
  ...SET5_SPEECH_VIOLATIONS,
  ...SET5_STREAM_VIOLATIONS,
  ...SET5_PARTNER_VIOLATIONS,
];

export { SET5_VARIANTS };
