import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * CI keeps only the log: for a failed test, print the page's accessibility snapshot that
 * Playwright saved beside it (error-context.md), so a failure on a machine we cannot look
 * at still says what the page showed.
 */
export default class PrintErrorContext implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      try {
        const text = readFileSync(attachment.path, 'utf8');
        console.log(
          `\n[e2e] page state when "${test.title}" failed (try ${result.retry + 1}):\n${text.slice(0, 12_000)}\n`,
        );
      } catch {
        // The file may be gone; the failure itself is already reported.
      }
    }
  }
}
