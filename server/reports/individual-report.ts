// The individual's PDF report (individual-api.md "pdf-report"), laid out with the shared writer.
import type { Individual, IndividualDocument } from '../store/individuals.js';
import {
  FOREIGN_OFFICIAL_TYPES,
  INDIVIDUAL_DOC_GROUPS,
  INDIVIDUAL_DOC_TYPES,
  findById,
} from '../fixtures/lookups.js';
import { ReportWriter } from './report-writer.js';

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
const day = (iso: string | null): string | null => (iso ? iso.slice(0, 10) : null);

export async function individualReport(
  individual: Individual,
  documents: IndividualDocument[],
  generatedAt: Date,
): Promise<Buffer> {
  const name = `${individual.firstName} ${individual.lastName}`.trim();
  const w = new ReportWriter(
    `FICA report: ${name}`,
    `FICA report ${individual.id}  ·  generated ${generatedAt.toISOString()}`,
  );
  w.title(`FICA report: ${name}`, `Individual client ${individual.id}  ·  sandbox`);

  w.heading('Client');
  w.keyValues([
    ['Name', name],
    ['Client reference', individual.clientRef],
    ['External system id', individual.externalSystemId],
    ['South African citizen', yesNo(individual.details.clientSACitizen)],
    ['ID number', individual.idNumber],
    ['Passport number', individual.passportNumber],
    ['E-mail', individual.clientEmail],
    ['Telephone', individual.clientPhone],
    ['Occupation', individual.details.occupation],
    ['Employer', individual.details.employerName],
  ]);

  w.heading('Status');
  w.keyValues([
    ['FICA status', individual.ficaStatus],
    ['Risk', individual.riskDescription],
    ['Risk reason', individual.riskReason],
    ['Onboarding decision', individual.onboardingDecision],
    ['Comments', individual.additionalComments],
    ['Approved by', individual.approvedBy],
    ['Approval date', day(individual.approvalDate)],
    ['Next FICA review', day(individual.nextFicaReviewDate)],
  ]);

  w.heading('AML screening');
  const aml = individual.amlScreening;
  if (!aml) {
    w.paragraph('Not run yet.', { muted: true });
  } else {
    w.table(
      [
        { header: 'Finding', width: 0.25 },
        { header: 'Source', width: 0.35 },
        { header: 'Detail', width: 0.4 },
      ],
      [...aml.matchedEntities, ...aml.webSearchResults].map((m) => [
        m.matchType,
        m.source,
        m.title ?? m.name,
      ]),
      'No sanctions, PEP or adverse media findings.',
    );
  }

  w.heading('External validation');
  const ev = individual.externalValidation;
  w.keyValues(
    ev
      ? [
          ['ID status', ev.kycResult.IDStatusDesc],
          ['KYC status', ev.kycResult.KYCStatusDesc],
          ['Birth date', ev.consumerDetail.BirthDate],
          ['Gender', ev.consumerDetail.Gender],
        ]
      : [['Result', 'Not run yet']],
  );

  w.heading('PEP and sanctions review');
  w.keyValues([
    ['Reviewed', yesNo(individual.pepConfirmReviewed)],
    ['Adverse results', yesNo(individual.adverseSearchKYC)],
    ['Foreign official', yesNo(individual.clientForeignOfficial)],
    ['Official type', findById(FOREIGN_OFFICIAL_TYPES, individual.clientForeignOfficialType)?.name ?? null],
  ]);

  w.heading('Documents');
  w.table(
    [
      { header: 'Group', width: 0.3 },
      { header: 'Type', width: 0.25 },
      { header: 'File', width: 0.3 },
      { header: 'Uploaded', width: 0.15 },
    ],
    documents.map((d) => [
      findById(INDIVIDUAL_DOC_GROUPS, d.groupId)?.name ?? String(d.groupId),
      findById(INDIVIDUAL_DOC_TYPES, d.typeId)?.name ?? String(d.typeId),
      d.filename,
      d.uploadDate.slice(0, 10),
    ]),
    'No documents on file.',
  );
  w.paragraph(`Documents confirmed: ${yesNo(individual.docsUploadedReviewed)}`);
  return w.finish();
}
