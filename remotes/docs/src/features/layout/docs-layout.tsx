import { useT } from '@outpost/host';
import { RemoteRoot } from '@outpost/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DOCS_PAGES, docsPageLink } from '../../docs-pages';
import '../../docs.css';

/** Every docs page: the docs' own table of contents beside (on phones above) the page. */
export function DocsLayout({ current, children }: { current: string; children: ReactNode }) {
  // On phones the list is one row that scrolls sideways: bring the current page into it.
  const currentLink = useRef<HTMLAnchorElement>(null);
  const t = useT();
  useEffect(() => {
    const link = currentLink.current;
    const list = link?.closest('ul');
    if (link && list && list.scrollWidth > list.clientWidth) list.scrollLeft = link.offsetLeft - list.offsetLeft - 8;
  }, []);
  return (
    <RemoteRoot id="docs" className="docs-layout">
      <nav className="docs-toc" aria-label={t('docs.toc.label')}>
        <ul>
          {DOCS_PAGES.map((page) => (
            <li key={page.id}>
              <Link
                to={docsPageLink(page.id)}
                ref={page.id === current ? currentLink : undefined}
                aria-current={page.id === current ? 'page' : undefined}
                className={page.id === current ? 'is-current' : undefined}
              >
                {/* The route's title in the reader's language, as the navbar and hero name it (locale.test.ts). */}
                {page.id === 'index' ? t('docs.toc.overview') : t(`docs.pages.${page.id}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="docs-main">{children}</div>
    </RemoteRoot>
  );
}
