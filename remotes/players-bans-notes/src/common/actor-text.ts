/**
 * Who did something, as the pages show it. Done while impersonating (issue 9 item 13), it
 * names the admin who really acted and the account they acted as: "Real Admin (as Member)".
 */
export function actorText(name: string | null | undefined, realName: string | null | undefined, fallback: string) {
  const shown = name || fallback;
  return realName ? `${realName} (as ${shown})` : shown;
}
