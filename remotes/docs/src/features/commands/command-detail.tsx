import { ADMIN_FLAGS, COMMAND_ARG_TYPE_LABELS, type DocsCommand } from '@outpost/contracts';
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
      {command.args.length === 0 ? (
        <p className="muted">This command takes no arguments.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Arguments of {command.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
                <th scope="col">Default</th>
                <th scope="col">Allowed values</th>
              </tr>
            </thead>
            <tbody>
              {command.args.map((arg) => (
                <tr key={arg.name}>
                  <td>
                    <code>{arg.name}</code>
                  </td>
                  <td>{COMMAND_ARG_TYPE_LABELS[arg.type]}</td>
                  <td>{arg.required ? 'Required' : 'Optional'}</td>
                  <td>{arg.default === null ? '-' : <code>{arg.default}</code>}</td>
                  <td>{arg.allowed.length ? arg.allowed.join(', ') : 'Any'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
