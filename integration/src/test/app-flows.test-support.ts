// The app's end-to-end flows as the variant matrix runs them: each flow runs the app's own operations
// against a deployment (the variant proxy) and says what the same flow gives against the reference
// server itself (the app pointed at it directly, over the same state), or what it must give.
import { vi } from 'vitest';
import type { Bundle } from 'zapier-platform-core';
import { GET_MEETINGS_MAX_LIMIT } from '../generated/service-data.js';
import { type AuthData, connectAccount, endMeeting, type TestUser } from './e2e.test-support.js';
import {
  type App,
  type Flows,
  masked,
  newUser,
  type Outcome,
  seedTranscript,
} from './flow-deployment.test-support.js';

const INSTANT = [
  [
    'new_meeting',
    "New Meeting has no polling twin: start the Zap with the polling trigger 'Meeting Ended', or on a schedule with the search 'Find Meeting', instead.",
  ],
  ['meeting_ended_instant', "use the polling trigger 'Meeting Ended' instead."],
  ['summary_ready_instant', "use the polling trigger 'Summary Ready' instead."],
  ['contact_discovered_instant', "use the polling trigger 'Contact Discovered' instead."],
  ['followup_email_ready_instant', "use the polling trigger 'Follow-up Email Ready' instead."],
] as const;
const NO_HOOKS = 'This service does not offer instant triggers (hook subscriptions); ';

/** The flows of one variant, in order (each step needs the state the ones before left). */
export function variantFlows(flows: Flows, app: App, variantId: string, proxyUrl: () => string) {
  const { server, on, operation, outcome, receiver, audio } = flows;
  const { run } = app;
  const direct = server.url;
  let user: TestUser;
  let authData: AuthData;
  let meetingId = '';
  const transcriptMeetingId = `mtg_variant_${variantId.replaceAll('-', '_')}`;
  const as = (inputData: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    authData,
    inputData,
    meta: {},
    ...extra,
  });
  /** The same read of the same state, through the variant and from the reference server. */
  const twin = async (call: () => Promise<unknown>): Promise<Outcome> => ({
    got: await on(proxyUrl(), () => outcome(call)),
    want: await on(direct, () => outcome(call)),
  });
  const poll = (key: string) => () => run(operation('triggers', key), as());
  /** The dropdown's pages as the editor loads them: the first, then "Load more" with the cursor kept. */
  const dropdown = async () => {
    let cursor = '';
    const page = (n: number) =>
      run(
        (z: { cursor: unknown }, bundle: Bundle) => {
          z.cursor = {
            get: async () => cursor,
            set: async (c: string) => {
              cursor = c;
            },
          };
          return operation('triggers', 'meetings_list')(z, bundle);
        },
        as({}, { meta: n ? { page: n } : {} }),
      );
    return [await page(0), await page(1)];
  };
  const withCallback = (key: string, path: string, inputData: Record<string, unknown>) =>
    run((z: { generateCallbackUrl: () => string }, bundle: Bundle) => {
      z.generateCallbackUrl = () => receiver.url(path);
      return operation('creates', key)(z, bundle);
    }, as(inputData));
  const resume = (key: string, cleanedRequest: unknown, outputData: unknown) =>
    run(operation('creates', key, 'performResume'), { ...as(), cleanedRequest, outputData });
  const delivered = (path: string) => {
    const last = receiver.deliveriesTo(path).at(-1);
    if (!last)
      throw new Error(`nothing reached ${path} (${receiver.received.map((d) => d.path).join(', ')})`);
    return JSON.parse(last.body) as unknown;
  };
  const path = (name: string) => `/${variantId}/${name}`;

  const steps: [string, () => Promise<Outcome>][] = [
    [
      'connect (PKCE), connection test',
      async () => {
        user = await newUser(server, `User ${variantId}`);
        authData = await on(proxyUrl(), () => connectAccount(app.oauth, run, user.email));
        return twin(() => run(app.App.authentication?.test, as()));
      },
    ],
    [
      'create_meeting',
      async () => {
        const input = { title: 'Roadmap review', participants: ['grace@hopper-labs.com'] };
        const got = await on(proxyUrl(), () => run(operation('creates', 'create_meeting'), as(input)));
        meetingId = (got as { id: string }).id;
        const want = await on(direct, () => run(operation('creates', 'create_meeting'), as(input)));
        return { got: masked(got), want: masked(want) };
      },
    ],
    [
      'meetings_list pages (a full first page)',
      async () => {
        await seedTranscript(server, user, transcriptMeetingId);
        // Exactly one page of meetings: the last page is full.
        for (let n = 3; n < GET_MEETINGS_MAX_LIMIT; n++)
          await server.call('create-meeting', user.key, { title: `Standup ${n}` });
        return twin(dropdown);
      },
    ],
    [
      'find_meeting by id',
      () => twin(() => run(operation('searches', 'find_meeting'), as({ meeting_id: meetingId }))),
    ],
    [
      'find_meeting by title',
      () => twin(() => run(operation('searches', 'find_meeting'), as({ title: 'roadmap' }))),
    ],
    [
      'find_meeting not found',
      () => twin(() => run(operation('searches', 'find_meeting'), as({ meeting_id: 'mtg_nope' }))),
    ],
    [
      'get_transcript',
      () => twin(() => run(operation('searches', 'get_transcript'), as({ meeting_id: transcriptMeetingId }))),
    ],
    [
      'poll meeting_ended',
      async () => {
        const text = 'Grace, please send the roadmap to linus@kernel-works.org before Friday.';
        await server.call('send-meeting-message', user.key, {
          meeting_message: { meeting_id: meetingId, text },
        });
        await endMeeting(server, meetingId);
        await server.jobs.runDue();
        return twin(poll('meeting_ended'));
      },
    ],
    ['poll contact_discovered', () => twin(poll('contact_discovered'))],
    ['poll followup_email_ready', () => twin(poll('followup_email_ready'))],
    [
      'list meeting_ended_instant',
      () => twin(() => run(operation('triggers', 'meeting_ended_instant', 'performList'), as())),
    ],
    [
      'summarize_meeting',
      async () => {
        const got = await on(proxyUrl(), () =>
          run(operation('creates', 'summarize_meeting'), as({ meeting_id: meetingId })),
        );
        const want = await on(direct, () =>
          run(operation('creates', 'summarize_meeting'), as({ meeting_id: meetingId })),
        );
        return { got: masked(got), want: masked(want) };
      },
    ],
    ['poll summary_ready', () => twin(poll('summary_ready'))],
    [
      'deduplication ids (two polls of each trigger)',
      async () => {
        const ids = async () => {
          const lists = [];
          for (const key of ['meeting_ended', 'contact_discovered', 'followup_email_ready', 'summary_ready'])
            lists.push(((await run(operation('triggers', key), as())) as { id: string }[]).map((i) => i.id));
          return lists;
        };
        const [first, second] = [await on(proxyUrl(), ids), await on(proxyUrl(), ids)];
        const unique = first.every((list) => new Set(list).size === list.length);
        return { got: { unique, again: second }, want: { unique: true, again: first } };
      },
    ],
    [
      'generate_document (waited)',
      () =>
        twin(() =>
          run(
            operation('creates', 'generate_document'),
            as({ meeting_id: meetingId, prompt: 'A one-page brief.' }),
          ),
        ),
    ],
    [
      'generate_document (Deliver Later, resumed)',
      async () => {
        const input = { meeting_id: meetingId, prompt: 'Release notes.' };
        const accepted = await on(proxyUrl(), () =>
          withCallback('generate_document', path('document'), { ...input, deliver_later: true }),
        );
        await server.jobs.runDue();
        const got = await resume('generate_document', delivered(path('document')), accepted);
        const want = await on(direct, () => run(operation('creates', 'generate_document'), as(input)));
        return { got, want };
      },
    ],
    [
      'transcribe_audio short (waited)',
      async () => ({
        got: masked(
          await on(proxyUrl(), () =>
            run(operation('creates', 'transcribe_audio'), as({ audio_url: audio.short })),
          ),
        ),
        want: masked(await flows.transcript(run, authData)),
      }),
    ],
    [
      'transcribe_audio long (callback, or answered at once)',
      async () => {
        const step = await on(proxyUrl(), () =>
          withCallback('transcribe_audio', path('stt'), { audio_url: audio.long }),
        );
        await server.speechJobs.runDue();
        // Either way the step resumes with what reached its callback URL: the service's delivery, or
        // the transcript the app delivered itself when the service answered with it.
        const got = await resume('transcribe_audio', delivered(path('stt')), step);
        return { got: masked(got), want: masked(await flows.transcript(run, authData)) };
      },
    ],
    [
      'transcribe_audio dead link',
      () =>
        twin(() =>
          run(operation('creates', 'transcribe_audio'), as({ audio_url: audio.gone, deliver_later: false })),
        ),
    ],
    [
      'instant triggers subscribe and unsubscribe',
      async () => {
        const got: unknown[] = [];
        for (const [key, instead] of INSTANT) {
          const hook = await on(proxyUrl(), () =>
            outcome(() =>
              run(
                operation('triggers', key, 'performSubscribe'),
                as({}, { targetUrl: receiver.url(path(key)) }),
              ),
            ),
          );
          if ('error' in hook) {
            got.push({ key, refused: hook.message.includes(`${NO_HOOKS}${instead}`) });
            continue;
          }
          const { event, target_url } = hook.value as { event: string; target_url: string };
          await on(proxyUrl(), () =>
            run(operation('triggers', key, 'performUnsubscribe'), as({}, { subscribeData: hook.value })),
          );
          got.push({ key, event, target_url });
        }
        const events = [
          'meeting-created',
          'meeting-ended',
          'summary-ready',
          'contact-discovered',
          'followup-email-ready',
        ];
        const want = INSTANT.map(([key], i) =>
          variantId === 'spec-only'
            ? { key, refused: true }
            : { key, event: events[i], target_url: receiver.url(path(key)) },
        );
        return { got, want };
      },
    ],
  ];
  /**
   * Last of all, after every variant's other flows: the server's clock never goes back, so once it has
   * seen the hour ahead its jobs wait for real time to catch up.
   */
  const refresh = async (): Promise<Outcome> => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    try {
      return await on(proxyUrl(), async () => {
        const refused = await outcome(() => run(app.App.authentication?.test, as()));
        const steps = [];
        for (let i = 0; i < 2; i++) {
          authData = (await run(app.oauth.refreshAccessToken, as())) as AuthData;
          const me = (await run(app.App.authentication?.test, as())) as { email: string };
          steps.push(Boolean(authData.refresh_token), me.email);
        }
        return {
          got: { refused: 'error' in refused ? refused.error : 'accepted', steps },
          want: { refused: 'RefreshAuthError', steps: [true, user.email, true, user.email] },
        };
      });
    } finally {
      vi.useRealTimers();
    }
  };
  return { steps, refresh };
}
