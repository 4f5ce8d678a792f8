// The branch, commit and date a build stamps into the footer's Build Info.
import { execSync } from 'node:child_process';

function gitValue(command, fallback) {
  try {
    return (
      execSync(command, { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || fallback
    );
  } catch {
    return fallback;
  }
}

/** Branch, commit and date of this build, shown in the footer's Build Info. */
export function buildInfo() {
  return {
    branch: process.env.OUTPOST_BUILD_BRANCH ?? gitValue('git rev-parse --abbrev-ref HEAD', 'unknown'),
    commit: process.env.OUTPOST_BUILD_COMMIT ?? gitValue('git rev-parse --short HEAD', 'unknown'),
    date: new Date().toISOString(),
  };
}
