import { type Kysely, sql } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import { AccountsStore } from './accounts.store.js';
import { AiDocumentsStore } from './ai-documents.store.js';
import { CommitGroup } from './commit-group.js';
import { connect, type DatabaseTimeouts } from './connect.js';
import { ContactsStore } from './contacts.store.js';
import type { Database, Dialect } from './database.js';
import { HookSubscriptionsStore } from './hook-subscriptions.store.js';
import { JobsStore } from './jobs.store.js';
import { LiveSessionsStore } from './live-sessions.store.js';
import { MailStore } from './mail.store.js';
import { MeetingRosterStore } from './meeting-roster.store.js';
import { MeetingViewersStore } from './meeting-viewers.store.js';
import { MeetingsStore } from './meetings.store.js';
import { MessagesStore } from './messages.store.js';
import { migrateToLatest } from './migrations/index.js';
import { OAuthClientsStore, RegisteredClients } from './oauth-clients.store.js';
import { OAuthGrantsStore } from './oauth-grants.store.js';
import { PartnerAuthStore } from './partner-auth.store.js';
import { PartnerFeedStore } from './partner-feed.store.js';
import { PeopleStore } from './people.store.js';
import type { RepoContext } from './repo-context.js';
import { SettingsStore } from './settings.store.js';
import { isStampCollision, Stamps } from './stamps.js';
import { SummaryCacheStore } from './summary-cache.store.js';
import { TranscriptionStore } from './transcription.store.js';
import { ViewerPeopleStore } from './viewer-people.store.js';
import { WebhookDeliveriesStore } from './webhook-deliveries.store.js';
import { WorkspaceStore } from './workspace.store.js';

// The database behind one object: a repository per table group, all built on the same connection
// (or on the current transaction inside `transaction`). To add a table group: write
// `<group>.store.ts` with a class taking a RepoContext, and add it to `Repositories` below.

export interface Repositories {
  /** The connection, or the transaction these repositories run in (for helpers such as unusedStamp). */
  db: Kysely<Database>;
  accounts: AccountsStore;
  meetings: MeetingsStore;
  meetingRoster: MeetingRosterStore;
  meetingViewers: MeetingViewersStore;
  messages: MessagesStore;
  settings: SettingsStore;
  transcription: TranscriptionStore;
  contacts: ContactsStore;
  mail: MailStore;
  oauthClients: OAuthClientsStore;
  oauthGrants: OAuthGrantsStore;
  registeredClients: RegisteredClients;
  partnerAuth: PartnerAuthStore;
  partnerFeed: PartnerFeedStore;
  webhookDeliveries: WebhookDeliveriesStore;
  hookSubscriptions: HookSubscriptionsStore;
  people: PeopleStore;
  viewerPeople: ViewerPeopleStore;
  workspace: WorkspaceStore;
  jobs: JobsStore;
  summaryCache: SummaryCacheStore;
  aiDocuments: AiDocumentsStore;
  liveSessions: LiveSessionsStore;
}

function repositories(ctx: RepoContext): Repositories {
  return {
    db: ctx.db,
    accounts: new AccountsStore(ctx),
    meetings: new MeetingsStore(ctx),
    meetingRoster: new MeetingRosterStore(ctx),
    meetingViewers: new MeetingViewersStore(ctx),
    messages: new MessagesStore(ctx),
    settings: new SettingsStore(ctx),
    transcription: new TranscriptionStore(ctx),
    contacts: new ContactsStore(ctx),
    mail: new MailStore(ctx),
    oauthClients: new OAuthClientsStore(ctx),
    oauthGrants: new OAuthGrantsStore(ctx),
    registeredClients: new RegisteredClients(ctx),
    partnerAuth: new PartnerAuthStore(ctx),
    partnerFeed: new PartnerFeedStore(ctx),
    webhookDeliveries: new WebhookDeliveriesStore(ctx),
    hookSubscriptions: new HookSubscriptionsStore(ctx),
    people: new PeopleStore(ctx),
    viewerPeople: new ViewerPeopleStore(ctx),
    workspace: new WorkspaceStore(ctx),
    jobs: new JobsStore(ctx),
    summaryCache: new SummaryCacheStore(ctx),
    aiDocuments: new AiDocumentsStore(ctx),
    liveSessions: new LiveSessionsStore(ctx),
  };
}

export interface Store extends Repositories {
  readonly dialect: Dialect;
  /**
   * Runs `work` in one database transaction. Every write that stamps rows should go through here:
   * on a stamp collision with another server process the whole unit is retried with fresh stamps,
   * so `work` must not have side effects outside the database.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Deletes every row of every table except registered OAuth clients (emulator reset). */
  wipe(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://…`, `sqlite:<path>`, `sqlite::memory:`; undefined = `<dataDir>/parley.sqlite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  clock: Clock;
  ids: IdGenerator;
  /** PostgreSQL's connect and statement deadlines (the configuration's defaults when left out). */
  timeouts?: DatabaseTimeouts;
}

const STAMP_RETRIES = 5;

// Every table, children before parents, so foreign keys never block a wipe (tests snapshot it too).
export const WIPE_ORDER: (keyof Database)[] = [
  'hook_subscriptions',
  'webhook_deliveries',
  'oauth_sessions',
  'oauth_tokens',
  'oauth_revoked_grants',
  'oauth_codes',
  'user_passwords',
  'jobs',
  'mail_outbox',
  'workspace_tokens',
  'viewer_people',
  'guest_contacts',
  'user_settings',
  'ai_documents',
  'live_sessions',
  'viewer_feed',
  'meeting_viewers',
  'transcript_utterances',
  'transcription_chunks',
  'messages',
  'meeting_co_hosts',
  'meeting_participants',
  'meetings',
  'api_keys',
  'users',
  'accounts',
];

/** Connects, migrates to the latest schema, and returns the store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const { db, dialect } = connect(options.databaseUrl, options.dataDir, options.timeouts);
  try {
    await migrateToLatest(db as Kysely<unknown>, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const stamps = new Stamps(options.clock);
  const base: RepoContext = { db, dialect, ids: options.ids, stamps };
  // SQLite commits in groups (commit-group.ts says why); PostgreSQL runs transactions side by side.
  const group = dialect === 'sqlite' ? new CommitGroup(db) : undefined;
  const inTransaction = <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    group
      ? group.run((trx) => work(repositories({ ...base, db: trx })))
      : db.transaction().execute((trx) => work(repositories({ ...base, db: trx })));
  return {
    ...repositories(base),
    dialect,
    db,
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await inTransaction(work);
        } catch (error) {
          if (attempt >= STAMP_RETRIES || !isStampCollision(error)) throw error;
        }
      }
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async wipe() {
      await db.transaction().execute(async (trx) => {
        for (const table of WIPE_ORDER) await trx.deleteFrom(table).execute();
      });
    },
    close: () => db.destroy(),
  };
}
