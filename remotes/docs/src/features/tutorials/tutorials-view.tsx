import type { DocsTutorial } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { ButtonLink, EmptyState, Markdown } from '@outpost/ui';
import { Link, useParams } from 'react-router';
import { ContentPage } from '../content/content-page';

/** Where the guided tour of a tutorial starts: its first page with `tour` in the query. */
export function tourLink(tutorial: DocsTutorial): string | null {
  if (!tutorial.tour) return null;
  const separator = tutorial.tour.start.includes('?') ? '&' : '?';
  return `${tutorial.tour.start}${separator}tour=${encodeURIComponent(tutorial.tour.id)}`;
}

/** /docs/tutorials (and /docs/tutorial): the list; /docs/tutorials/:id one tutorial. */
export function TutorialsView({ tutorials }: { tutorials: readonly DocsTutorial[] }) {
  const { id } = useParams();
  const t = useT();
  if (id) {
    const tutorial = tutorials.find((candidate) => candidate.id === id);
    return (
      <ContentPage id="tutorials" showText={false}>
        {tutorial ? (
          <TutorialArticle tutorial={tutorial} />
        ) : (
          <section className="card">
            <EmptyState>{t('docs.tutorials.notFound', { id })}</EmptyState>
            <Link to="/docs/tutorials">{t('docs.tutorials.seeAll')}</Link>
          </section>
        )}
      </ContentPage>
    );
  }
  return (
    <ContentPage id="tutorials">
      <section className="card" aria-labelledby="tutorials-title">
        <h2 id="tutorials-title">{t('docs.tutorials.title')}</h2>
        <ul className="docs-cards">
          {tutorials.map((tutorial) => (
            <li key={tutorial.id}>
              <Link to={`/docs/tutorials/${tutorial.id}`}>
                <strong>{tutorial.title}</strong>
                <span>
                  {tutorial.description}
                  {tutorial.tour ? t('docs.tutorials.guidedTour') : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}

function TutorialArticle({ tutorial }: { tutorial: DocsTutorial }) {
  const tour = tourLink(tutorial);
  const t = useT();
  return (
    <article className="card" aria-labelledby="tutorial-title">
      <p>
        <Link to="/docs/tutorials">{t('docs.tutorials.back')}</Link>
      </p>
      <h2 id="tutorial-title">{tutorial.title}</h2>
      <p className="muted">{tutorial.description}</p>
      <Markdown text={tutorial.markdown} />
      {tour && (
        <p className="tour-start">
          <ButtonLink variant="primary" href={tour}>
            {t('docs.tutorials.startTour')}
          </ButtonLink>
        </p>
      )}
    </article>
  );
}
