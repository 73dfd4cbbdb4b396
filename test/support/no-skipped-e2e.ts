// A Playwright reporter that fails the run when a test was skipped (test.skip, test.fixme, a
// condition): a browser test that does not run proves nothing. Tests left out by --grep or a file
// filter are not in the run, so they are not counted.
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

export default class NoSkippedE2e implements Reporter {
  private suite: Suite | null = null;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const skipped = (this.suite?.allTests() ?? []).filter((t) => t.outcome() === 'skipped');
    if (skipped.length === 0) return undefined;
    const names = skipped.map((t) => `${t.location.file.replace(`${process.cwd()}/`, '')} › ${t.title}`);
    console.error(
      `\n${skipped.length} end-to-end test${skipped.length === 1 ? ' was' : 's were'} skipped; every test must run:\n  ${names.join('\n  ')}\n`,
    );
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }

  printsToStdio(): boolean {
    return false;
  }
}
