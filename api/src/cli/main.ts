// Entry of `pnpm outpost ...` (scripts/outpost.mjs runs it with tsx).
import { runCli } from './outpost-cli';

runCli(process.argv.slice(2), { env: process.env, out: process.stdout, err: process.stderr }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
