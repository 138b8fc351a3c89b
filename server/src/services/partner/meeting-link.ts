// The link to a meeting in the deployment's own web app, which the spec does not have: a deployment
// that names its meeting page (PARLEY_MEETING_URL_TEMPLATE, `{id}` where the id goes) gets
// `meeting_url` (a Parley extension) on the partner interface's items and hook deliveries, so a
// Zap can link to the meeting; without it the field is absent and the items are the spec's.

/** The item with `meeting_url` added for `meetingId`, or the item as it is when no template is set. */
export type MeetingLink = <T extends object>(item: T, meetingId: string) => T & { meeting_url?: string };

export function meetingLink(template: string | undefined): MeetingLink {
  if (!template) return (item) => item;
  return (item, meetingId) => ({
    ...item,
    meeting_url: template.replace('{id}', encodeURIComponent(meetingId)),
  });
}
