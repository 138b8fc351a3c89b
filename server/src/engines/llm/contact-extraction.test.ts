import { describe, expect, it } from 'vitest';
import { companyFromDomain, extractContacts } from './contact-extraction.js';
import type { MeetingContext } from './llm.engine.js';
import { PRODUCT_MEETING } from './test-meeting.js';

describe('contact extraction', () => {
  it('finds guests from the participant list and the text, with what the text says about them', () => {
    expect(extractContacts(PRODUCT_MEETING)).toEqual([
      {
        email: 'carla.diaz@acme-corp.com',
        name: 'Carla Diaz',
        company_name: 'Acme',
        company_position: 'head of partnerships',
        social_profile_id: 'carladiaz',
      },
      {
        email: 'dev.guest@gmail.com',
        name: 'dev.guest',
        company_name: null,
        company_position: null,
        social_profile_id: null,
      },
    ]);
  });

  it('skips registered users, reads "Name <email>" forms and dedupes by address', () => {
    const meeting: MeetingContext = {
      ...PRODUCT_MEETING,
      participants: [{ id: 'u_ana', name: 'Ana', email: 'ana@parley.test', registered: true }],
      utterances: [
        { speaker: 'u_ana', text: 'Copy ana@parley.test and Tom Berg <Tom.Berg@Northwind.io> please.' },
      ],
      messages: [
        { sender_id: 'u_ana', text: 'Email tom.berg@northwind.io again.' },
        { sender_id: 'u_ana', text: 'Reach Sam at sam@bigco.co.uk.' },
      ],
    };
    expect(extractContacts(meeting)).toEqual([
      {
        email: 'Tom.Berg@Northwind.io',
        name: 'Tom Berg',
        company_name: 'Northwind',
        company_position: null,
        social_profile_id: null,
      },
      {
        email: 'sam@bigco.co.uk',
        name: 'sam',
        company_name: 'Bigco',
        company_position: null,
        social_profile_id: null,
      },
    ]);
  });

  it('names companies from company domains only', () => {
    expect(companyFromDomain('x@acme-corp.com')).toBe('Acme Corp');
    expect(companyFromDomain('x@mail.contoso.co.uk')).toBe('Contoso');
    expect(companyFromDomain('x@gmail.com')).toBeNull();
    expect(companyFromDomain('x@outlook.de')).toBeNull();
  });
});
