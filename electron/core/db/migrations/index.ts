// Every schema step the app ships, in order. To add one: create NNN-name.ts beside this file
// exporting a Migration (or SQL wrapped with sqlMigration) whose id is the next number, and append
// it here. Never edit or renumber a migration that has shipped; add a new one.
import { sqlMigration, type Migration } from '../migration.js';
import { m001Platform } from './001-platform.js';
import { m002Cases } from './002-cases.js';
import { m003Jobs } from './003-jobs.js';
import { m004EnvironmentScope } from './004-environment-scope.js';
import { m005PersonalDataKeys } from './005-personal-data-keys.js';
import { m006FormDrafts } from './006-form-drafts.js';
import { m007StaffAccounts } from './007-staff-accounts.js';
import { m008DeskCases } from './008-desk-cases.js';
import { m009JobPickIndexes } from './009-job-pick-indexes.js';
import { m010JobTallies } from './010-job-tallies.js';
import { m011DropCaseTallies } from './011-drop-case-tallies.js';
import { m012CaseOrderAndTallies } from './012-case-order-and-tallies.js';
import { m013DocumentReadings } from './013-document-readings.js';
import { m014OneReviewPath } from './014-one-review-path.js';
import { m015CaseDocumentsAtScale } from './015-case-documents-at-scale.js';

export const MIGRATIONS: readonly Migration[] = [
  m001Platform,
  sqlMigration(m002Cases.version, m002Cases.name, m002Cases.sql),
  sqlMigration(m003Jobs.version, m003Jobs.name, m003Jobs.sql),
  m004EnvironmentScope,
  m005PersonalDataKeys,
  m006FormDrafts,
  m007StaffAccounts,
  m008DeskCases,
  m009JobPickIndexes,
  m010JobTallies,
  m011DropCaseTallies,
  m012CaseOrderAndTallies,
  m013DocumentReadings,
  m014OneReviewPath,
  m015CaseDocumentsAtScale,
];
