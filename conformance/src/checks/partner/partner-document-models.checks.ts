import { DocumentModel } from '@parley/schemas/constants';
import { verify } from '../../check.js';
import { at } from '../../json-path.js';
import { partnerBearer } from '../../partner-oauth.js';
import { define } from '../define.js';
import { subjectMeeting } from './partner-subject.js';

// generate-document's `model`: "one of two allowed values, the default being the first". The spec
// writes the two as placeholders and the kit knows Parley's names: a deployment that accepts the
// first by name uses those names, and must then accept the second too; one that refuses the first
// names its models otherwise, and nothing is judged.

export const partnerDocumentModelsChecks = [
  define({
    id: 'partner.20.document-models',
    title: 'generate-document accepts both allowed models when it accepts the first by name',
    area: 'partner',
    clause: 'Automation-platform interface: generate-document `model` (one of two allowed values)',
    spec: '`model` string (optional; one of two allowed values, the default being the first: `<default_model>` or `<alternate_model>`)',
    choices: `the two names as Parley's (${DocumentModel.DEFAULT}, ${DocumentModel.ALTERNATE}); judged only where the first is accepted`,
    level: 'MUST',
    full: true,
    async run(ctx) {
      const meeting = await subjectMeeting(ctx);
      const path = `/api/partner/meetings/${encodeURIComponent(meeting.id)}/generate-document`;
      const ask = async (model: string) =>
        ctx.http.send(ctx.partnerUrl(path), {
          method: 'POST',
          headers: { authorization: `Bearer ${await partnerBearer(ctx)}` },
          body: { prompt: 'One line on this meeting.', model },
        });
      const first = await ask(DocumentModel.DEFAULT);
      if (first.status !== 200)
        return `model "${DocumentModel.DEFAULT}" answered ${first.status}: the deployment names its models otherwise, not judged`;
      const second = await ask(DocumentModel.ALTERNATE);
      verify(
        second.status === 200,
        'VALUE',
        `generate-document: model "${DocumentModel.ALTERNATE}" refused (${second.status}) while "${DocumentModel.DEFAULT}" is accepted: both are allowed values`,
        at('generate-document with the second model', 'status', 200, second.status),
      );
      return 'both allowed models accepted';
    },
  }),
];
