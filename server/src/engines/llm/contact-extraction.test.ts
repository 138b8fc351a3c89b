import { describe, expect, it } from 'vitest';
import { companyFromDomain, extractContacts, spellsLocalPart } from './contact-extraction.js';
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

  it('takes the name, role and company said aloud over the address local part', () => {
    const meeting: MeetingContext = {
      ...PRODUCT_MEETING,
      participants: [
        { id: 'em:tomas.ortega@gmail.com', email: 'tomas.ortega@gmail.com' },
        { id: 'em:ng.li@lumen.io', email: 'ng.li@lumen.io' },
        { id: 'em:x7@acme.com', email: 'x7@acme.com' },
      ],
      utterances: [
        { speaker: '0', text: "Hi everyone, I'm Tomás Ortega, head of sales at Brightline." },
        { speaker: 'em:x7@acme.com', text: "This is Dana Whitfield, I'm on the phone from the car." },
        { speaker: '1', text: "I'm Priya, I'll keep time." },
      ],
      messages: [],
    };
    expect(extractContacts(meeting)).toEqual([
      {
        email: 'tomas.ortega@gmail.com',
        name: 'Tomás Ortega',
        company_name: 'Brightline',
        company_position: 'head of sales',
        social_profile_id: null,
      },
      // Nobody called Ng Li introduced themselves: the local part stays, honestly.
      {
        email: 'ng.li@lumen.io',
        name: 'ng.li',
        company_name: 'Lumen',
        company_position: null,
        social_profile_id: null,
      },
      // Said by the participant whose address it is, even though the name does not spell it.
      {
        email: 'x7@acme.com',
        name: 'Dana Whitfield',
        company_name: 'Acme',
        company_position: null,
        social_profile_id: null,
      },
    ]);
  });

  it.each([
    ['Tomás Ortega', 'tomas.ortega@x.com', true],
    ['Tomás Ortega', 'tortega@x.com', true],
    ['Tomás Ortega', 'ortega.t@x.com', true],
    ['Priya', 'priya@x.com', true],
    ['Priya', 'tomas.ortega@x.com', false],
    ['Ana Lima', 'ana.silva@x.com', false],
  ])('"%s" spells the local part of %s: %s', (name, email, expected) => {
    expect(spellsLocalPart(name, email)).toBe(expected);
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
