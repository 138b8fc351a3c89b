import type { CallRouteName, RequestOf } from './catalog.js';
import { adopt, type Exchange, strictChoices, Verdict, withFindings } from './check.js';
import { HttpClient, type Reply } from './http-client.js';
import { pick } from './json-path.js';
import { type Rng, rngFor } from './random.js';

// What a check gets: the deployment's addresses and keys, a recording HTTP client, its own seeded
// randomness, the run-id prefix for data it creates, and memos shared between checks (one live
// session recording serves several stream checks).

export interface Target {
  baseUrl: string;
  wsUrl: string;
  apiKey: string;
  secondApiKey?: string;
  partnerToken?: string;
  /** Base of the partner interface (the spec's {integration_url}); the base URL when absent. */
  integrationUrl?: string;
  /** The authorization flow's inputs (--oauth-client, --oauth-user, --oauth-redirect-uri, --oauth-scope). */
  oauthClient?: { id: string; secret: string };
  oauthUser?: { email: string; password: string };
  oauthRedirectUri?: string;
  oauthScope?: string;
  /** The deployment's RFC 7009 revocation endpoint (--oauth-revoke-url; revocation is not in the spec). */
  oauthRevokeUrl?: string;
  /** The key's user, whose notes-workspace connection the deployment holds (--workspace-user). */
  workspaceUser?: string;
  /**
   * The kit's callback receiver: where it listens (`host:port`) and the URL the deployment posts to
   * (--callback-url; the listening address itself when absent).
   */
  callback?: { listen: string; url?: string };
  /** Secret generate-document callbacks are signed with (Standard Webhooks, --webhook-secret). */
  webhookSecret?: string;
  /** Base URL where fixtures/audio is served for the deployment to fetch (audio_url). */
  audioBaseUrl?: string;
  /**
   * A meeting of the key's account with transcript utterances and live chunks, ended
   * (--transcript-meeting-id): the spec shows no way for a client to create them. The kit corrects
   * one utterance and puts its text back.
   */
  transcriptMeetingId?: string;
  /** A deployment's own .proto files (the spec shows no layout). */
  protoFiles?: string[];
  /** The live stream's message in protoFiles (StreamResponse by default; the spec names none). */
  protoStreamMessage?: string;
  /** Parley's own choices (where the spec leaves room) fail the run instead of being noted. */
  parleyChoices?: boolean;
  /** --timeout: one deadline for every HTTP request instead of each route's own (deadlines.ts). */
  timeoutMs?: number;
  seed: number;
  runId: string;
  profile: 'smoke' | 'full';
}

export interface RunState {
  /** Meetings the run created, deleted at the end. */
  createdMeetings: Map<string, string>;
  memo: Map<string, Promise<unknown>>;
  /** Secrets learnt during the run (tokens issued to it), redacted in every report by name. */
  secrets: Map<string, string>;
  /** Request shapes whose last request went unanswered (a shorter deadline for the next, deadlines.ts). */
  hung: Set<string>;
}

export const newRunState = (): RunState => ({
  createdMeetings: new Map(),
  memo: new Map(),
  secrets: new Map(),
  hung: new Set(),
});

export class CheckContext {
  readonly http: HttpClient;
  readonly rng: Rng;
  /** Exchanges recorded by helpers that do not use `http` (WebSocket sessions). */
  readonly extra: Exchange[] = [];
  metrics: Record<string, number> = {};

  constructor(
    readonly target: Target,
    readonly checkId: string,
    private readonly state: RunState,
  ) {
    this.http = new HttpClient(target.baseUrl, target.timeoutMs, state.hung);
    this.rng = rngFor(target.seed, checkId);
  }

  get exchanges(): Exchange[] {
    return [...this.http.exchanges, ...this.extra];
  }

  /**
   * A meeting REST call (`POST /v1/<name>`) with the given key (the run's key by default; null:
   * none). The catalog types it: a name that is no meeting route, or a body its request schema does
   * not allow, fails type checking; `expectAnswer(reply, name)` (answer.ts) reads the 200 typed.
   */
  call<N extends CallRouteName>(name: N, body: RequestOf<N>, key: string | null = this.target.apiKey) {
    return this.callRaw(name, body, key);
  }

  /** `call` with any body: the invalid ones the error checks send, the ones tables fill in. */
  callRaw(name: CallRouteName, body: unknown, key: string | null = this.target.apiKey): Promise<Reply> {
    return this.http.send(`/v1/${name}`, {
      method: 'POST',
      headers: key === null ? {} : { 'X-API-Key': key },
      body: body ?? {},
    });
  }

  /** Title of data this run creates: starts with the run id, so a person (or cleanup) can find it. */
  title(label: string): string {
    return `${this.target.runId} ${label}`;
  }

  /**
   * Creates a meeting owned by `key`, remembered for cleanup. Only its id is read (the checks that
   * judge create-meeting's answer validate it): a deployment's other faults do not stop the setup.
   */
  async createMeeting(label: string, key = this.target.apiKey): Promise<{ meeting: { id: string } }> {
    const reply = await this.call('create-meeting', { title: this.title(label) }, key);
    const id = pick(reply.body, 'meeting.id');
    if (reply.status !== 200 || typeof id !== 'string') {
      throw new Error(`create-meeting answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    }
    this.state.createdMeetings.set(id, key);
    return { meeting: { id } };
  }

  remember(meetingId: string, key = this.target.apiKey): void {
    this.state.createdMeetings.set(meetingId, key);
  }

  forget(meetingId: string): void {
    this.state.createdMeetings.delete(meetingId);
  }

  /**
   * Runs `make` once per run for `key`; later callers share its result. Deviations it reports are
   * its own, not the first caller's: any makes it fail, so every caller gets them.
   */
  shared<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.state.memo.get(key) as Promise<T> | undefined;
    if (!value) {
      const { findings, done } = withFindings(strictChoices(), make);
      value = done.then((result) => {
        const found = [...findings.found, ...findings.omitted];
        if (found.some((f) => !f.choice)) throw new Verdict('FAIL', found[0]?.message ?? '', found);
        // Choices only: noted by the check that made it (this continuation runs in its scope).
        adopt(found);
        return result;
      });
      this.state.memo.set(key, value);
    }
    return value;
  }

  /** A URL of the partner interface (`path` starts with /). */
  partnerUrl(path: string): string {
    return `${this.target.integrationUrl ?? this.target.baseUrl}${path}`;
  }

  /** Remembers a secret learnt during the run; reports show `<NAME>` in its place. */
  secret(name: string, value: string): void {
    const taken = [...this.state.secrets.entries()].find(([, v]) => v === value);
    if (taken) return;
    let key = name;
    for (let n = 2; this.state.secrets.has(key); n++) key = `${name}_${n}`;
    this.state.secrets.set(key, value);
  }

  audioUrl(path: string): string | undefined {
    return this.target.audioBaseUrl ? `${this.target.audioBaseUrl}/${path}` : undefined;
  }
}
