import type { DocsCvar } from '@outpost/contracts';
import { useMemo, useState } from 'react';
import { ContentPage } from '../content/content-page';

/** /docs/cvars: every cvar in one sortable table, filtered as you type. */
export function CvarsView({ cvars }: { cvars: readonly DocsCvar[] }) {
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    return cvars.filter((cvar) => {
      const haystack = `${cvar.name} ${cvar.plugin} ${cvar.description}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [cvars, text]);
  return (
    <ContentPage id="cvars">
      <section className="card" aria-labelledby="cvars-title">
        <h2 id="cvars-title">All cvars</h2>
        <div className="docs-filter">
          <label htmlFor="docs-cvar-filter">Filter cvars</label>
          <input
            id="docs-cvar-filter"
            className="input"
            type="search"
            value={text}
            maxLength={100}
            placeholder="Name, word or plugin, e.g. epi or door"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {shown.length === 0 ? (
          <p className="muted">No cvar matches “{text}”.</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">Cvars</caption>
              <thead>
                <tr>
                  <th scope="col">Cvar</th>
                  <th scope="col">Plugin</th>
                  <th scope="col">Default</th>
                  <th scope="col">Allowed values</th>
                  <th scope="col">What it does</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((cvar) => (
                  <tr key={cvar.name}>
                    <td>
                      <code>{cvar.name}</code>
                    </td>
                    <td>{cvar.plugin}</td>
                    <td>
                      <code>{cvar.default}</code>
                    </td>
                    <td>{cvar.allowed.length ? cvar.allowed.join(', ') : 'Any'}</td>
                    <td>{cvar.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ContentPage>
  );
}
