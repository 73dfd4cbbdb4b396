// The commands on cases, by aggregate: entities, their people, individuals and documents. They share
// one kit (reading, the one gating path, the local-first transaction: case-commands.ts).
import { CaseCommandKit, type CaseServiceDeps } from './case-commands.js';
import type { StoredCase } from './store/case-records.js';
import type { StoredUbo } from './store/people.js';
import { DocumentCommands } from './document-commands.js';
import { EntityCommands } from './entity-commands.js';
import { IndividualCommands } from './individual-commands.js';
import { PersonCommands } from './person-commands.js';

export type { CaseServiceDeps } from './case-commands.js';
export { newUboData } from './ubo-data.js';

export class CaseService {
  readonly entities: EntityCommands;
  readonly people: PersonCommands;
  readonly individuals: IndividualCommands;
  readonly documents: DocumentCommands;
  private readonly kit: CaseCommandKit;

  constructor(deps: CaseServiceDeps) {
    this.kit = new CaseCommandKit(deps);
    this.entities = new EntityCommands(this.kit);
    this.people = new PersonCommands(this.kit);
    this.individuals = new IndividualCommands(this.kit);
    this.documents = new DocumentCommands(this.kit);
  }

  requireCase(caseId: string): StoredCase {
    return this.kit.requireCase(caseId);
  }

  requireIndividual(caseId: string) {
    return this.kit.requireIndividual(caseId);
  }

  requireUbo(caseId: string, uboId: string): StoredUbo {
    return this.kit.requireUbo(caseId, uboId);
  }
}
