import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schemaExamples } from '../generated/service-data.js';
import { pickByTitle, TITLE_SEARCH_PAGES } from '../searches/find-meeting.search.js';
import { appTester, bundleWith, caught, op, service } from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const find = (inputData: Record<string, string>) =>
  appTester(op.search('find_meeting'), bundleWith({ inputData }));
const listed = (id: string, title: string, updated_at = '2024-05-02T10:00:00Z') => ({
  ...schemaExamples.listedMeeting,
  id,
  title,
  updated_at,
});
const details = (id: string, title: string) => ({ ...schemaExamples.partnerMeeting, id, title });

describe('Find Meeting', () => {
  it('returns the meeting with its latest summary by id', async () => {
    service().get('/api/partner/meetings/mtg_01HX9W2Q').reply(200, schemaExamples.partnerMeeting);
    expect(await find({ meeting_id: 'mtg_01HX9W2Q' })).toEqual([schemaExamples.partnerMeeting]);
  });

  it('escapes the id in the path', async () => {
    service().get('/api/partner/meetings/a%2Fb').reply(200, details('a/b', 'Slash'));
    expect(await find({ meeting_id: 'a/b' })).toEqual([details('a/b', 'Slash')]);
  });

  it('finds nothing (not an error) for an unknown id', async () => {
    service()
      .get('/api/partner/meetings/mtg_nope')
      .reply(404, { success: false, error: 'Meeting not found' });
    expect(await find({ meeting_id: 'mtg_nope' })).toEqual([]);
  });

  it('finds by exact title, ignoring case, and fetches its details', async () => {
    service()
      .post('/v1/get-meetings')
      .reply(200, {
        success: true,
        has_more: false,
        meetings: [listed('mtg_2', 'Weekly sync notes'), listed('mtg_1', 'weekly SYNC')],
      });
    service().get('/api/partner/meetings/mtg_1').reply(200, details('mtg_1', 'weekly SYNC'));
    expect(await find({ title: ' Weekly sync ' })).toEqual([details('mtg_1', 'weekly SYNC')]);
  });

  it('reads further pages for an exact title before settling for a partial one', async () => {
    service()
      .post('/v1/get-meetings', { limit: 50 })
      .reply(200, {
        success: true,
        has_more: true,
        meetings: [listed('mtg_3', 'Retro of Q2', '2024-05-03T00:00:00Z')],
      });
    service()
      .post('/v1/get-meetings', { limit: 50, last_updated_at: '2024-05-03T00:00:00Z' })
      .reply(200, {
        success: true,
        has_more: false,
        meetings: [listed('mtg_4', 'Retro', '2024-05-01T00:00:00Z')],
      });
    service().get('/api/partner/meetings/mtg_4').reply(200, details('mtg_4', 'Retro'));
    expect(await find({ title: 'retro' })).toEqual([details('mtg_4', 'Retro')]);
  });

  it('falls back to the newest partial match, reading at most the recent pages', async () => {
    for (let page = 0; page < TITLE_SEARCH_PAGES; page++) {
      const updated = `2024-05-0${9 - page}T00:00:00Z`;
      service()
        .post('/v1/get-meetings')
        .reply(200, {
          success: true,
          has_more: true,
          meetings: [listed(`mtg_p${page}`, `Planning ${page}`, updated)],
        });
    }
    service().get('/api/partner/meetings/mtg_p0').reply(200, details('mtg_p0', 'Planning 0'));
    expect(await find({ title: 'planning' })).toEqual([details('mtg_p0', 'Planning 0')]);
  });

  it('finds nothing when no recent title matches', async () => {
    service()
      .post('/v1/get-meetings')
      .reply(200, { success: true, has_more: false, meetings: [listed('mtg_1', 'Standup')] });
    expect(await find({ title: 'Board' })).toEqual([]);
  });

  it('asks for a meeting or a title when given neither', async () => {
    expect((await caught(find({ title: '  ' }))).detail.message).toMatch(/Pick a meeting or enter a title/);
  });

  it('prefers exact over partial matches in the helper', () => {
    const meetings = [listed('a', 'Sync two'), listed('b', 'sync')];
    expect(pickByTitle(meetings, 'SYNC')?.id).toBe('b');
    expect(pickByTitle(meetings, 'two')?.id).toBe('a');
    expect(pickByTitle(meetings, 'three')).toBeUndefined();
  });
});
