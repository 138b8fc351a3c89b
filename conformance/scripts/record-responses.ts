import { mkdirSync, writeFileSync } from 'node:fs';
import { selectChecks } from '../src/checks/index.js';
import { FINALIZE_WAVES, runFinalizeSessions } from '../src/checks/stream/stream-finalize.checks.js';
import type { Target } from '../src/context.js';
import { runLiveSession, sessionAudio } from '../src/live-session.js';
import { startReferenceServer } from '../src/reference-server.js';
import { runChecks } from '../src/runner.js';
import { type Recorded, recordingFetch } from '../src/testing/recorded-fetch.js';

// Records the reference server's answers to every smoke check of the HTTP areas (seed 1), the
// partner checks' answers (with the redirects and cookies the OAuth pages set), one JSON and one
// protobuf live session, and the finalize sessions, into test-data/. The unit tests replay them
// (checks.recorded.test.ts, stream-finalize.test.ts).
// Run again after a deliberate change of the reference server: npm run record -w conformance.

const OUT = new URL('../test-data/', import.meta.url);
const server = await startReferenceServer();
try {
  const target: Target = {
    baseUrl: server.baseUrl,
    wsUrl: server.wsUrl,
    apiKey: server.apiKey,
    secondApiKey: server.secondApiKey,
    audioBaseUrl: server.audioBaseUrl,
    transcriptMeetingId: server.transcriptMeetingId,
    timeoutMs: 120_000,
    seed: 1,
    runId: 'pc-recorded',
    profile: 'smoke',
  };
  const recorded: Record<string, Recorded[]> = {};
  const original = globalThis.fetch;
  // File STT is full-profile only; its unit tests need its answers too.
  const checks = [
    ...selectChecks({ profile: 'smoke', only: ['rest', 'errors', 'speech'] }),
    ...selectChecks({ profile: 'full', only: ['speech.01'] }),
  ];
  for (const check of checks) {
    const log: Recorded[] = [];
    globalThis.fetch = recordingFetch(original, log);
    const [result] = await runChecks(target, [check]);
    globalThis.fetch = original;
    if (result?.status !== 'PASS') throw new Error(`${check.id} did not pass: ${result?.message}`);
    recorded[check.id] = log;
  }
  const partnerTarget: Target = {
    ...target,
    oauthClient: server.partner.client,
    oauthUser: server.partner.user,
    oauthRedirectUri: server.partner.redirectUri,
    webhookSecret: server.partner.webhookSecret,
    callback: { listen: '127.0.0.1:0' },
  };
  const partner: Record<string, Recorded[]> = {};
  for (const check of selectChecks({ profile: 'smoke', only: ['partner'] })) {
    const log: Recorded[] = [];
    globalThis.fetch = recordingFetch(original, log);
    const [result] = await runChecks(partnerTarget, [check]);
    globalThis.fetch = original;
    if (result?.status !== 'PASS') throw new Error(`${check.id} did not pass: ${result?.message}`);
    partner[check.id] = log;
  }
  mkdirSync(OUT, { recursive: true });
  const redact = (text: string) =>
    text
      .split(server.apiKey)
      .join('KEY')
      .split(server.secondApiKey)
      .join('KEY2')
      .split(server.partner.client.secret)
      .join('CLIENT-SECRET');
  writeFileSync(new URL('http-answers.json', OUT), redact(JSON.stringify(recorded)));
  const inputs = {
    clientId: server.partner.client.id,
    email: server.partner.user.email,
    redirectUri: server.partner.redirectUri,
  };
  writeFileSync(new URL('partner-answers.json', OUT), redact(JSON.stringify({ inputs, answers: partner })));
  const audio = sessionAudio();
  const sessions = await Promise.all(
    (['json', 'protobuf'] as const).map((format) =>
      runLiveSession({
        wsUrl: server.wsUrl,
        apiKey: server.apiKey,
        format,
        audio,
        sessionId: `pc-recorded-live-${format}`,
      }),
    ),
  );
  writeFileSync(new URL('live-sessions.json', OUT), redact(JSON.stringify(sessions, null, 1)));
  // Every finalize session of the full profile, without its audio (made again from the plan).
  const finalize = await runFinalizeSessions(target, [server.apiKey], FINALIZE_WAVES.full);
  const plans = finalize.map(({ audio: _audio, ...session }) => session);
  writeFileSync(new URL('finalize-sessions.json', OUT), redact(JSON.stringify(plans, null, 1)));
} finally {
  await server.close();
}
