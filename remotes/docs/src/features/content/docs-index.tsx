import { Link } from 'react-router';
import { DOCS_PAGES, docsPageLink } from '../../docs-pages';
import { ContentPage } from './content-page';

/** /docs: the welcome text and a card for every docs page. */
export function DocsIndex() {
  return (
    <ContentPage id="index">
      <section className="card" aria-labelledby="docs-index-title">
        <h2 id="docs-index-title">In the docs</h2>
        <ul className="docs-cards">
          {DOCS_PAGES.filter((page) => page.id !== 'index').map((page) => (
            <li key={page.id}>
              <Link to={docsPageLink(page.id)}>
                <strong>{page.title}</strong>
                <span>{page.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
