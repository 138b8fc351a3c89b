import type { Fact } from '../../facts/fact.js';
import { factsOf } from '../meetings/fact-builders.js';

// The facts of the spec's part this folder checks (README.md beside index.ts), one per cell or clause:
// the user default meeting setting and its routes, the Person (contact) and get-my-people.

const fact = factsOf('settings-people');
const SCHEMAS = ['rest.01.route-schemas'];
const SETTING = 'S-user-default-meeting-setting';
const EFFECTS = ['rest.14.settings-effects'];
const PEOPLE = 'S-workspace-upload-and-people-02';

export const settingsPeopleFacts: readonly Fact[] = [
  fact('setting.user_id.type', 'type', 'MUST', `${SETTING}-01`, 'user_id | string', SCHEMAS),
  fact(
    'setting.original_languages.type',
    'type',
    'MUST',
    `${SETTING}-02`,
    'original_languages | string[] | speech-to-text input languages, IETF BCP-47',
    SCHEMAS,
  ),
  fact('setting.view_language.type', 'type', 'MUST', `${SETTING}-03`, 'view_language | string', SCHEMAS),
  fact(
    'setting.view_language.use',
    'content',
    'descriptive',
    `${SETTING}-03`,
    'view_language | language of generated documents',
    {
      why: 'no generated document names its language (a summary carries ai_model and markdown_body only): which language one is in is not shown',
    },
  ),
  fact(
    'setting.translation_languages.type',
    'type',
    'MUST',
    `${SETTING}-04`,
    'translation_languages | string[]',
    SCHEMAS,
  ),
  fact(
    'setting.contextual_keywords.type',
    'type',
    'MUST',
    `${SETTING}-05`,
    'contextual_keywords | string[]',
    SCHEMAS,
  ),
  fact(
    'setting.max_recording_minutes.type',
    'type',
    'MUST',
    `${SETTING}-06`,
    'max_recording_minutes | integer',
    SCHEMAS,
  ),
  fact(
    'setting.max_recording_minutes.presence',
    'presence',
    'MUST',
    `${SETTING}-06`,
    'max_recording_minutes | returned by the service',
    SCHEMAS,
  ),
  fact(
    'setting.max_recording_minutes.not-updatable',
    'effect',
    'MUST',
    `${SETTING}-06`,
    'max_recording_minutes | not updatable',
    EFFECTS,
  ),
  fact(
    'get-setting.body-optional',
    'default',
    'MUST',
    'S-default-meeting-settings-01',
    'POST /v1/get-user-default-meeting-setting | body optional',
    ['rest.22.optional-bodies'],
  ),
  fact(
    'get-setting.device_language_code.default',
    'default',
    'MUST',
    'S-default-meeting-settings-01',
    'device_language_code string (optional, default `en`, IETF BCP-47)',
    {
      why: 'the spec does not say what device_language_code changes in the answer: an omitted one cannot be told from another',
    },
  ),
  fact(
    'update.round-trip',
    'effect',
    'MUST',
    'S-what-the-service-does-06',
    'Per-user default meeting settings: read and update languages and context keywords.',
    ['rest.07.settings-round-trip'],
  ),
  fact(
    'update.original_languages.default',
    'default',
    'MUST',
    'S-default-meeting-settings-02',
    'original_languages string[] (optional, default empty)',
    EFFECTS,
  ),
  fact(
    'update.view_language.default',
    'default',
    'MUST',
    'S-default-meeting-settings-02',
    'view_language string (optional, default `en`)',
    EFFECTS,
  ),
  fact(
    'update.translation_languages.default',
    'default',
    'MUST',
    'S-default-meeting-settings-02',
    'translation_languages string[] (optional, default empty)',
    EFFECTS,
  ),
  fact(
    'update.contextual_keywords.default',
    'default',
    'MUST',
    'S-default-meeting-settings-02',
    'contextual_keywords string[] (optional, default empty)',
    EFFECTS,
  ),
  fact(
    'update.answer',
    'content',
    'MUST',
    'S-default-meeting-settings-02',
    'update-user-default-meeting-setting | {success, setting}',
    EFFECTS,
  ),
  fact('person.email.type', 'type', 'MUST', 'S-person-contact-01', 'email | string', SCHEMAS),
  fact(
    'person.email.presence',
    'presence',
    'MUST',
    'S-person-contact-01',
    'email | string | always present',
    ['rest.41.people-presence'],
  ),
  fact(
    'person.guest_profile.type',
    'type',
    'MUST',
    'S-person-contact-02',
    'guest_profile | object {name string, email string}',
    ['rest.41.people-presence'],
  ),
  fact(
    'person.guest_profile.presence',
    'presence',
    'MUST',
    'S-person-contact-02',
    'guest_profile | present for a guest contact',
    ['rest.41.people-presence'],
  ),
  fact(
    'person.user.type',
    'type',
    'MUST',
    'S-person-contact-03',
    'user | object {id string, name string, email string}',
    ['rest.41.people-presence'],
  ),
  fact(
    'person.user.presence',
    'presence',
    'MUST',
    'S-person-contact-03',
    'user | present for a registered user',
    ['rest.41.people-presence'],
  ),
  fact(
    'people.body-optional',
    'default',
    'MUST',
    PEOPLE,
    'POST /v1/get-my-people | body optional (default empty object)',
    ['rest.22.optional-bodies'],
  ),
  fact(
    'people.cursor.format',
    'form',
    'MUST',
    PEOPLE,
    'cursor string or null (optional, format `<name>:<email>`)',
    ['rest.27.people-walk'],
  ),
  fact(
    'people.cursor.moves',
    'cursor',
    'MUST',
    PEOPLE,
    'cursor (format `<name>:<email>`): a page asked with the cursor repeats none of the page before',
    ['rest.27.people-walk'],
  ),
  fact('people.has_more', 'cursor', 'MUST', PEOPLE, '{success, people: Person[], has_more: boolean}', [
    'rest.27.people-walk',
  ]),
  fact('people.limit.default', 'limit', 'MUST', PEOPLE, 'limit integer or null (optional, default 20)', [
    'rest.21.people-default-limit',
  ]),
  fact('people.nulls', 'form', 'MUST', PEOPLE, 'cursor string or null; limit integer or null', [
    'rest.29.optional-forms',
  ]),
  fact('limits.get-my-people.default', 'limit', 'MUST', 'S-limits-05', 'limit default | 20 | get-my-people', [
    'rest.21.people-default-limit',
  ]),
];
