/** The permission code that lets a user run an action with this command (no zod: the browser entry uses it). */
export function serverActionPermission(command: string): string {
  return `servers.action.${command}`;
}
