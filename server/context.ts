// Wires the store, providers and services once per server instance; routes receive this object.
import type { Clock } from './clock.js';
import type { SandboxConfig } from './config.js';
import { openSandboxDb, type Db } from './store/db.js';
import { PartnerRepository } from './store/partners.js';
import { TokenRepository } from './store/tokens.js';
import { StaffAccountRepository } from './store/staff-accounts.js';
import { EntityRepository } from './store/entities.js';
import { UboRepository } from './store/ubos.js';
import { TrustRepository } from './store/trusts.js';
import { DocumentRepository } from './store/documents.js';
import { FileStore } from './store/files.js';
import { EntityService } from './services/entity-service.js';
import { UboService } from './services/ubo-service.js';
import { DocumentService } from './services/document-service.js';
import { OrganigramService } from './services/organigram-service.js';
import { DecisionService } from './services/decision-service.js';
import { ReportService } from './services/report-service.js';
import { SecurityAuditRepository } from './store/security-audit.js';
import { SignInThrottleRepository } from './store/sign-in-throttle.js';
import { SignInThrottle } from './auth/sign-in-throttle.js';

export interface AppContext {
  config: SandboxConfig;
  db: Db;
  /** The instance's clock (config.clock), beside the store for the services that write times. */
  clock: Clock;
  partners: PartnerRepository;
  tokens: TokenRepository;
  staffAccounts: StaffAccountRepository;
  entities: EntityRepository;
  ubos: UboRepository;
  trusts: TrustRepository;
  documents: DocumentRepository;
  files: FileStore;
  /** Seals the training sandbox's database to disk after changes; nothing to do for a plain one. */
  persist(): void;
  entityService: EntityService;
  uboService: UboService;
  documentService: DocumentService;
  organigramService: OrganigramService;
  decisionService: DecisionService;
  reportService: ReportService;
  securityAudit: SecurityAuditRepository;
  /** Failed staff sign-ins, per email typed and per address. */
  staffThrottle: SignInThrottle;
  /** Failed client secrets at the token endpoint, per client id sent and per address. */
  clientThrottle: SignInThrottle;
}

export function createContext(config: SandboxConfig): AppContext {
  const { db, persist } = openSandboxDb(config.dataDir, config.atRestKey);
  const { clock } = config;
  const partners = new PartnerRepository(db, clock);
  const tokens = new TokenRepository(db, clock);
  const staffAccounts = new StaffAccountRepository(db);
  const entities = new EntityRepository(db, clock);
  const ubos = new UboRepository(db, clock);
  const trusts = new TrustRepository(db);
  const documents = new DocumentRepository(db, clock);
  const files = new FileStore(config.dataDir, config.atRestKey);
  const store = { db, clock, partners, entities, ubos, trusts, documents, files };
  const entityService = new EntityService(config, store);
  const uboService = new UboService(store, entityService);
  const documentService = new DocumentService(config, store, entityService);
  const organigramService = new OrganigramService(store, entityService);
  const decisionService = new DecisionService(store, entityService);
  const reportService = new ReportService(store, entityService);
  const securityAudit = new SecurityAuditRepository(db);
  const throttled = { store: new SignInThrottleRepository(db), audit: securityAudit, clock: config.clock };
  return {
    config,
    ...store,
    persist,
    tokens,
    staffAccounts,
    entityService,
    uboService,
    documentService,
    organigramService,
    decisionService,
    reportService,
    securityAudit,
    staffThrottle: new SignInThrottle('sign-in', throttled),
    clientThrottle: new SignInThrottle('client', throttled),
  };
}

export type Store = Pick<
  AppContext,
  'db' | 'clock' | 'partners' | 'entities' | 'ubos' | 'trusts' | 'documents' | 'files'
>;
