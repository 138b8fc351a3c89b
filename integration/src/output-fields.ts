// Output fields that several operations share, so a meeting reads the same in every step.
import type { PlainOutputField } from 'zapier-platform-core';

/**
 * The meeting's page in the deployment's web app: a Parley extension (`meeting_url`) that a
 * deployment naming its meeting page adds to partner items and deliveries; absent elsewhere.
 */
const meetingLinkField = {
  key: 'meeting_url',
  label: 'Meeting Link',
  type: 'string',
} satisfies PlainOutputField;

export const meetingOutputFields = [
  { key: 'id', label: 'Meeting ID', type: 'string', primary: true },
  { key: 'title', label: 'Title', type: 'string' },
  { key: 'start_at', label: 'Started At', type: 'datetime' },
  { key: 'end_at', label: 'Ended At', type: 'datetime' },
  { key: 'language', label: 'Language', type: 'string' },
  { key: 'host_user_id', label: 'Host User ID', type: 'string' },
  { key: 'participant_count', label: 'Participant Count', type: 'integer' },
  { key: 'tags', label: 'Tags', type: 'string', list: true },
  meetingLinkField,
] satisfies PlainOutputField[];

/** Fields of an item that belongs to a meeting (summary, contact, follow-up e-mail). */
export const meetingRefOutputFields = [
  { key: 'meeting_id', label: 'Meeting ID', type: 'string' },
  { key: 'meeting_title', label: 'Meeting Title', type: 'string' },
  { key: 'created_at', label: 'Created At', type: 'datetime' },
  meetingLinkField,
] satisfies PlainOutputField[];

/** A meeting as create-meeting and get-meetings answer it (Create Meeting, New Meeting). */
export const createdMeetingOutputFields = [
  { key: 'id', label: 'Meeting ID', type: 'string', primary: true },
  { key: 'title', label: 'Title', type: 'string' },
  { key: 'status', label: 'Status', type: 'string' },
  { key: 'host_user_id', label: 'Host User ID', type: 'string' },
  { key: 'participant_ids', label: 'Participant IDs', type: 'string', list: true },
  { key: 'co_host_ids', label: 'Co-Host IDs', type: 'string', list: true },
  { key: 'start_at', label: 'Started At', type: 'datetime' },
  { key: 'created_at', label: 'Created At', type: 'datetime' },
  { key: 'updated_at', label: 'Updated At', type: 'datetime' },
  { key: 'language', label: 'Language', type: 'string' },
  { key: 'translation_languages', label: 'Translation Languages', type: 'string', list: true },
  { key: 'languages', label: 'Languages', type: 'string', list: true },
  {
    key: 'allow_users_to_add_translation_languages',
    label: 'Guests May Add Translation Languages',
    type: 'boolean',
  },
  { key: 'invitation_link_expires_at', label: 'Invitation Link Expires At', type: 'datetime' },
] satisfies PlainOutputField[];
