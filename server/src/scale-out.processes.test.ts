import { PROTO_CONTENT_TYPE, SessionTTSRequest, SessionTTSResponse } from '@parley/schemas/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/databases.js';
import {
  haproxyInstalled,
  type ScaleOutCluster,
  startScaleOutCluster,
} from '../test-support/scale-out-cluster.js';
import { MeetingStatus, StreamClose } from './core/contracts.js';
import { concatPcm } from './engines/audio/pcm.js';
import { ENGLISH_SENTENCES, silence, speak } from './engines/audio/test-speech.js';
import { chunksOf, LiveSttClient } from './ws/live-stt-client.js';

// Two real server processes on one PostgreSQL database and one S3-compatible bucket, behind
// HAProxy (round robin, WebSocket upgrade) on 127.0.0.1, answer as one service: the route tests'
// kind of request sequence through the balancer gives the answers one process gives; a live
// stream through the balancer ends its meeting for both; a file one process produced is read by
// the other; a summary re-made through one is answered fresh by the other; fault switches reach
// both. Run by `npm run test:pg -w server` (CI); needs PARLEY_TEST_PG_URL and Debian's haproxy.

const postgres = testDatabases.find((d) => d.name === 'postgres');
const SKIP_REASON = postgres ? '' : ' (skipped: PARLEY_TEST_PG_URL is unset)';
if (!postgres) console.info('scale-out test skipped: PARLEY_TEST_PG_URL is unset');

interface Step {
  name: string;
  status: number;
  body: unknown;
}

/** A route-test-like sequence by two fresh users; answers with ids, times and the run's tag normalized. */
async function routeSequence(
  base: string,
  adminToken: string,
  tag: string,
): Promise<{ steps: Step[]; backends: Set<string> }> {
  const steps: Step[] = [];
  const backends = new Set<string>();
  const send = async (name: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    backends.add(response.headers.get('x-parley-backend') ?? 'direct');
    const answer = { name, status: response.status, body: (await response.json()) as unknown };
    steps.push(answer);
    return answer.body as Record<string, unknown>;
  };
  const admin = { authorization: `Bearer ${adminToken}` };
  const host = await send(
    'user',
    '/_emulator/users',
    { email: `host-${tag}@example.com`, name: 'Hana Host' },
    admin,
  );
  const guest = await send(
    'user',
    '/_emulator/users',
    { email: `guest-${tag}@example.com`, name: 'Gil Guest' },
    admin,
  );
  const hostId = (host.user as { id: string }).id;
  const guestId = (guest.user as { id: string }).id;
  const hostKey = {
    'x-api-key': (await send('key', '/_emulator/api-keys', { user_id: hostId }, admin)).api_key as string,
  };
  const guestKey = {
    'x-api-key': (await send('key', '/_emulator/api-keys', { user_id: guestId }, admin)).api_key as string,
  };
  const call = (route: string, who: Record<string, string>, body: unknown) =>
    send(route, `/v1/${route}`, body, who);

  const meeting = (await call('create-meeting', hostKey, { title: 'Scale-out review' })).meeting as {
    id: string;
  };
  const meeting_id = meeting.id;
  await call('add-meeting-participants', hostKey, {
    meeting_id,
    participant_ids: [guestId, 'em:dana@example.org'],
  });
  const first = await call('send-meeting-message', guestKey, {
    meeting_message: { meeting_id, text: 'We agreed to ship the beta on Friday.' },
  });
  await call('send-meeting-message', hostKey, {
    meeting_message: { meeting_id, text: 'Dana will send the budget to finance by Thursday.' },
  });
  await call('get-meeting-messages', guestKey, { meeting_id });
  await call('summarize-meeting', hostKey, { meeting_id });
  await call('get-meeting-summary', guestKey, { meeting_id });
  await call('send-meeting-message', hostKey, {
    meeting_message: { meeting_id, text: 'Correction: the beta ships on Monday after the security review.' },
  });
  await call('summarize-meeting', guestKey, { meeting_id });
  await call('get-meeting-summary', hostKey, { meeting_id });
  await call('get-meeting-summary', guestKey, { meeting_id });
  await call('update-user-default-meeting-setting', hostKey, {
    view_language: 'fr',
    contextual_keywords: ['beta'],
  });
  await call('get-user-default-meeting-setting', hostKey, {});
  await call('get-meetings', guestKey, {});
  await call('get-my-people', hostKey, {});
  const messageId = (first.meeting_message as { id: string }).id;
  await call('delete-meeting-message', hostKey, { meeting_id, message_id: messageId });
  await call('get-meeting-messages', hostKey, { meeting_id });
  await call('remove-meeting-participants', hostKey, {
    meeting_id,
    participant_ids: ['em:dana@example.org'],
  });
  await call('get-meetings', hostKey, {});
  await call('delete-meeting', hostKey, { meeting_id });
  await call('get-meetings', hostKey, {});
  await call('get-meeting-summary', guestKey, { meeting_id });
  return { steps: normalized(steps, tag), backends };
}

function normalized(steps: Step[], tag: string): Step[] {
  const ids = new Map<string, string>();
  const text = JSON.stringify(steps)
    .replaceAll(tag, 'TAG')
    .replace(/\b[a-z]+_[0-9a-f]{20}\b/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size}>`);
      return ids.get(id) as string;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?/g, '<time>')
    // A summary's "**When:** 2026-11-25 21:10 UTC": two runs may straddle a minute.
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<minute>')
    .replace(/prl_[A-Za-z0-9_-]+/g, '<key>');
  return JSON.parse(text) as Step[];
}

describe.skipIf(!postgres)(
  `two server processes behind HAProxy on one PostgreSQL database${SKIP_REASON}`,
  () => {
    let cluster: ScaleOutCluster;
    let drop: () => Promise<void> = async () => {};
    const direct = (i: number) => cluster.processes[i]?.url as string;
    const post = (base: string, route: string, key: string, body: unknown) =>
      fetch(`${base}/v1/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      if (!haproxyInstalled()) throw new Error('haproxy is not installed (scripts/setup.sh installs it)');
      const database = await postgres?.create();
      if (!database) return;
      drop = database.drop;
      // Denoise fetches the other process's file from the bucket on 127.0.0.1.
      cluster = await startScaleOutCluster({
        databaseUrl: database.url,
        env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' },
      });
    });
    afterAll(async () => {
      await cluster?.close();
      await drop();
    });

    it('answers a sequence of route requests through the balancer as one process does', async () => {
      const one = await routeSequence(direct(0), cluster.adminToken, 'one');
      const balanced = await routeSequence(cluster.url, cluster.adminToken, 'two');
      expect([...balanced.backends].sort()).toEqual(['p1', 'p2']);
      expect(balanced.steps).toEqual(one.steps);
      const summaries = one.steps
        .filter((s) => s.name === 'get-meeting-summary')
        .map((s) => JSON.stringify(s.body));
      expect(summaries[1]).toContain('security review');
      expect(summaries[0]).not.toContain('security review');
    });

    it('answers a summary re-made through one process fresh from the other', async () => {
      const key = cluster.demoKey;
      const created = await post(direct(0), 'create-meeting', key, { title: 'Fresh summary' });
      const meeting_id = ((await created.json()) as { meeting: { id: string } }).meeting.id;
      const say = (text: string) =>
        post(direct(0), 'send-meeting-message', key, { meeting_message: { meeting_id, text } });
      const summaryOf = async (base: string) =>
        JSON.stringify(await (await post(base, 'get-meeting-summary', key, { meeting_id })).json());
      await say('The launch date is the tenth.');
      await post(direct(0), 'summarize-meeting', key, { meeting_id });
      expect(await summaryOf(direct(1))).toContain('launch date is the tenth');
      expect(await summaryOf(direct(1))).toContain('launch date is the tenth'); // from p2's cache
      await say('New plan: the launch moves to the twentieth, after the audit.');
      expect((await post(direct(0), 'summarize-meeting', key, { meeting_id })).status).toBe(200);
      expect(await summaryOf(direct(1))).toContain('after the audit');
    });

    it('reads through one process a file the other produced (S3 storage)', async () => {
      const request = SessionTTSRequest.create({
        session_id: 's1',
        message_id: 'm1',
        text: 'The budget is approved.',
      });
      const tts = await fetch(`${direct(0)}/v1/tts?api_key=${cluster.demoKey}`, {
        method: 'POST',
        headers: { 'content-type': PROTO_CONTENT_TYPE },
        body: SessionTTSRequest.encode(request).finish(),
      });
      expect(tts.status).toBe(200);
      const audioUrl = SessionTTSResponse.decode(new Uint8Array(await tts.arrayBuffer())).audio_url;
      expect(new URL(audioUrl).origin).toBe(cluster.s3.endpoint);
      const denoised = await post(direct(1), 'denoise', cluster.demoKey, { audio_url: audioUrl });
      expect(denoised.status).toBe(200);
      const { denoised_audio_url } = (await denoised.json()) as { denoised_audio_url: string };
      expect(new URL(denoised_audio_url).origin).toBe(cluster.s3.endpoint);
      const file = await fetch(denoised_audio_url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/mp4');
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    });

    it('ends the meeting of a live stream through the balancer for both processes', async () => {
      const key = cluster.demoKey;
      const created = await post(cluster.url, 'create-meeting', key, { title: 'Live' });
      const meetingId = ((await created.json()) as { meeting: { id: string } }).meeting.id;
      const speech = concatPcm([
        silence(300),
        await speak(ENGLISH_SENTENCES[1] ?? 'hello there', 'rms'),
        silence(300),
      ]);
      const client = await LiveSttClient.connect(`${cluster.url.replace(/^http/, 'ws')}/v1/stt/stream`, {
        api_key: key,
      });
      client.sendConfig({ meeting_id: meetingId, session_id: 'sess_balanced' });
      await client.waitFor((f) => 'connected' in f);
      await client.stream(speech, { speed: 8 });
      client.end();
      expect((await client.closed).code).toBe(StreamClose.normal);
      expect(chunksOf(client.frames).filter((c) => c.is_final).length).toBeGreaterThanOrEqual(1);
      const statusAt = async (base: string) => {
        const reply = (await (await post(base, 'get-meetings', key, {})).json()) as {
          meetings: { id: string; status: string }[];
        };
        return reply.meetings.find((m) => m.id === meetingId)?.status;
      };
      // The meeting ends just after {finished:true} is sent: wait (bounded) for that write.
      for (let i = 0; i < 50 && (await statusAt(direct(0))) !== MeetingStatus.ENDED; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await statusAt(direct(0))).toBe(MeetingStatus.ENDED);
      expect(await statusAt(direct(1))).toBe(MeetingStatus.ENDED);
    });

    it('switches emulator faults on and off for both processes', async () => {
      const admin = { authorization: `Bearer ${cluster.adminToken}`, 'content-type': 'application/json' };
      const faults = (base: string, body?: unknown) =>
        fetch(`${base}/_emulator/faults`, {
          method: body ? 'PUT' : 'GET',
          headers: admin,
          ...(body ? { body: JSON.stringify(body) } : {}),
        }).then((r) => r.json() as Promise<{ active: string[] }>);
      await faults(direct(0), { faults: ['has-more-lies'] });
      expect((await faults(direct(1))).active).toEqual(['has-more-lies']);
      await faults(direct(1), { faults: [] });
      expect((await faults(direct(0))).active).toEqual([]);
    });
  },
);
