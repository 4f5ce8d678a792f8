import { useMetaStore } from '@outpost/host';
import { Notice } from '@outpost/ui';

/** The site notice (markdown, sanitised, dismissable) the shell shows above the overview page. */
export function SiteNotice() {
  const notice = useMetaStore((state) => state.meta?.settings.notice);
  return <Notice notice={notice} />;
}
