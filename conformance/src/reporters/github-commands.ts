// GitHub Actions workflow commands (`::error title=…::message`), written to stdout where the runner
// reads them. Their escaping is GitHub's own (the runner's toolkit, `@actions/core`'s command.ts):
// in the message, `%`, CR and LF become %25, %0D, %0A; a property value also escapes `:` and `,`
// (%3A, %2C), which would otherwise end it. `%` first, so an escape is never escaped twice.

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export const escapeData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export const escapeProperty = (text: string): string =>
  escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One annotation: `::<level> title=<title>::<message>` (no file: a deployment has no source lines here). */
export function annotation(level: AnnotationLevel, title: string, message: string): string {
  return `::${level} title=${escapeProperty(title)}::${escapeData(message)}`;
}
