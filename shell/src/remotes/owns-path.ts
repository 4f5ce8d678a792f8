/** Whether a registry entry's route prefixes cover a path; '/' covers only '/' itself. */
export function ownsPath(prefixes: readonly string[] | undefined, pathname: string): boolean {
  return (prefixes ?? []).some((prefix) =>
    prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
