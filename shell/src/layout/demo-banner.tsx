import { useMetaStore } from '@outpost/host';

export const DEMO_BANNER_TEXT =
  'This is a demo: made-up data, simulated game servers, and anyone can sign in. Enter nothing private.';

/** Issue 14: `pnpm demo` says on every page that it is a demo (GET /api/meta tells). */
export function DemoBanner() {
  const demo = useMetaStore((state) => state.meta?.demo === true);
  if (!demo) return null;
  return (
    <aside className="demo-banner" aria-label="Demo">
      {DEMO_BANNER_TEXT} <a href="/demo/discord">Try Discord's slash commands</a>
    </aside>
  );
}
