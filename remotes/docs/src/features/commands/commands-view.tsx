import type { DocsCommand } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { EmptyState, Input, Tag } from '@outpost/ui';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ContentPage } from '../content/content-page';
import { CommandDetail, flagText } from './command-detail';
import { byPlugin, filterCommands } from './filter-commands';

/** /docs/commands: every command, filtered as you type (kept in ?q=); :command opens one. */
export function CommandsView({ commands }: { commands: readonly DocsCommand[] }) {
  const { command: name } = useParams();
  const t = useT();
  if (name) {
    const command = commands.find((c) => c.name === name);
    return (
      <ContentPage id="commands" showText={false}>
        {command ? (
          <CommandDetail command={command} />
        ) : (
          <section className="card">
            <EmptyState>{t('docs.commands.notFound', { name })}</EmptyState>
            <Link to="/docs/commands">{t('docs.commands.seeAll')}</Link>
          </section>
        )}
      </ContentPage>
    );
  }
  return (
    <ContentPage id="commands">
      <CommandList commands={commands} />
    </ContentPage>
  );
}

function CommandList({ commands }: { commands: readonly DocsCommand[] }) {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const text = params.get('q') ?? '';
  const shown = useMemo(() => filterCommands(commands, text), [commands, text]);
  const setText = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  return (
    <section className="card" aria-labelledby="commands-title">
      <h2 id="commands-title">{t('docs.commands.title')}</h2>
      <div className="docs-filter">
        <label htmlFor="docs-command-filter">{t('docs.commands.filter')}</label>
        <Input
          id="docs-command-filter"
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('docs.commands.filterHint')}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="muted" aria-live="polite">
          {shown.length === commands.length
            ? t('docs.commands.count', { count: commands.length })
            : t('docs.commands.countOf', { shown: shown.length, total: commands.length })}
        </p>
      </div>
      {shown.length === 0 && <EmptyState>{t('docs.commands.none', { text })}</EmptyState>}
      {byPlugin(shown).map((group) => (
        <section key={group.plugin} aria-label={group.plugin}>
          <h3>{group.plugin}</h3>
          <ul className="command-list">
            {group.commands.map((command) => (
              <li key={command.name}>
                <div className="command-head">
                  <Link to={`/docs/commands/${command.name}`}>{command.name}</Link>
                  {command.flag ? (
                    <Tag tone="light" title={flagText(t, command.flag)}>
                      {t('docs.commands.flag', { flag: command.flag })}
                    </Tag>
                  ) : (
                    <Tag tone="success">{t('docs.commands.everyone')}</Tag>
                  )}
                </div>
                <code className="command-usage">{command.usage}</code>
                <p>{command.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
