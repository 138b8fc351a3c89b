import type { ExtractedContact, MeetingContext } from './llm.engine.js';

// Contacts (guests) found in a meeting, by rule: every participant known by e-mail who is not a
// registered user, and every e-mail address written or spoken in the transcript or chat. Around an
// address the text is searched for a name ("Ana Lima <ana@x.com>", "I'm Ana Lima … ana@x.com"),
// a role and company ("I'm Ana Lima, head of sales at Acme"), and a LinkedIn profile id
// (linkedin.com/in/<id>). Without a stated company, a company e-mail domain gives one (acme.com →
// Acme); free-mail domains do not. Without a name, the name is the address's local part.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const NAME = "[A-Z][\\p{L}'-]+(?:\\s+[A-Z][\\p{L}'-]+){0,2}";
/** A capitalised word of a company name; a dot only inside it (Example.com), never ending it. */
const COMPANY_WORD = '[A-Z][\\p{L}\\d&-]*(?:\\.[\\p{L}\\d]+)*';
const NAME_BEFORE_EMAIL = new RegExp(`(${NAME})\\s*[<(:,-]?\\s*$`, 'u');
const INTRODUCTION = new RegExp(
  `\\b(?:I am|I'm|I’m|this is|my name is|meet)\\s+(${NAME})(?:,?\\s+(?:the\\s+|a\\s+|an\\s+)?([\\p{L} -]{2,40}?)\\s+(?:at|from|with|of)\\s+(${COMPANY_WORD}(?:\\s+${COMPANY_WORD}){0,3}))?`,
  'u',
);
/** Capitalised words that start sentences around addresses but are not names ("Email ana@x.com"). */
const NOT_NAMES = new Set(
  'Email E-mail Mail Contact Write Send Reach Ping Address Please Hi Hello Thanks Or And At To Cc Bcc From Reply Call'.split(
    ' ',
  ),
);
const LINKEDIN = /linkedin\.com\/in\/([A-Za-z0-9_-]+)/i;
const FREE_MAIL = new Set(
  'gmail googlemail outlook hotmail live msn yahoo ymail icloud me mac aol proton protonmail pm gmx web mail yandex zoho qq 163 126 example'.split(
    ' ',
  ),
);

/** A contact while it is being assembled: whether its company is only guessed from the domain. */
interface Found extends ExtractedContact {
  companyGuessed: boolean;
}

export function extractContacts(meeting: MeetingContext): ExtractedContact[] {
  const found = new Map<string, Found>();
  const add = (contact: Found) => {
    const key = contact.email.toLowerCase();
    const known = found.get(key);
    if (!known) {
      found.set(key, contact);
      return;
    }
    // What someone says about themselves beats a guess from an address.
    const statedCompany = known.companyGuessed && !contact.companyGuessed && contact.company_name !== null;
    found.set(key, {
      email: known.email,
      name: known.name === localPart(known.email) ? contact.name : known.name,
      company_name: statedCompany ? contact.company_name : (known.company_name ?? contact.company_name),
      companyGuessed: statedCompany ? false : known.companyGuessed,
      company_position: known.company_position ?? contact.company_position,
      social_profile_id: known.social_profile_id ?? contact.social_profile_id,
    });
  };
  for (const p of meeting.participants) {
    if (p.registered) continue;
    const email = p.email ?? (p.id.startsWith('em:') ? p.id.slice(3) : undefined);
    if (email && new RegExp(`^${EMAIL.source}$`).test(email))
      add(contact(email, p.name?.trim() || undefined, ''));
  }
  const registered = new Set(
    meeting.participants.filter((p) => p.registered && p.email).map((p) => (p.email ?? '').toLowerCase()),
  );
  const texts = [...meeting.utterances.map((u) => u.text), ...meeting.messages.map((m) => m.text)];
  for (const text of texts) {
    for (const match of text.matchAll(EMAIL)) {
      const email = match[0].replace(/\.$/, '');
      if (registered.has(email.toLowerCase())) continue;
      const before = text.slice(0, match.index ?? 0);
      const intro = INTRODUCTION.exec(text);
      const name = properName(NAME_BEFORE_EMAIL.exec(before)?.[1]) ?? intro?.[1];
      add(contact(email, name, text));
    }
  }
  return [...found.values()].map(({ companyGuessed: _, ...contact }) => contact);
}

function contact(email: string, name: string | undefined, text: string): Found {
  const intro = INTRODUCTION.exec(text);
  const introducesThisPerson = intro?.[1] !== undefined && (name === undefined || intro[1] === name);
  const stated = introducesThisPerson ? intro?.[3]?.trim() : undefined;
  return {
    email,
    name: name ?? localPart(email),
    company_name: stated ?? companyFromDomain(email),
    companyGuessed: stated === undefined,
    company_position: (introducesThisPerson ? intro?.[2]?.trim() : undefined) ?? null,
    social_profile_id: LINKEDIN.exec(text)?.[1] ?? null,
  };
}

/** Drops leading words that are not names; undefined when none is left. */
function properName(candidate: string | undefined): string | undefined {
  const words = (candidate ?? '').split(/\s+/).filter(Boolean);
  while (words.length > 0 && NOT_NAMES.has(words[0] ?? '')) words.shift();
  return words.length > 0 ? words.join(' ') : undefined;
}

function localPart(email: string): string {
  return email.split('@')[0] ?? email;
}

/** acme.com → "Acme", mail.acme-corp.co.uk → "Acme Corp"; null for free-mail providers. */
export function companyFromDomain(email: string): string | null {
  const labels = (email.split('@')[1] ?? '').toLowerCase().split('.');
  const secondLevel = labels.length >= 3 && /^(?:co|com|org|net|ac|gov)$/.test(labels.at(-2) ?? '') ? -3 : -2;
  const label = labels.at(secondLevel);
  if (!label || FREE_MAIL.has(label)) return null;
  return label
    .split('-')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
