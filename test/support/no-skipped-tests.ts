// A Vitest reporter that fails the run when a test was skipped or left as a todo (skip, skipIf,
// todo, ctx.skip(), or an `only` elsewhere): a test that does not run proves nothing, and a run that
// hides it passes for the wrong reason. Tests left out by a name filter (-t) are not counted.
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class NoSkippedTests implements Reporter {
  private namePattern: RegExp | undefined;

  onInit(vitest: Vitest): void {
    this.namePattern = vitest.config.testNamePattern;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state !== 'skipped' && state !== 'pending') continue;
        if (this.namePattern && !this.namePattern.test(test.fullName)) continue;
        skipped.push(
          `${test.project.name}: ${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName} (${test.options.mode})`,
        );
      }
    }
    if (skipped.length === 0) return;
    process.exitCode = 1;
    console.error(
      `\n${skipped.length} test${skipped.length === 1 ? ' was' : 's were'} skipped; every test must run:\n  ${skipped.join('\n  ')}\n`,
    );
  }
}
