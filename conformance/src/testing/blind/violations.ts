import type { Variant } from '../variant-edits.js';
import { ERROR_VIOLATIONS } from './violations-errors.js';
import { PARTNER_VIOLATIONS } from './violations-partner.js';
import { REST_VIOLATIONS } from './violations-rest.js';
import { SETTINGS_VIOLATIONS } from './violations-settings.js';
import { SPEECH_VIOLATIONS } from './violations-speech.js';
import { STREAM_VIOLATIONS } from './violations-stream.js';

// Deployments that each break one sentence of the spec, written from the spec alone: a fair kit
// fails every one of them.

export const BLIND_VIOLATIONS: readonly Variant[] = [
  ...REST_VIOLATIONS,
  ...SETTINGS_VIOLATIONS,
  ...ERROR_VIOLATIONS,
  ...SPEECH_VIOLATIONS,
  ...STREAM_VIOLATIONS,
  ...PARTNER_VIOLATIONS,
];
