import { type DiscordDemoAnswer, discordDemoAnswerSchema, discordDemoCommandSchema } from '@outpost/contracts';
import { SLOT, sendJson, useHost, useMetaStore, useT, withNode } from '@outpost/host';
import { Button, Callout, Card, Field, Input, Tag } from '@outpost/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { discordMarkup } from './discord-markup';

export { discordDemoCatalogs } from './catalogs';

// `pnpm demo`'s Discord channel (issue 26 item 6): what a staff member types in Discord goes to
// the real interactions endpoint, signed with the demo application's key, as Demo moderator's
// linked Discord account (POST /api/demo/discord); the answer is drawn as Discord draws it.

const EXAMPLES = [
  '/servers',
  '/lookup Ellis',
  '/note player: Ellis text: Asked about their config',
  '/ban player: Ellis length: 1h reason: Aimbot',
  '/warn player: Ellis reason: Mic spam',
];

/** The demo's moderator, as Discord names them: a name, the same in every language. */
const DEMO_USER = 'Demo Moderator';
/** Discord's tag beside a bot's name, which Discord writes so in every language. */
const APP_TAG = 'APP';

interface Exchange {
  id: number;
  command: string;
  answer: DiscordDemoAnswer | null;
  failure: string | null;
}

export default function DiscordDemoChannel() {
  const t = useT();
  const demo = useMetaStore((state) => state.meta?.demo === true);
  if (!demo) {
    return (
      <Card title={t('shell.discord-demo.notDemo.title')}>
        <p>{t('shell.discord-demo.notDemo.text')}</p>
      </Card>
    );
  }
  return <Channel />;
}

function Channel() {
  const t = useT();
  const host = useHost();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const checked = discordDemoCommandSchema.safeParse({ command: text });
    if (!checked.success || !checked.data.command.startsWith('/')) {
      setProblem(t('shell.discord-demo.problem'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const id = Date.now();
    setExchanges((list) => [...list, { id, command: checked.data.command, answer: null, failure: null }]);
    setText('');
    const result = await sendJson(host, 'POST', '/api/demo/discord', checked.data, discordDemoAnswerSchema, {
      quiet: true,
    });
    setBusy(false);
    setExchanges((list) =>
      list.map((exchange) =>
        exchange.id !== id
          ? exchange
          : result.ok && result.data !== true
            ? { ...exchange, answer: result.data }
            : { ...exchange, failure: result.ok ? t('shell.discord-demo.noAnswer') : result.failure.message },
      ),
    );
  };

  return (
    <Card title="#staff-room" description={t('shell.discord-demo.description')}>
      <ol className="discord-demo-log" aria-label={t('shell.discord-demo.log')} aria-live="polite">
        {exchanges.length === 0 && <li className="muted">{t('shell.discord-demo.empty')}</li>}
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="discord-demo-exchange">
            <p className="discord-demo-used">
              <strong>{DEMO_USER}</strong>{' '}
              {withNode(t('shell.discord-demo.used', { command: SLOT }), <code>{exchange.command}</code>)}
            </p>
            <Reply exchange={exchange} />
          </li>
        ))}
      </ol>
      <form className="discord-demo-form" noValidate onSubmit={(event) => void send(event)}>
        <Field label={t('shell.discord-demo.field')} error={problem ?? undefined} hint={t('shell.discord-demo.hint')}>
          {(control) => (
            <div className="inline-controls">
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                placeholder={EXAMPLES[1]}
                maxLength={500}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <Button type="submit" variant="primary" busy={busy}>
                {t('shell.discord-demo.send')}
              </Button>
            </div>
          )}
        </Field>
      </form>
      <p className="muted">{t('shell.discord-demo.examples')}</p>
      <ul className="discord-demo-examples">
        {EXAMPLES.map((example) => (
          <li key={example}>
            <Button size="small" onClick={() => setText(example)}>
              {example}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Reply({ exchange }: { exchange: Exchange }): ReactNode {
  const t = useT();
  if (exchange.failure)
    return (
      <Callout tone="danger" role="alert">
        {exchange.failure}
      </Callout>
    );
  if (!exchange.answer) return <p className="muted">{t('shell.discord-demo.thinking')}</p>;
  const { content, ephemeral, deferred } = exchange.answer;
  return (
    <div className="discord-demo-reply">
      <p className="discord-demo-author">
        <strong>Outpost</strong> <Tag tone="neutral">{APP_TAG}</Tag>
      </p>
      <div className="discord-demo-content">{discordMarkup(content)}</div>
      <p className="muted discord-demo-note">
        {ephemeral ? t('shell.discord-demo.ephemeral') : t('shell.discord-demo.everyone')}
        {deferred ? ` · ${t('shell.discord-demo.deferred')}` : ''}
      </p>
    </div>
  );
}
