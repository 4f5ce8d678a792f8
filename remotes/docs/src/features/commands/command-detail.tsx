import { ADMIN_FLAGS, COMMAND_ARG_TYPE_LABELS, type DocsCommand } from '@outpost/contracts';
import { EmptyState, Table } from '@outpost/ui';
import { Link } from 'react-router';

export function flagText(flag: string | null): string {
  return flag ? `${flag} (${ADMIN_FLAGS[flag] ?? 'unknown flag'})` : 'None: anyone may use it';
}

/** /docs/commands/:command: one command with its argument table. */
export function CommandDetail({ command }: { command: DocsCommand }) {
  return (
    <section className="card command-detail" aria-labelledby="command-title">
      <p>
        <Link to="/docs/commands">← All commands</Link>
      </p>
      <h2 id="command-title">
        <code>{command.name}</code>
      </h2>
      <p>{command.description}</p>
      <dl>
        <dt>Usage</dt>
        <dd>
          <code>{command.usage}</code>
        </dd>
        <dt>Plugin</dt>
        <dd>{command.plugin}</dd>
        <dt>Admin flag</dt>
        <dd>{flagText(command.flag)}</dd>
        <dt>In chat</dt>
        <dd>
          <code>!{command.name.replace(/^sm_/, '')}</code> or, silently,{' '}
          <code>/{command.name.replace(/^sm_/, '')}</code>
        </dd>
      </dl>
      <h3>Arguments</h3>
      <Table
        caption={`Arguments of ${command.name}`}
        rows={command.args}
        rowKey={(arg) => arg.name}
        empty={<EmptyState>This command takes no arguments.</EmptyState>}
        columns={[
          { key: 'name', label: 'Name', render: (arg) => <code>{arg.name}</code> },
          { key: 'type', label: 'Type', render: (arg) => COMMAND_ARG_TYPE_LABELS[arg.type] },
          { key: 'required', label: 'Required', render: (arg) => (arg.required ? 'Required' : 'Optional') },
          {
            key: 'default',
            label: 'Default',
            render: (arg) => (arg.default === null ? '-' : <code>{arg.default}</code>),
          },
          {
            key: 'allowed',
            label: 'Allowed values',
            render: (arg) => (arg.allowed.length ? arg.allowed.join(', ') : 'Any'),
          },
        ]}
      />
      {command.examples.length > 0 && (
        <>
          <h3>Examples</h3>
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
