// Hidden trigger behind the language dropdown of Transcribe Audio: the languages the service's file
// speech-to-text takes as hints (schemas' STT_LANGUAGES, copied at build), named in English.
import { defineTrigger } from 'zapier-platform-core';
import { STT_LANGUAGES } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';

export const LANGUAGES_LIST_KEY = 'languages_list';
/** `trigger.id.label` reference of the dropdown (D004/D005). */
export const LANGUAGE_DROPDOWN = `${LANGUAGES_LIST_KEY}.id.name`;

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** "German (de)": the name a user looks for, and the code the service takes. */
export const languageChoice = (code: string) => ({ id: code, name: `${names.of(code) ?? code} (${code})` });

export default defineTrigger({
  key: LANGUAGES_LIST_KEY,
  noun: 'Language',
  display: {
    label: 'List Languages',
    description: STEP_HELP.languages_list,
    hidden: true,
  },
  operation: {
    type: 'polling',
    perform: async () => STT_LANGUAGES.map(languageChoice).sort((a, b) => a.name.localeCompare(b.name)),
    sample: languageChoice('en'),
    outputFields: [
      { key: 'id', label: 'Language Code', type: 'string', primary: true },
      { key: 'name', label: 'Language', type: 'string' },
    ],
  },
});
