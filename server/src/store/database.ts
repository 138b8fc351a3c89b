import type {
  AccountsTable,
  ApiKeysTable,
  GuestContactsTable,
  UserSettingsTable,
  UsersTable,
  ViewerPeopleTable,
  WorkspaceTokensTable,
} from './accounts.tables.js';
import type { HookSubscriptionsTable } from './hooks.tables.js';
import type { JobsTable, MailOutboxTable } from './jobs.tables.js';
import type {
  AiDocumentsTable,
  LiveSessionsTable,
  MeetingCoHostsTable,
  MeetingParticipantsTable,
  MeetingsTable,
  MeetingViewersTable,
  MessagesTable,
  TranscriptionChunksTable,
  TranscriptUtterancesTable,
  ViewerFeedTable,
} from './meetings.tables.js';
import type {
  OAuthClientsTable,
  OAuthCodesTable,
  OAuthRevokedGrantsTable,
  OAuthSessionsTable,
  OAuthTokensTable,
  UserPasswordsTable,
  WebhookDeliveriesTable,
} from './partner.tables.js';

// The one database schema both dialects share (migrations/ creates it); its tables' shapes are in
// the *.tables.ts beside this file, by feature.
// Conventions that keep the SQL dialect-neutral: every timestamp is a BIGINT of microseconds since
// the epoch (`*_us`), booleans are INTEGER 0/1, lists and objects are JSON in TEXT columns.
// `updated_us` is unique per table: listing cursors compare it, so two rows never share one.

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  meeting_co_hosts: MeetingCoHostsTable;
  meeting_viewers: MeetingViewersTable;
  viewer_feed: ViewerFeedTable;
  messages: MessagesTable;
  transcription_chunks: TranscriptionChunksTable;
  transcript_utterances: TranscriptUtterancesTable;
  user_settings: UserSettingsTable;
  guest_contacts: GuestContactsTable;
  viewer_people: ViewerPeopleTable;
  workspace_tokens: WorkspaceTokensTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  ai_documents: AiDocumentsTable;
  live_sessions: LiveSessionsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  oauth_revoked_grants: OAuthRevokedGrantsTable;
  oauth_sessions: OAuthSessionsTable;
  user_passwords: UserPasswordsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  hook_subscriptions: HookSubscriptionsTable;
}

export type Dialect = 'sqlite' | 'postgres';
