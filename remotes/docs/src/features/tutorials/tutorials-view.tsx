import type { DocsTutorial } from '@outpost/contracts';
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
  if (id) {
    const tutorial = tutorials.find((t) => t.id === id);
    return (
      <ContentPage id="tutorials" showText={false}>
        {tutorial ? (
          <TutorialArticle tutorial={tutorial} />
        ) : (
          <section className="card">
            <EmptyState>No tutorial named “{id}”.</EmptyState>
            <Link to="/docs/tutorials">See all tutorials</Link>
          </section>
        )}
      </ContentPage>
    );
  }
  return (
    <ContentPage id="tutorials">
      <section className="card" aria-labelledby="tutorials-title">
        <h2 id="tutorials-title">All tutorials</h2>
        <ul className="docs-cards">
          {tutorials.map((tutorial) => (
            <li key={tutorial.id}>
              <Link to={`/docs/tutorials/${tutorial.id}`}>
                <strong>{tutorial.title}</strong>
                <span>
                  {tutorial.description}
                  {tutorial.tour ? ' · guided tour' : ''}
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
  return (
    <article className="card" aria-labelledby="tutorial-title">
      <p>
        <Link to="/docs/tutorials">← All tutorials</Link>
      </p>
      <h2 id="tutorial-title">{tutorial.title}</h2>
      <p className="muted">{tutorial.description}</p>
      <Markdown text={tutorial.markdown} />
      {tour && (
        <p className="tour-start">
          <ButtonLink variant="primary" href={tour}>
            Start the guided tour
          </ButtonLink>
        </p>
      )}
    </article>
  );
}
