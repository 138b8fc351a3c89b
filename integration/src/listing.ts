// The app's listing copy, in one place: the app reads each step's sentence from here (its
// `display.description`), `npm run listing -w integration` writes listing/LISTING.md (the words for the
// developer platform's listing form) and renders the logo, and `npm run register -w integration` sends
// the description, homepage and category to `zapier-platform register`. The publishing checks
// (src/test/listing.test.ts) hold it to the platform's marketing rules M001–M007.

export const LISTING = {
  title: 'Parley',
  /** M002: 40–140 characters, begins "Parley is a…", names no automation platform. */
  description:
    'Parley is a meeting assistant that records, transcribes and summarizes your calls, then writes follow-ups and documents.',
  /** M001: a category slug `zapier-platform register --category` accepts (checked online by register). */
  category: 'transcription',
  /** M006: the public homepage. */
  homepageUrl: 'https://parley.dev',
  /** Where the listing's "help" and "learn more" links point. */
  helpUrls: {
    integration: 'https://parley.dev/help/zapier',
    account: 'https://parley.dev/help/account',
    api: 'https://parley.dev/docs/api',
  },
  /** The logo's vector source; the PNGs are rendered from it (listing/logo-256.png, logo-512.png). */
  logo: { source: 'listing/logo.svg', sizes: [256, 512] },
} as const;

/** One help sentence per step, by operation key: each operation's `display.description`. */
export const STEP_HELP = {
  meeting_ended: 'Triggers when a meeting you took part in ends.',
  summary_ready: 'Triggers when an AI summary of one of your meetings is ready.',
  contact_discovered: 'Triggers when a new contact (a guest) is found in one of your meetings.',
  followup_email_ready: 'Triggers when an AI follow-up email for one of your meetings is ready.',
  new_meeting: 'Triggers when a meeting is created that you host or are invited to.',
  meetings_list: 'Triggers when you open a meeting dropdown; lists your meetings, newest first.',
  languages_list: 'Triggers when you open a language dropdown; lists the languages Parley transcribes.',
  find_meeting: 'Finds one of your meetings by ID or title, with its latest AI summary.',
  find_or_create_meeting: 'Finds one of your meetings by ID or title; creates it when none matches.',
  get_transcript:
    "Finds a meeting's transcript, as text with the speakers and as one line item per utterance.",
  create_meeting: 'Starts a new Parley meeting and invites the people you list.',
  generate_document:
    'Writes an AI document (brief, notes, release notes …) from a meeting, following your prompt.',
  summarize_meeting: 'Writes an AI summary of a meeting, optionally emailed to its participants.',
  transcribe_audio:
    'Turns an audio file of any length into text, with who said what, in any language Parley detects.',
} as const;
