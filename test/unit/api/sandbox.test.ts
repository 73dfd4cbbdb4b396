import { describe, expect, it } from 'vitest';
import * as sandbox from '../../../shared/api/sandbox.js';
import { DashboardActionSchema } from '../../../shared/api/sandbox.js';
import { dashboardActions, sandboxCases } from './cases/sandbox.cases.js';
import { runCases } from './cases/runner.js';

runCases(sandbox, sandboxCases);

describe('DashboardActionSchema', () => {
  it('has the ten actions of contract §10 and the reviewer’s two decisions, each with an example', () => {
    const names = dashboardActions.map((a) => DashboardActionSchema.parse(a).action);
    expect(names.sort()).toEqual(
      [
        'createEntity',
        'updateEntity',
        'uploadEntityDocument',
        'deleteEntityDocument',
        'addTrust',
        'updateTrust',
        'createUbo',
        'updateUbo',
        'uploadUboDocument',
        'deleteUboDocument',
        'decideEntity',
        'decideIndividual',
      ].sort(),
    );
  });

  it.each(dashboardActions.map((a) => [a.action, a] as const))(
    'requires partnerId on %s',
    (_name, action) => {
      const { partnerId: _dropped, ...rest } = action;
      const result = DashboardActionSchema.safeParse(rest);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path)).toContainEqual(['partnerId']);
    },
  );
});
