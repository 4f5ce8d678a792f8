import { hasPermission } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';

/** Whether the signed-in user holds a permission (the client only hides; the API refuses). */
export function usePermission(code: string): boolean {
  return useSessionStore((state) => {
    const permissions = state.session?.permissions;
    if (!permissions) return false;
    return permissions.flags.includes('z') || hasPermission(permissions.codes, code);
  });
}
