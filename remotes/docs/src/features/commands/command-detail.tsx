import { ADMIN_FLAGS, COMMAND_ARG_TYPE_LABELS, type DocsCommand } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { EmptyState, Table } from '@outpost/ui';
import { Link } from 'react-router';

type T = ReturnType<typeof useT>;

/** "f (Slay/harm others)": the flag's meaning is SourceMod's own English (ADMIN_FLAGS), as admins read it in its config. */
export function flagText(t: T, flag: string | null): string {
  return flag
    ? t('docs.commands.flagText', { flag, meaning: ADMIN_FLAGS[flag] ?? t('docs.commands.unknownFlag') })
    : t('docs.commands.noFlag');
}

/** /docs/commands/:command: one command with its argument table. */
export function CommandDetail({ command }: { command: DocsCommand }) {
  const t = useT();
  return (
    <section className="card command-detail" aria-labelledby="command-title">
      <p>
        <Link to="/docs/commands">{t('docs.commands.back')}</Link>
      </p>
      <h2 id="command-title">
        <code>{command.name}</code>
      </h2>
      <p>{command.description}</p>
      <dl>
        <dt>{t('docs.commands.usage')}</dt>
        <dd>
          <code>{command.usage}</code>
        </dd>
        <dt>{t('docs.commands.plugin')}</dt>
        <dd>{command.plugin}</dd>
        <dt>{t('docs.commands.adminFlag')}</dt>
        <dd>{flagText(t, command.flag)}</dd>
        <dt>{t('docs.commands.inChat')}</dt>
        <dd>
          <code>!{command.name.replace(/^sm_/, '')}</code> {t('docs.commands.orSilently')}{' '}
          <code>/{command.name.replace(/^sm_/, '')}</code>
        </dd>
      </dl>
      <h3>{t('docs.commands.arguments')}</h3>
      <Table
        caption={t('docs.commands.argumentsOf', { command: command.name })}
        rows={command.args}
        rowKey={(arg) => arg.name}
        empty={<EmptyState>{t('docs.commands.noArguments')}</EmptyState>}
        columns={[
          { key: 'name', label: t('docs.commands.column.name'), render: (arg) => <code>{arg.name}</code> },
          { key: 'type', label: t('docs.commands.column.type'), render: (arg) => COMMAND_ARG_TYPE_LABELS[arg.type] },
          {
            key: 'required',
            label: t('docs.commands.column.required'),
            render: (arg) => (arg.required ? t('docs.commands.required') : t('docs.commands.optional')),
          },
          {
            key: 'default',
            label: t('docs.commands.column.default'),
            render: (arg) => (arg.default === null ? '-' : <code>{arg.default}</code>),
          },
          {
            key: 'allowed',
            label: t('docs.commands.column.allowed'),
            render: (arg) => (arg.allowed.length ? arg.allowed.join(', ') : t('docs.commands.any')),
          },
        ]}
      />
      {command.examples.length > 0 && (
        <>
          <h3>{t('docs.commands.examples')}</h3>
          <ul>
            {command.examples.map((example) => (
              <li key={example}>
                <code>{example}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
