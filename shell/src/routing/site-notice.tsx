import { useMetaStore } from '@outpost/host';
import { Notice } from '@outpost/ui/core';
import { isPrerendering } from '../prerender/prerendering';

/** The site notice (markdown, sanitised, dismissable) the shell shows above the overview page. */
export function SiteNotice() {
  const notice = useMetaStore((state) => state.meta?.settings.notice);
  // Whether this browser dismissed it is in its storage: the live render draws it.
  if (isPrerendering()) return null;
  return <Notice notice={notice} />;
}
