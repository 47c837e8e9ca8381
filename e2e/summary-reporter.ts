import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the run with one plain line, 'N passed, N failed' (', N skipped'), that CI summaries can read. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    // Counted once per test, on its final attempt.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult): void {
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    console.log(`\ne2e: ${this.passed} passed, ${this.failed} failed${skipped}`);
    if (result.status === 'interrupted') console.log('e2e: run interrupted');
  }

  printsToStdio(): boolean {
    return true;
  }
}
