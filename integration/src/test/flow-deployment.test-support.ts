// What the variant matrix's flows share: the reference server and the app on it, a recording host, a
// receiver standing in for the platform's callback and hook URLs, a user per variant, and the
// transcript waited for once against the reference server.
import { readFileSync } from 'node:fs';
import { type AudioHost, startAudioHost } from '@parley/server/test-hosts';
import { TEST_ADMIN_TOKEN } from '@parley/server/test-server';
import type { Bundle } from 'zapier-platform-core';
import {
  type AuthData,
  type loadAppOn,
  PASSWORD,
  type startDeployment,
  startReceiver,
  type TestServer,
  type TestUser,
} from './e2e.test-support.js';

type Deployment = Awaited<ReturnType<typeof startDeployment>>;
export type App = Awaited<ReturnType<typeof loadAppOn>>;
export type Operation = (z: unknown, bundle: Bundle) => unknown;
export interface Outcome {
  got: unknown;
  want: unknown;
}

const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** What the flows share over every variant: the deployment, the app, the file host and receiver. */
export async function startFlows(deployment: Deployment, app: App) {
  const { server } = deployment;
  const clip = readFileSync(new URL('../../../fixtures/audio/en/rms-01.wav', import.meta.url));
  const files: AudioHost = await startAudioHost();
  const receiver = await startReceiver();
  const audio = {
    short: files.serve('short.wav', clip, 'audio/wav'),
    // Served short, but its HEAD announces 5 MB, as the host of a long recording would.
    long: files.serve('long.wav', clip, 'audio/wav', 200, 5_000_000),
    gone: files.serve('gone.wav', 'gone', 'text/plain', 404),
  };
  const operation = (group: 'triggers' | 'searches' | 'creates', key: string, method = 'perform') => {
    const found = (app.App[group] as unknown as Record<string, { operation: Record<string, unknown> }>)[key]
      ?.operation?.[method];
    if (!found) throw new Error(`the app defines no ${method} of ${key}`);
    return found as Operation;
  };
  /** The app pointed at `base` for one call (it reads the service root on every request). */
  const on = async <T>(base: string, call: () => Promise<T>): Promise<T> => {
    process.env.PARLEY_BASE_URL = base;
    try {
      return await call();
    } finally {
      process.env.PARLEY_BASE_URL = server.url;
    }
  };
  const outcome = (call: () => Promise<unknown>) =>
    call().then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.name, message: error.message }),
    );
  // Waiting for the recording once, against the reference server: what every variant's transcripts must equal.
  let transcript: Promise<unknown> | undefined;
  return {
    server,
    receiver,
    audio,
    operation,
    on,
    outcome,
    transcript: (run: App['run'], authData: AuthData) => {
      transcript ??= run(operation('creates', 'transcribe_audio'), {
        authData,
        inputData: { audio_url: audio.short, deliver_later: false },
        meta: {},
      });
      return transcript;
    },
    async close() {
      await receiver.close();
      await files.close();
    },
  };
}
export type Flows = Awaited<ReturnType<typeof startFlows>>;

/** A user of their own for each variant (the triggers see only theirs), who can sign in. */
export async function newUser(server: TestServer, name: string): Promise<TestUser> {
  const user = await server.user(name);
  const set = await server.post(`/_emulator/users/${user.userId}/password`, { password: PASSWORD }, admin);
  if (set.status !== 200) throw new Error(`password: ${set.status}`);
  return user;
}

/** A meeting of `user` with two recordings transcribed, loaded as an operator would (emulator seed). */
export async function seedTranscript(server: TestServer, user: TestUser, id: string) {
  const at = (s: number) => new Date(Date.UTC(2025, 1, 3, 10, 0, s)).toISOString();
  const line = (n: number, recording: string, text: string) => ({
    id: `utt_${id}_${n}`,
    meeting_id: id,
    message_id: recording,
    start_seconds: n * 4,
    end_seconds: n * 4 + 3,
    transcript: text,
    confidence: 0.9,
    language: 'en',
    speaker_v2: String(n % 2),
    texts: {},
    created_at: at(n * 4 + 3),
    updated_at: at(n * 4 + 3),
  });
  const seeded = await server.post(
    '/_emulator/seed',
    {
      meetings: [
        {
          ...{ id, host_user_id: user.userId, participant_ids: [user.userId], title: 'Recorded review' },
          ...{ status: 'EMS_ENDED', start_at: at(0), end_at: at(40), created_at: at(0), updated_at: at(40) },
        },
      ],
      recordings: [
        { id: `rec_${id}_1`, meeting_id: id, created_at: at(0) },
        { id: `rec_${id}_2`, meeting_id: id, created_at: at(10) },
      ],
      transcript_utterances: [
        line(0, `rec_${id}_1`, 'Good morning, let us start.'),
        line(1, `rec_${id}_1`, 'The budget is on track.'),
        line(3, `rec_${id}_2`, 'Thanks, see you next week.'),
      ],
    },
    admin,
  );
  if (seeded.status !== 200) throw new Error(`seed: ${seeded.status} ${JSON.stringify(seeded.body)}`);
}

/** Values that name one run's records (ids, times), masked where two runs of an action are compared. */
const PER_RUN = new Set([
  'id',
  'job_id',
  'created_at',
  'updated_at',
  'start_at',
  'invitation_link_expires_at',
]);
export const masked = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, PER_RUN.has(k) ? '<run>' : masked(v)]),
    );
  return value;
};
