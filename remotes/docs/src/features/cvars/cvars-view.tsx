import type { DocsCvar } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { EmptyState, Input, Table } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { ContentPage } from '../content/content-page';

/** /docs/cvars: every cvar in one sortable table, filtered as you type. */
export function CvarsView({ cvars }: { cvars: readonly DocsCvar[] }) {
  const [text, setText] = useState('');
  const t = useT();
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
        <h2 id="cvars-title">{t('docs.cvars.title')}</h2>
        <div className="docs-filter">
          <label htmlFor="docs-cvar-filter">{t('docs.cvars.filter')}</label>
          <Input
            id="docs-cvar-filter"
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('docs.cvars.filterHint')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Table
          caption={t('docs.cvars.caption')}
          rows={shown}
          rowKey={(cvar) => cvar.name}
          empty={<EmptyState>{t('docs.cvars.none', { text })}</EmptyState>}
          columns={[
            {
              key: 'name',
              label: t('docs.cvars.column.cvar'),
              render: (cvar) => <code>{cvar.name}</code>,
              sortValue: (cvar) => cvar.name,
            },
            {
              key: 'plugin',
              label: t('docs.cvars.column.plugin'),
              render: (cvar) => cvar.plugin,
              sortValue: (cvar) => cvar.plugin,
            },
            { key: 'default', label: t('docs.cvars.column.default'), render: (cvar) => <code>{cvar.default}</code> },
            {
              key: 'allowed',
              label: t('docs.cvars.column.allowed'),
              render: (cvar) => (cvar.allowed.length ? cvar.allowed.join(', ') : t('docs.cvars.any')),
            },
            { key: 'description', label: t('docs.cvars.column.description'), render: (cvar) => cvar.description },
          ]}
        />
      </section>
    </ContentPage>
  );
}
