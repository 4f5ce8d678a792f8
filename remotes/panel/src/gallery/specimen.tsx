import type { ReactNode } from 'react';

/** One component in the gallery: its name, what it is for, and its states side by side. */
export function Specimen({ name, use, children }: { name: string; use: string; children: ReactNode }) {
  const id = `gallery-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="specimen" aria-labelledby={id} data-specimen={name}>
      <h3 id={id} className="specimen-name">
        {name}
      </h3>
      <p className="specimen-use">{use}</p>
      <div className="specimen-states">{children}</div>
    </section>
  );
}

/** One state of a component, labelled. */
export function State({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={wide ? 'specimen-state is-wide' : 'specimen-state'}>
      <figcaption>{label}</figcaption>
      <div className="specimen-frame">{children}</div>
    </figure>
  );
}
