import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingRefOutputFields } from '../output-fields.js';

/** The catalog trigger's polling operation and its instant twin on the hook extension. */
export default definePartnerTriggers('trigger-contact-discovered', {
  noun: 'Contact',
  label: 'Contact Discovered',
  description: STEP_HELP.contact_discovered,
  sample: { ...schemaExamples.contactDiscovered },
  outputFields: [
    { key: 'id', label: 'Contact ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'email', label: 'Email', type: 'string' },
    { key: 'company_name', label: 'Company Name', type: 'string' },
    { key: 'company_position', label: 'Company Position', type: 'string' },
    { key: 'social_profile_id', label: 'Social Profile ID', type: 'string' },
  ],
});
