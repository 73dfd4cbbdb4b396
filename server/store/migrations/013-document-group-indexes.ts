import type { Migration } from './index.js';

// Every upload checks which document groups an owner has on file. With the group in the index the
// check visits one index entry per group instead of every document the owner has ever uploaded.
export const m013DocumentGroupIndexes: Migration = {
  version: 13,
  name: 'document group indexes',
  sql: `
    CREATE INDEX entity_documents_groups ON entity_documents(entity_id, active, group_id);
    CREATE INDEX ubo_documents_groups ON ubo_documents(ubo_id, active, group_id);
    CREATE INDEX individual_documents_groups ON individual_documents(individual_id, active, group_id);
  `,
};
