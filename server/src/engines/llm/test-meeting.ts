import type { MeetingContext } from './llm.engine.js';

// Test support (not a test): a small product meeting with a known plot — a budget decision, a launch
// date, a hiring question, action items with owners and deadlines, a guest who introduces herself.

export const PRODUCT_MEETING: MeetingContext = {
  meeting_id: 'mtg_1',
  title: 'Q3 launch planning',
  start_at: '2024-05-02T14:00:00Z',
  end_at: '2024-05-02T14:35:00Z',
  participants: [
    { id: 'u_ana', name: 'Ana Lima', email: 'ana@parley.test', registered: true },
    { id: 'u_ben', name: 'Ben Okafor', email: 'ben@parley.test', registered: true },
    { id: 'em:carla.diaz@acme-corp.com', name: 'Carla Diaz' },
    { id: 'em:dev.guest@gmail.com' },
  ],
  utterances: [
    { speaker: 'u_ana', text: 'Good morning everyone, let us start the meeting.', start_seconds: 1 },
    {
      speaker: 'u_ana',
      text: 'Today we need to agree on the launch budget and the launch date for the mobile app.',
      start_seconds: 6,
    },
    {
      speaker: 'u_ben',
      text: 'The launch budget is currently forty thousand dollars for the mobile app campaign.',
      start_seconds: 14,
    },
    {
      speaker: 'em:carla.diaz@acme-corp.com',
      text: "Hi, I'm Carla Diaz, head of partnerships at Acme. You can reach me at carla.diaz@acme-corp.com or linkedin.com/in/carladiaz.",
      start_seconds: 22,
    },
    {
      speaker: 'em:carla.diaz@acme-corp.com',
      text: 'Acme can co-fund the mobile app launch campaign if the launch date stays in September.',
      start_seconds: 31,
    },
    {
      speaker: 'u_ana',
      text: 'Great, then we decided to keep the launch date on September twelfth.',
      start_seconds: 40,
    },
    { speaker: 'u_ben', text: 'Sounds good.', start_seconds: 47 },
    { speaker: 'u_ben', text: 'I will send the updated budget to finance by Friday.', start_seconds: 50 },
    {
      speaker: 'u_ana',
      text: 'We need to finish the launch report by the end of the week.',
      start_seconds: 58,
    },
    { speaker: 'u_ben', text: 'What about the hiring plan for the support team?', start_seconds: 66 },
    {
      speaker: 'u_ana',
      text: 'The hiring plan adds two support engineers before the launch.',
      start_seconds: 72,
    },
    { speaker: 'u_ana', text: 'We will not change the pricing this quarter.', start_seconds: 80 },
    {
      speaker: 'em:carla.diaz@acme-corp.com',
      text: "Let's meet again next Tuesday to review the campaign.",
      start_seconds: 86,
    },
    { speaker: 'u_ben', text: 'Thank you all for joining today.', start_seconds: 95 },
  ],
  messages: [
    {
      sender_id: 'u_ben',
      text: 'Slides: https://files.parley.test/q3-launch.pdf',
      created_at: '2024-05-02T14:10:00Z',
    },
  ],
};
