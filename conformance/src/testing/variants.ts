// Deployments the spec allows that differ from Parley's: each one, applied by the variant proxy to
// the reference server, must pass the kit (the self-test prints the false-failure rate). `allows`
// quotes the room the spec leaves; `only` names the checks that see the difference.

import type { Variant } from './variant-edits.js';
import { APP_VARIANTS } from './variants-app.js';
import { PYDANTIC_VARIANTS } from './variants-pydantic.js';
import { RESOURCE_VARIANTS } from './variants-resources.js';
import { REST_VARIANTS } from './variants-rest.js';
import { SPEECH_VARIANTS } from './variants-speech.js';
import { STREAM_VARIANTS } from './variants-stream.js';

export { OTHER_LAYOUT, type Variant } from './variant-edits.js';

export const VARIANTS: readonly Variant[] = [
  ...REST_VARIANTS,
  ...RESOURCE_VARIANTS,
  ...PYDANTIC_VARIANTS,
  ...SPEECH_VARIANTS,
  ...STREAM_VARIANTS,
  ...APP_VARIANTS,
];
