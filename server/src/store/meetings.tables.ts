// Tables of meetings and what they hold: the roster, messages, transcripts, AI documents and the
// live streams writing into them. Conventions: database.ts.

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

/**
 * Who sees a meeting, one row per viewer id (the host's user id, each participant id), with the
 * meeting's sort keys copied so a viewer's meetings are walked newest first (migration
 * 0014-meeting-viewers; kept by meeting-viewers.store.ts).
 */
export interface MeetingViewersTable {
  viewer_id: string;
  meeting_id: string;
  meeting_updated_us: number;
  meeting_end_us: number | null;
}

/** Every message but users' own chat, once per viewer of its meeting (migration 0014-meeting-viewers). */
export interface ViewerFeedTable {
  viewer_id: string;
  message_id: string;
  meeting_id: string;
  type: string;
  created_us: number;
}
