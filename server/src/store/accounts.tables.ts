// Tables of accounts, their users and what a user keeps: API keys, settings, guest contacts and the
// workspace (Notion) connection. Conventions: database.ts.

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

/**
 * Everyone a user's get-my-people lists, one row per (owner, person e-mail), in the order it pages
 * (migration 0016-viewer-people; kept by viewer-people.store.ts).
 */
export interface ViewerPeopleTable {
  owner_user_id: string;
  email: string;
  /** The registered user's name, else the owner's contact's, else the address's local part. */
  sort_name: string;
  /** The registered user with this e-mail, if any. */
  user_id: string | null;
  /** The name of the owner's guest contact with this e-mail, if any. */
  contact_name: string | null;
  /** Meetings the owner and this person both appear in. */
  met_count: number;
}
