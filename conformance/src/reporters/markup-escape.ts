// Text placed in the HTML report and the JUnit XML: their one escaping of markup characters.

const ENTITY: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** HTML text and double-quoted attribute values. */
export const htmlEscape = (text: string): string => text.replace(/[<>&"]/g, (c) => ENTITY[c] as string);

/** XML text and attribute values (either quote). */
export const xmlEscape = (text: string): string => text.replace(/[<>&"']/g, (c) => ENTITY[c] as string);
