import { type ReactNode, useId } from 'react';

/**
 * The head of every page and section (Backstage's Header): its title (an <h1>, or <h2> for a
 * section inside a page), a line of description, and the page's actions on the right (under the
 * title on phones). Every remote's page starts with one, so sections read as one product.
 */
export function PageHeader({
  title,
  description,
  actions,
  level = 1,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  level?: 1 | 2;
  /** A link back up (e.g. <a href="/bans">All bans</a>), above the title. */
  back?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={`page-header is-level-${level}`}>
      {back && <div className="page-header-back">{back}</div>}
      <div className="page-header-row">
        <div className="page-header-text">
          <Heading className="page-title">{title}</Heading>
          {description && <p className="page-description">{description}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
    </header>
  );
}

/**
 * A bordered surface with an optional title, description and actions (Backstage's InfoCard). A
 * titled card is a region named by its title, so a page's cards can be found by name.
 */
export function Card({
  title,
  description,
  actions,
  className,
  as: Element = 'section',
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** For the page's own layout (grid placement), never a look. */
  className?: string;
  /** 'article' for one of a list of like cards (a remote's releases, a webhook). */
  as?: 'section' | 'article';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Element className={className ? `kit-card ${className}` : 'kit-card'} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <header className="kit-card-head">
          <div>
            {title && (
              <h2 className="kit-card-title" id={titleId}>
                {title}
              </h2>
            )}
            {description && <p className="page-description">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      {children}
    </Element>
  );
}
