// Message types the partner interface adds to the spec's MT_USER and MT_SUMMARY (schemas/README.md,
// "Partner triggers"): a guest contact met in a meeting, and the follow-up e-mail written when a
// meeting ends. Their fields live in the message's payload.
export const PartnerMessageType = {
  CONTACT: 'MT_CONTACT',
  FOLLOWUP_EMAIL: 'MT_FOLLOWUP_EMAIL',
} as const;

/** Trigger and partner-list size: the spec's "50 items, newest first". */
export const TRIGGER_LIMIT = 50;
