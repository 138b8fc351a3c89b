// Table shapes of the one database schema both dialects share (migrations/ creates them).
// Conventions that keep the SQL dialect-neutral: every timestamp is a BIGINT of microseconds since
// the epoch (`*_us`), booleans are INTEGER 0/1, lists and objects are JSON in TEXT columns.
// `updated_us` is unique per table: listing cursors compare it, so two rows never share one.

export interface AccountsTable {
  id: string;
  name: string;
  created_us: number;
}

export interface UsersTable {
  id: string;
  account_id: string;
  /** Lower-case; unique across the server. */
  email: string;
  name: string;
  created_us: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** The user the key acts as. */
  user_id: string;
  /** sha256 hex of the key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, so a holder can tell keys apart. */
  prefix: string;
  name: string;
  created_us: number;
}

export interface MeetingsTable {
  id: string;
  host_user_id: string;
  title: string;
  status: string;
  language: string;
  /** JSON string[] */
  languages: string;
  /** JSON string[] */
  translation_languages: string;
  allow_add_translation_languages: number;
  /** JSON string[]; shown by the partner interface. */
  tags: string;
  invitation_link_expires_us: number;
  start_us: number;
  end_us: number | null;
  created_us: number;
  updated_us: number;
  /**
   * JSON string[]: meeting_participants' ids by position (the host first). A copy for reading,
   * kept equal to that table by every MeetingsStore write (migration 0005-meeting-roster).
   */
  participant_ids: string;
  /** JSON string[]: meeting_co_hosts' user ids by created_us; a copy like participant_ids. */
  co_host_ids: string;
}

export interface MeetingParticipantsTable {
  meeting_id: string;
  /** Bare user id or `em:<email>` (email lower-cased). */
  participant_id: string;
  /** Order of participant_ids in responses; the host is 0. */
  position: number;
}

export interface MeetingCoHostsTable {
  meeting_id: string;
  user_id: string;
  created_us: number;
}

export interface MessagesTable {
  id: string;
  meeting_id: string;
  sender_id: string;
  type: string;
  text: string;
  /** JSON {ai_model, markdown_body} on summary messages. */
  summary: string | null;
  summary_status: string | null;
  /** JSON of whatever else a message type carries (follow-up e-mail, contact, document). */
  payload: string | null;
  created_us: number;
  updated_us: number;
}

export interface TranscriptionChunksTable {
  id: string;
  meeting_id: string;
  meeting_message_id: string;
  session_id: string | null;
  text: string;
  language: string;
  start_duration: number;
  end_duration: number;
  is_final: number;
  speaker_v2: string | null;
  /** JSON {lang: text} */
  texts: string;
  created_us: number;
  updated_us: number;
}

export interface TranscriptUtterancesTable {
  id: string;
  meeting_id: string;
  message_id: string;
  start_seconds: number;
  end_seconds: number;
  transcript: string;
  confidence: number;
  language: string;
  speaker_v2: string | null;
  /** JSON {lang: text} */
  texts: string;
  created_us: number;
  updated_us: number;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON string[] */
  original_languages: string;
  view_language: string;
  /** JSON string[] */
  translation_languages: string;
  /** JSON string[] */
  contextual_keywords: string;
  max_recording_minutes: number;
  updated_us: number;
}

export interface GuestContactsTable {
  id: string;
  /** The user whose contact this is (get-my-people is scoped to it). */
  owner_user_id: string;
  meeting_id: string | null;
  name: string;
  /** Lower-case; unique per owner. */
  email: string;
  company_name: string | null;
  company_position: string | null;
  social_profile_id: string | null;
  created_us: number;
  updated_us: number;
}

export interface WorkspaceTokensTable {
  user_id: string;
  access_token: string;
  workspace_id: string | null;
  /** Notion page new uploads are created under; null = the workspace's top level (public integrations). */
  parent_page_id: string | null;
  created_us: number;
  updated_us: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** What produced it, e.g. `summary`, `followup`. */
  kind: string;
  meeting_id: string | null;
  user_id: string | null;
  created_us: number;
}

export interface JobsTable {
  id: string;
  /** e.g. `callback`, `mail`, `generate-document`. */
  kind: string;
  /** JSON */
  payload: string;
  /** `pending`, `running`, `done`, `failed`. */
  status: string;
  attempts: number;
  run_after_us: number;
  last_error: string | null;
  created_us: number;
  updated_us: number;
}

export interface OAuthClientsTable {
  client_id: string;
  /** sha256 hex of the secret. */
  client_secret_hash: string;
  name: string;
  /** JSON string[]; empty means the provider's own redirect policy applies. */
  redirect_uris: string;
  created_us: number;
  /** Standard Webhooks signing secret (`whsec_…`) of the client's callbacks (migration 0007). */
  webhook_secret: string | null;
}

/** The sign-in password of a user (migration 0007); users without one cannot sign in. */
export interface UserPasswordsTable {
  user_id: string;
  /** `scrypt$<N>$<r>$<p>$<salt>$<key>` (partner/passwords.ts). */
  password_hash: string;
  updated_us: number;
}

/** A signed-in browser session of the authorize pages (migration 0007). */
export interface OAuthSessionsTable {
  /** sha256 hex of the cookie value. */
  session_hash: string;
  user_id: string;
  csrf_token: string;
  expires_us: number;
  created_us: number;
}

/** One try of a callback delivery (migration 0008). */
export interface WebhookDeliveriesTable {
  id: string;
  /** The `webhook-id` header: the same on every try of one delivery. */
  delivery_id: string;
  job_id: string;
  client_id: string;
  url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  created_us: number;
}

export interface OAuthCodesTable {
  /** sha256 hex of the authorization code. */
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_us: number;
  used_us: number | null;
  created_us: number;
}

export interface OAuthTokensTable {
  /** sha256 hex of the token. */
  token_hash: string;
  /** `access` or `refresh`. */
  kind: string;
  client_id: string;
  user_id: string;
  scope: string;
  /** Tokens issued from one authorization share a family; reuse of a rotated refresh token revokes it. */
  family_id: string;
  expires_us: number;
  revoked_us: number | null;
  created_us: number;
}

/** A document made by ask-ai-for-meeting (migration 0002-ai); `id` is also its workflow plan id. */
export interface AiDocumentsTable {
  id: string;
  meeting_id: string;
  /** Who asked. */
  user_id: string;
  /** The document this one is a new version of (source_document_id). */
  parent_id: string | null;
  /** 1 for a document without parent, else the parent's version + 1. */
  version: number;
  /** `answer` (a question) or `edit` (an instruction applied to source Markdown). */
  kind: string;
  prompt: string;
  /** The Markdown that was edited, when the request sent it (source_content). */
  source_markdown: string | null;
  markdown: string;
  ai_model: string;
  /** The `model` number the request asked for. */
  model: number;
  /** JSON string[] */
  attachment_urls: string;
  /** JSON: the steps of the workflow plan and their outcome. */
  plan: string;
  /** JSON NextAction[] returned with it. */
  next_actions: string;
  created_us: number;
}

/** A live STT stream writing into a meeting (migration 0004-live-sessions). */
export interface LiveSessionsTable {
  id: string;
  /** The stream's session_id (client-chosen or generated); not unique, a reconnect may reuse it. */
  session_id: string;
  meeting_id: string;
  user_id: string;
  started_us: number;
  /** Null while the stream runs. */
  ended_us: number | null;
  /** LiveEndReason of the stream (`finished`, `client-closed`, ...). */
  end_reason: string | null;
  finals: number;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  meeting_co_hosts: MeetingCoHostsTable;
  messages: MessagesTable;
  transcription_chunks: TranscriptionChunksTable;
  transcript_utterances: TranscriptUtterancesTable;
  user_settings: UserSettingsTable;
  guest_contacts: GuestContactsTable;
  workspace_tokens: WorkspaceTokensTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  ai_documents: AiDocumentsTable;
  live_sessions: LiveSessionsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  oauth_sessions: OAuthSessionsTable;
  user_passwords: UserPasswordsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type Dialect = 'sqlite' | 'postgres';
