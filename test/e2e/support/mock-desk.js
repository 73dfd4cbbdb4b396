/* global window, location */
// A canned window.desk for looking at the screens before a core exists (preview.mjs). Not a test double
// for the e2e tests: those run against the real headless host.
(() => {
  const now = new Date().toISOString();
  const step = (id, label, status, blockedBy = null, waitingFor = null) => ({ id, label, status, blockedBy, waitingFor });
  const checklist = (band, provisional, items) => ({ band, provisional, items });
  const ubo = (id, first, last, extra = {}) => ({
    id, serverId: null, origin: 'manual', details: { firstName: first, lastName: last, clientSACitizen: true, idNumber: '8001010008087', isShareholder: true, shareholderPercentage: '50' },
    detailsCompleted: true, screening: { matchedNumber: 0, matchedEntities: [], webSearchResults: [] }, pepReview: null, riskStatus: 'Undetermined', riskReason: null,
    docsConfirmed: false, documents: [], checklist: checklist('Undetermined', true, [{ groupId: 1, name: 'Proof of identity', description: 'Green ID book, smart ID card or passport', types: [{ id: 1, name: 'Smart ID card' }, { id: 3, name: 'Passport' }], onFile: false }]),
    steps: [step('details', 'Personal details', 'done'), step('pep-review', 'PEP and sanctions review', 'available'), step('documents', 'Documents', 'available'), step('doc-confirm', 'Confirm documents', 'blocked', 'Waiting for the PEP review of ' + first)],
    ...extra,
  });
  const entity = {
    kind: 'entity', id: 'case-1', status: 'waiting', title: 'Acme Traders (Pty) Ltd', serverId: null, clientReference: 'FD-2026-0001', createdBy: 'u1', createdAt: now, updatedAt: now,
    riskBand: 'Undetermined', riskReason: null, decision: null,
    documents: [
      { id: 'd1', caseId: 'case-1', owner: { kind: 'entity' }, pairs: [{ groupId: 1, typeId: 1 }], filename: 'registration.pdf', mimeType: 'application/pdf', size: 183000, sha256: 'x', pageCount: 2, state: 'uploading', progress: { sent: 40, total: 100 }, error: null, serverIds: [], capturedAt: now },
      { id: 'd2', caseId: 'case-1', owner: { kind: 'entity' }, pairs: [{ groupId: 2, typeId: 4 }], filename: 'bill.jpg', mimeType: 'image/jpeg', size: 83000, sha256: 'x', pageCount: 1, state: 'failed', progress: null, error: 'The service refused the file: unsupported type.', serverIds: [], capturedAt: now },
    ],
    checklist: checklist('Undetermined', true, [{ groupId: 1, name: 'Proof of registration', description: 'Registration certificate or Memorandum of Incorporation', types: [{ id: 1, name: 'Registration certificate (CoR 14.3)' }, { id: 2, name: 'Memorandum of Incorporation (CoR 15.1)' }], onFile: false }]),
    steps: [
      step('create', 'Create the entity', 'done'), step('kyb', 'Business details (KYB)', 'queued', null, 'waiting for connection'), step('sanctions-review', 'Sanctions and adverse media review', 'needs-review'),
      step('organigram', 'Ownership tree', 'available'), step('people', 'Each person: details, PEP review, documents', 'blocked', 'Verify the ownership tree first'),
      step('shareholding-confirm', 'Confirm shareholding', 'blocked', 'Waiting for the PEP review of Jane Doe'), step('entity-documents', 'Entity documents', 'blocked', 'Waiting for shareholding confirmation'),
      step('entity-doc-confirm', 'Confirm entity documents', 'blocked', 'Upload the required documents'), step('decision', 'Onboarding decision', 'blocked', 'Complete every step first'), step('report', 'Report', 'available'),
    ],
    unsentJobs: 3, blockedReason: null, reportCachedAt: null,
    create: { entityRegName: 'Acme Traders (Pty) Ltd', entityRegNumber: '2015/123456/07', entityType: 4 }, entityTypeName: 'Trust-owned Private Company', showOrganigram: true, foreignEntityType: false,
    registryCommercialName: 'ACME TRADERS (PTY) LTD', registryFound: true,
    sanctionsSearchResults: { matchedNumber: 1, matchedEntities: [{ name: 'Acme Sanctioned Holdings', matchType: 'Sanctions', score: 0.92, source: 'OFAC SDN' }], webSearchResults: [{ title: 'Acme fined for late filing', snippet: 'Regulator fines company', url: 'https://news.example/acme' }] },
    kyb: null, sanctionsReview: null, ubos: [ubo('u-1', 'Jane', 'Doe'), ubo('u-2', 'John', 'Smith', { origin: 'registry', detailsCompleted: false })],
    organigram: { draft: null, verified: false, response: null }, shareholdingConfirmed: false, docsConfirmed: false,
  };
  const lookups = {
    entityTypes: [{ id: 1, name: 'Private Company (Pty) Ltd', showOrganigram: false, foreignEntityType: false, active: true }, { id: 4, name: 'Trust-owned Private Company', showOrganigram: true, foreignEntityType: false, active: true }, { id: 7, name: 'Foreign Company', showOrganigram: false, foreignEntityType: true, active: true }],
    trustRelatedPartyTypes: [{ id: 1, name: 'Founder' }, { id: 2, name: 'Trustee' }, { id: 3, name: 'Beneficiary' }],
    entityDocGroups: [{ id: 1, name: 'Proof of registration', descriptionLowRisk: '', descriptionMediumRisk: '', descriptionHighRisk: '', requiredLowRisk: true, requiredMediumRisk: true, requiredHighRisk: true, active: true }, { id: 2, name: 'Proof of business address', descriptionLowRisk: '', descriptionMediumRisk: '', descriptionHighRisk: '', requiredLowRisk: false, requiredMediumRisk: true, requiredHighRisk: true, active: true }],
    entityDocTypes: [{ id: 1, docID: 1, name: 'Registration certificate (CoR 14.3)' }, { id: 2, docID: 1, name: 'Memorandum of Incorporation (CoR 15.1)' }, { id: 4, docID: 2, name: 'Utility bill' }],
    individualDocGroups: [{ id: 1, name: 'Proof of identity', lowRiskDescription: '', mediumRiskDescription: '', highRiskDescription: '', lowRiskRequired: true, mediumRiskRequired: true, highRiskRequired: true, active: true }],
    individualDocTypes: [{ id: 1, docID: 1, name: 'Smart ID card' }, { id: 3, docID: 1, name: 'Passport' }],
    countries: [{ id: 1, name: 'South Africa', code: 'ZA', highRisk: false, active: true }, { id: 2, name: 'Namibia', code: 'NA', highRisk: false, active: true }, { id: 3, name: 'Iran', code: 'IR', highRisk: true, active: true }],
    industries: [{ id: 1, name: 'Retail', active: true }], transactionFrequencies: [{ id: 1, name: 'Monthly', active: true }], transactionTypes: [{ id: 1, name: 'EFT', active: true }],
    fundingSources: [{ id: 1, name: 'Business income', active: true }], sourcesOfWealth: [{ id: 1, name: 'Trading profits', active: true }], employmentStatuses: [{ id: 1, name: 'Employed', active: true }],
    foreignOfficialTypes: [{ id: 1, name: 'Head of state', active: true }],
    users: [{ id: 'u1', name: 'Demo Capturer', email: 'c@x', role: 'capturer' }, { id: 'u2', name: 'Demo Reviewer', email: 'r@x', role: 'reviewer' }],
    partner: null, fetchedAt: now,
  };
  const kind = new URLSearchParams(location.search).get('env') || 'sandbox';
  const status = { profile: { id: 'p1', name: 'Sandbox', kind, baseUrl: 'http://127.0.0.1:4010', tokenUrl: null, hasCredentials: true, active: true }, connectivity: kind === 'live' ? 'online' : 'offline', unsentCount: 7, failedCount: 1, queuePaused: false, lastSyncAt: now, currentUserId: 'u1' };
  const jobs = [
    { id: 'j1', caseId: 'case-1', caseTitle: entity.title, kind: 'upload', label: 'Upload Registration certificate for Acme Traders', state: 'running', waitingFor: null, attempts: 1, nextAttemptAt: null, progress: { sent: 60, total: 100 }, error: null, createdAt: now },
    { id: 'j2', caseId: 'case-1', caseTitle: entity.title, kind: 'kyb', label: 'Send business details', state: 'waiting', waitingFor: 'waiting for connection', attempts: 0, nextAttemptAt: null, progress: null, error: null, createdAt: now },
    { id: 'j3', caseId: 'case-1', caseTitle: entity.title, kind: 'upload', label: 'Upload Utility bill for Acme Traders', state: 'failed', waitingFor: null, attempts: 3, nextAttemptAt: null, progress: null, error: { message: 'The service refused the file: it is not a PDF, PNG or JPEG.', permanent: true }, createdAt: now },
  ];
  const summaries = [
    { id: 'case-1', kind: 'entity', title: entity.title, subtitle: 'Trust-owned Private Company · 2015/123456/07', clientReference: 'FD-2026-0001', status: 'waiting', waitingFor: 'Waiting for connection', serverId: null, riskBand: 'Undetermined', unsentJobs: 3, createdBy: 'u1', updatedAt: now },
    { id: 'case-2', kind: 'individual', title: 'Sipho Ndlovu', subtitle: 'ID 8001015009087', clientReference: 'FD-2026-0002', status: 'approved', waitingFor: null, serverId: 's', riskBand: 'Low Risk', unsentJobs: 0, createdBy: 'u1', updatedAt: now },
    { id: 'case-3', kind: 'entity', title: 'Blue Crane Holdings', subtitle: 'Private Company (Pty) Ltd · 2019/555111/07', clientReference: 'FD-2026-0003', status: 'needs-review', waitingFor: null, serverId: 's', riskBand: 'High Risk', unsentJobs: 0, createdBy: 'u2', updatedAt: now },
  ];
  const answers = {
    'status.get': () => status, 'settings.get': () => ({ currentUserId: 'u1', theme: new URLSearchParams(location.search).get('theme') || 'light', retentionDays: 90, allowSelfApproval: false }),
    'lookups.get': () => lookups, 'lookups.refresh': () => lookups, 'cases.list': () => summaries, 'cases.get': () => entity, 'queue.list': () => jobs,
    'profiles.list': () => [status.profile, { id: 'p2', name: 'Bank test', kind: 'test', baseUrl: 'https://test.example.co.za', tokenUrl: null, hasCredentials: false, active: false }],
    'webhooks.list': () => [],
  };
  window.desk = {
    async invoke(channel) {
      const f = answers[channel];
      if (!f) throw Object.assign(new Error('Not in the preview: ' + channel), { code: 'internal' });
      return structuredClone(f());
    },
    on() { return () => {}; },
  };
})();
