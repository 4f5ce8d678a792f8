import { useMetaStore } from '@outpost/host';
import { useEffect } from 'react';

/** SPEC: the document title is '{route title} - {site host}'. */
export function formatDocumentTitle(title: string, host: string): string {
  return `${title} - ${host}`;
}

export function useDocumentTitle(title: string): void {
  const domain = useMetaStore((state) => state.meta?.settings.domain);
  useEffect(() => {
    document.title = formatDocumentTitle(title, domain || window.location.host);
  }, [title, domain]);
}
