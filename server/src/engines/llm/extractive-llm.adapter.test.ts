import { describe, expect, it } from 'vitest';
import { createExtractiveMeetingAi } from './extractive-llm.adapter.js';
import type { MeetingContext } from './llm.engine.js';
import { PRODUCT_MEETING } from './test-meeting.js';

const ai = createExtractiveMeetingAi();
const section = (markdown: string, heading: string) =>
  markdown
    .split(/^## /m)
    .find((s) => s.startsWith(heading))
    ?.split('\n')
    .filter((l) => l.startsWith('- ')) ?? [];

describe('extractive meeting summary', () => {
  it('is deterministic and names its model honestly', async () => {
    const first = await ai.summarize(PRODUCT_MEETING);
    const second = await ai.summarize(PRODUCT_MEETING);
    expect(first).toEqual(second);
    expect(first.ai_model).toBe('parley-extractive-1');
    expect(ai.status()).toMatchObject({ engine: 'llm', adapter: 'parley-extractive', available: true });
    expect(first.markdown).toMatch(/nothing was generated/);
  });

  it('has a title, an overview from the meeting data, key points quoted verbatim in time order', async () => {
    const { markdown, key_points } = await ai.summarize(PRODUCT_MEETING);
    expect(markdown.startsWith('# Summary: Q3 launch planning\n')).toBe(true);
    expect(markdown).toContain('- **When:** 2024-05-02 14:00 UTC (35 min)');
    expect(markdown).toContain(
      '- **Participants (4):** Ana Lima, Ben Okafor, Carla Diaz, dev.guest@gmail.com',
    );
    const spoken = PRODUCT_MEETING.utterances.map((u) => u.text);
    const order = key_points.map((p) => spoken.findIndex((u) => u.includes(p)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(key_points.length).toBeGreaterThanOrEqual(3);
    expect(key_points).not.toContain('Sounds good.');
    // The meeting's central topic is the launch budget; a summary without it would miss the point.
    expect(key_points.some((p) => /launch budget/.test(p))).toBe(true);
  });

  it('lists action items with owners and deadlines, and leaves out negatives and plain questions', async () => {
    const { markdown, action_items } = await ai.summarize(PRODUCT_MEETING);
    const items = section(markdown, 'Action items');
    expect(items).toContain(
      '- [ ] I will send the updated budget to finance by Friday. — **Owner:** Ben Okafor · **Due:** Friday',
    );
    expect(items).toContain(
      '- [ ] We need to finish the launch report by the end of the week. — **Owner:** Team · **Due:** the end of the week',
    );
    expect(items.some((i) => i.includes("Let's meet again next Tuesday"))).toBe(true);
    expect(items.some((i) => i.includes('pricing'))).toBe(false);
    expect(items.some((i) => i.includes('hiring plan for the support team?'))).toBe(false);
    expect(action_items).toHaveLength(items.length);
  });

  it('honours a user prompt: the Focus line, and sentences with its words rise into the key points', async () => {
    const plain = await ai.summarize(PRODUCT_MEETING);
    const focused = await ai.summarize(PRODUCT_MEETING, { userPrompt: 'Focus on the Acme partnership' });
    expect(focused.markdown).toContain('**Focus:** Focus on the Acme partnership');
    const intro = "Hi, I'm Carla Diaz, head of partnerships at Acme.";
    expect(plain.key_points).not.toContain(intro);
    expect(focused.key_points).toContain(intro);
  });

  it('says so when a meeting has nothing to summarize', async () => {
    const empty: MeetingContext = { ...PRODUCT_MEETING, utterances: [], messages: [] };
    const { markdown, key_points, action_items } = await ai.summarize(empty);
    expect(markdown).toContain('_Nothing was said or written in this meeting._');
    expect(markdown).toContain('_No action items detected._');
    expect(key_points).toEqual([]);
    expect(action_items).toEqual([]);
  });

  it('keeps quoted text from turning into markup', async () => {
    const sneaky: MeetingContext = {
      ...PRODUCT_MEETING,
      utterances: [
        {
          speaker: '0',
          text: '# Not a heading, *not* bold, and <script>alert(1)</script> is just text here.',
        },
      ],
      messages: [],
    };
    const { markdown } = await ai.summarize(sneaky);
    expect(markdown).toContain(
      '\\# Not a heading, \\*not\\* bold, and \\<script\\>alert(1)\\</script\\> is just text here.',
    );
    expect(markdown).toContain('*Speaker 1*');
  });
});

describe('extractive documents and ask-ai', () => {
  it('writes minutes, action-item lists and transcripts by the prompt’s keyword', async () => {
    const minutes = await ai.generateDocument(PRODUCT_MEETING, { prompt: 'Write the meeting minutes.' });
    expect(minutes.markdown).toMatch(/^# Write the meeting minutes\n/);
    expect(minutes.markdown).toContain('## Discussion');
    expect(minutes.notes).toEqual(['kind: minutes']);
    const tasks = await ai.generateDocument(PRODUCT_MEETING, { prompt: 'List all action items' });
    expect(tasks.markdown).toContain('- [ ] I will send the updated budget to finance by Friday.');
    const transcript = await ai.generateDocument(PRODUCT_MEETING, { prompt: 'Full transcript please' });
    expect(transcript.markdown).toContain(
      '- **[00:50] Ben Okafor:** I will send the updated budget to finance by Friday.',
    );
    expect(transcript.markdown).toContain(
      '- **(chat) Ben Okafor:** Slides: https://files.parley.test/q3-launch.pdf',
    );
  });

  it('answers a question with the sentences that contain its words', async () => {
    const answer = await ai.ask(PRODUCT_MEETING, { question: 'What is the launch date?' });
    expect(answer.markdown).toContain('we decided to keep the launch date on September twelfth.');
    expect(answer.next_actions).toEqual([
      { type: 'ENAT_VIEW_SUMMARY', label: 'View the meeting summary', priority: 1 },
    ]);
    const nothing = await ai.ask(PRODUCT_MEETING, { question: 'Kubernetes migration?' });
    expect(nothing.markdown).toContain('_Nothing in the meeting mentions "kubernete", "migration"._');
  });

  // A long meeting talks about the launch in many sentences; the answer must lead with the one that
  // states what was asked (before, the date could be ranked out of the ten quoted sentences).
  it.each([
    ['When is the launch?', 'we decided to keep the launch date on September twelfth.'],
    ['How much is the launch budget?', 'The launch budget is currently forty thousand dollars'],
    ['What did we decide about the launch date?', 'we decided to keep the launch date on September twelfth.'],
    [
      'How many support engineers will we hire?',
      'The hiring plan adds two support engineers before the launch.',
    ],
  ])('answers "%s" with the sentence that carries it', async (question, carrier) => {
    const chatter = Array.from({ length: 14 }, (_, i) => ({
      speaker: i % 2 ? 'u_ana' : 'u_ben',
      text: `The launch campaign idea number ${i} needs more launch design and launch copy work for the app.`,
      start_seconds: 100 + i * 5,
    }));
    const long: MeetingContext = {
      ...PRODUCT_MEETING,
      utterances: [...PRODUCT_MEETING.utterances, ...chatter],
    };
    const answer = await ai.ask(long, { question });
    const quoted = answer.markdown
      .split('## Answer')[1]
      ?.split('\n')
      .find((l) => l.startsWith('> '));
    expect(quoted).toContain(carrier);
  });

  // Before, the named section was ignored: Friday changed everywhere, the text went to the end.
  it('applies an edit that names a section to that section only', async () => {
    const source =
      '# Plan\n\n## Timeline\n\nDraft by Friday.\n\n## Next steps\n\n- Review on Friday.\n\n## Risks\n\nNone known.\n';
    const edited = await ai.generateDocument(PRODUCT_MEETING, {
      prompt:
        'replace Friday with Monday in the Next steps section; add: - Call Acme. to the Next steps section; In the Risks section, replace None known with Budget',
      sourceContent: source,
    });
    expect(edited.markdown).toBe(
      '# Plan\n\n## Timeline\n\nDraft by Friday.\n\n## Next steps\n\n- Review on Monday.\n\n- Call Acme.\n\n## Risks\n\nBudget.\n',
    );
    expect(edited.notes[0]).toBe('in section "Next steps": replaced 1 × "Friday" with "Monday"');
    const missing = await ai.generateDocument(PRODUCT_MEETING, {
      prompt: 'replace Friday with Monday in the Budget section',
      sourceContent: source,
    });
    expect(missing.markdown).toBe(source);
    expect(missing.notes).toEqual(['no section "Budget" in the document; nothing changed']);
  });

  it('edits source content by rule and says exactly what it did', async () => {
    const source = '# Draft\n\n## Budget\n\nForty thousand.\n\n## Risks\n\nNone known.\n';
    const edited = await ai.ask(PRODUCT_MEETING, {
      question:
        'change the title to Launch brief; replace Forty with 40; remove the Risks section; add action items',
      sourceContent: source,
    });
    expect(edited.markdown).toMatch(/^# Launch brief\n\n## Budget\n\n40 thousand\.\n\n## Action items\n/);
    expect(edited.markdown).not.toContain('Risks');
    expect(edited.markdown).toContain('- [ ] I will send the updated budget to finance by Friday.');
    expect(edited.notes).toEqual([
      'title set to "Launch brief"',
      'replaced 1 × "Forty" with "40"',
      'section "Risks" removed',
      'action items section added from the meeting',
    ]);
  });

  it('leaves the document unchanged when no rule matches, and says so', async () => {
    const source = '# Draft\n\nText.';
    const result = await ai.generateDocument(PRODUCT_MEETING, {
      prompt: 'Make it sound more exciting',
      sourceContent: source,
    });
    expect(result.markdown).toBe(source);
    expect(result.notes[0]).toMatch(
      /^no rule-based edit matches "Make it sound more exciting"; document unchanged/,
    );
  });

  it('appends given text', async () => {
    const result = await ai.generateDocument(PRODUCT_MEETING, {
      prompt: 'append: Reviewed by Ana.',
      sourceContent: '# Doc',
    });
    expect(result.markdown).toBe('# Doc\n\nReviewed by Ana.\n');
  });
});

describe('extractive follow-up e-mail', () => {
  it('recaps key points and action items in escaped HTML', async () => {
    const email = await ai.followUpEmail(PRODUCT_MEETING);
    expect(email.subject).toBe('Follow-up: Q3 launch planning');
    expect(email.body_html).toContain('Thank you for joining Q3 launch planning on 2024-05-02.');
    expect(email.body_html).toContain(
      '<li>I will send the updated budget to finance by Friday. (owner: Ben Okafor, due: Friday)</li>',
    );
    const sneaky = await ai.followUpEmail({ ...PRODUCT_MEETING, title: '<b>Q3</b> & co' });
    expect(sneaky.body_html).toContain('&lt;b&gt;Q3&lt;/b&gt; &amp; co');
  });
});
