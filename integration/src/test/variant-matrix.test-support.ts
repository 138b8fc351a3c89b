// The matrix of the app's flows × the kit's allowed variants: for every variant of the catalog
// (conformance/src/testing/variants*.ts) a decision, run or why it does not touch the app, and for
// the run ones what their room lets differ in a Zap's output (the rest must be equal to what the app
// gives against the reference server itself).
import { mapStrings } from '@parley/conformance/testing/variant-edits';
import { VARIANTS } from '@parley/conformance/testing/variants';
import { SHORT_TRIGGER_ITEMS } from '@parley/conformance/testing/variants-app';

export { VARIANTS };
export type Variant = (typeof VARIANTS)[number];

const RUN = 'run';
const NO_LIVE_STREAM = 'the app does not use the live stream';
/** id → RUN, or the reason the variant cannot change what the app sends or reads. */
export const DECISIONS: Record<string, string> = {
  'extra-fields': RUN,
  'health-other-body': 'the app never calls /health',
  'error-extra-fields': RUN,
  'error-code-names': RUN,
  'validation-as-400':
    'it changes 422 answers only, and every flow sends valid input (refusals: errors.test.ts)',
  'loc-without-body':
    'it changes 422 answers only, and every flow sends valid input (refusals: errors.test.ts)',
  'oauth-token-rfc6749': RUN,
  'cacheable-answers': RUN,
  'refresh-no-rotation': RUN,
  'messages-newest-first': 'the app never reads get-meeting-messages',
  'messages-oldest-after': 'the app never reads get-meeting-messages',
  'people-user-and-guest': 'the app never reads get-my-people',
  'stt-diarization-overcounted':
    'it changes only the speaker labels of a file transcript, which Transcribe Audio passes on (and counts) as the service answered them',
  'max-recording-ignored': 'the app has no settings step',
  'no-co-host-ids': RUN,
  'transcript-one-record': RUN,
  'speech-error-plain': RUN,
  'denoise-basic': 'the app has no denoise step',
  'translate-other-shape': 'the app has no translation step',
  'translate-targets-truncated': 'the app has no translation step',
  'denoise-atten-clamped': 'the app has no denoise step',
  'proto-other-layout-tts': 'the app has no text-to-speech step',
  'proto-other-layout-stt': 'the app sends /v1/stt a JSON body, never protobuf',
  'proto-other-layout-stream': NO_LIVE_STREAM,
  'slow-finalize': NO_LIVE_STREAM,
  'late-connected': NO_LIVE_STREAM,
  'no-interims': NO_LIVE_STREAM,
  'chunk-extra-fields': NO_LIVE_STREAM,
  'no-speaker': NO_LIVE_STREAM,
  'interims-revised': NO_LIVE_STREAM,
  'session-id-uuid': NO_LIVE_STREAM,
  'oauth-token-minimal': RUN,
  'timestamps-offset': RUN,
  'timestamps-millis': RUN,
  'has-more-full-page': RUN,
  'triggers-short': RUN,
  'extra-fields-nested': RUN,
  'spec-only': RUN,
  'vendor-field-everywhere':
    "its extra field in every object is the room extra-fields-nested (run) covers at every depth; its stream frames are not the app's",
  'pydantic-fastapi':
    "its timestamps are timestamps-offset's (+00:00 with the reference's microseconds), and its 422, 404 and 405 bodies answer only input no flow sends",
};

export const variantsToRun = () => VARIANTS.filter((v) => DECISIONS[v.id] === RUN);

/**
 * The matrix `npm test` runs (the full one costs minutes: `npm run e2e:variants -w integration`): the
 * variants made for the app's reads, which cover the others' rooms (extra fields at every depth, a
 * token answer without expires_in or a new refresh token, the spec-only deployment).
 */
export const REDUCED = ['oauth-token-minimal', 'timestamps-offset', 'extra-fields-nested', 'spec-only'];

const STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/** `got` without the keys `want` lacks at the same place (the fields a deployment adds). */
function withoutExtra(got: unknown, want: unknown): unknown {
  if (Array.isArray(got) && Array.isArray(want)) return got.map((g, i) => withoutExtra(g, want[i]));
  if (got && want && typeof got === 'object' && typeof want === 'object' && !Array.isArray(got)) {
    return Object.fromEntries(
      Object.entries(got)
        .filter(([k]) => k in want)
        .map(([k, v]) => [k, withoutExtra(v, (want as Record<string, unknown>)[k])]),
    );
  }
  return got;
}

function withoutKeys(value: unknown, keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, keys));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !keys.includes(k))
        .map(([k, v]) => [k, withoutKeys(v, keys)]),
    );
  return value;
}

/** Flows whose output is a polling trigger's list. */
export const TRIGGER_FLOWS = new Set([
  'poll meeting_ended',
  'poll contact_discovered',
  'poll followup_email_ready',
  'poll summary_ready',
  'list meeting_ended_instant',
]);

/**
 * The app's output against the variant (`got`) and against the reference server (`want`), each with
 * only what the variant's room lets differ taken out. Everything else must be equal.
 */
export function comparable(variant: string, flow: string, got: unknown, want: unknown): [unknown, unknown] {
  switch (variant) {
    case 'extra-fields':
    case 'extra-fields-nested':
      return [withoutExtra(got, want), want];
    case 'timestamps-millis': {
      const millis = (v: unknown) =>
        mapStrings(v, (s) => {
          const m = STAMP.exec(s);
          return m ? `${m[1]}${(m[2] ?? '.').padEnd(4, '0').slice(0, 4)}Z` : s;
        });
      return [millis(got), millis(want)];
    }
    case 'triggers-short': {
      const list = (want as { value?: unknown }).value;
      const cut = TRIGGER_FLOWS.has(flow) && Array.isArray(list);
      return [got, cut ? { value: list.slice(0, SHORT_TRIGGER_ITEMS) } : want];
    }
    case 'no-co-host-ids':
      return [got, withoutKeys(want, ['co_host_ids'])];
    case 'transcript-one-record':
      // One record for the whole meeting: how many recordings there were is the deployment's to say.
      return [withoutKeys(got, ['recording_count']), withoutKeys(want, ['recording_count'])];
    default:
      return [got, want];
  }
}

type Hooks = ReturnType<Variant['hooks']>;
/** A JSON answer of `path`s matching `when` rewritten by `edit` (a deployment breaking the spec). */
const rewrite =
  (when: RegExp, edit: (body: unknown, n: number) => unknown): (() => Hooks) =>
  () => {
    let n = 0;
    return {
      answer: (req, a) => {
        if (!when.test(req.path) || !/json/.test(a.headers.get('content-type') ?? '')) return a;
        const body = Buffer.from(JSON.stringify(edit(JSON.parse(a.body.toString('utf8')), n++)));
        return { ...a, body };
      },
    };
  };

/**
 * Deployments that break the spec, and the flow that must then differ: the matrix's verdicts can fail
 * (run with the full matrix).
 */
export const MUTANTS: { variant: Variant; fails: string }[] = [
  {
    // "each item's id is its deduplication key": a new id on every poll re-fires every item.
    variant: {
      id: 'mutant-trigger-ids-per-poll',
      area: 'partner',
      allows: '',
      only: [],
      hooks: rewrite(/\/triggers\//, (items, n) =>
        Array.isArray(items) ? items.map((i: { id: string }) => ({ ...i, id: `${i.id}-${n}` })) : items,
      ),
    },
    fails: 'poll meeting_ended',
  },
  {
    // "Timestamps are RFC 3339 / ISO 8601 strings in UTC": local times without a zone.
    variant: {
      id: 'mutant-timestamps-without-zone',
      area: 'rest',
      allows: '',
      only: [],
      hooks: rewrite(/./, (body) => mapStrings(body, (s) => (STAMP.test(s) ? s.replace(/Z$/, '') : s))),
    },
    fails: 'poll meeting_ended',
  },
  {
    // has_more true and the cursor ignored: the dropdown's next page repeats the first.
    variant: {
      id: 'mutant-cursor-ignored',
      area: 'rest',
      allows: '',
      only: [],
      hooks: () => ({
        request: (req) => {
          if (req.path !== '/v1/get-meetings') return req;
          const { last_updated_at: _l, ...body } = JSON.parse(req.body.toString('utf8') || '{}');
          return { ...req, body: Buffer.from(JSON.stringify(body)) };
        },
        answer: rewrite(/\/v1\/get-meetings$/, (b) => ({ ...(b as object), has_more: true }))().answer,
      }),
    },
    fails: 'meetings_list pages (a full first page)',
  },
];
