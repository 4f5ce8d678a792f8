/** Chromium's switches for e2e and the benches (chromium-args.mjs says why each). */
export const CHROMIUM_ARGS: string[];
