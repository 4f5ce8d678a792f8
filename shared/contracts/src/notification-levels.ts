// zod-free (auth.ts re-exports it): the shell's first load reads it without zod.
export const NOTIFICATION_LEVELS = { Default: 0, Info: 1, Success: 2, Warning: 3, Error: 4 } as const;
