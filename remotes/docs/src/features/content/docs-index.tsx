import { useT } from '@outpost/host';
import { Link } from 'react-router';
import { DOCS_PAGES, docsPageLink } from '../../docs-pages';
import { ContentPage } from './content-page';

/** /docs: the welcome text and a card for every docs page. */
export function DocsIndex() {
  const t = useT();
  return (
    <ContentPage id="index">
      <section className="card" aria-labelledby="docs-index-title">
        <h2 id="docs-index-title">{t('docs.index.cards')}</h2>
        <ul className="docs-cards">
          {DOCS_PAGES.filter((page) => page.id !== 'index').map((page) => (
            <li key={page.id}>
              <Link to={docsPageLink(page.id)}>
                {/* Each card in the reader's language: the route's own words, as the hero shows them. */}
                <strong>{t(`docs.pages.${page.id}.title`)}</strong>
                <span>{t(`docs.pages.${page.id}.description`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
