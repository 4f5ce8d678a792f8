import { type DiscordDemoAnswer, discordDemoAnswerSchema, discordDemoCommandSchema } from '@outpost/contracts';
import { sendJson, useHost, useMetaStore } from '@outpost/host';
import { Button, Callout, Card, Field, Input, Tag } from '@outpost/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { discordMarkup } from './discord-markup';

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

interface Exchange {
  id: number;
  command: string;
  answer: DiscordDemoAnswer | null;
  failure: string | null;
}

export default function DiscordDemoChannel() {
  const demo = useMetaStore((state) => state.meta?.demo === true);
  if (!demo) {
    return (
      <Card title="Discord commands">
        <p>This page belongs to the demo (`pnpm demo`): on a real site, slash commands are typed in Discord.</p>
      </Card>
    );
  }
  return <Channel />;
}

function Channel() {
  const host = useHost();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const checked = discordDemoCommandSchema.safeParse({ command: text });
    if (!checked.success || !checked.data.command.startsWith('/')) {
      setProblem('Type a slash command: / and its name, e.g. /lookup Ellis');
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
            : { ...exchange, failure: result.ok ? 'No answer' : result.failure.message },
      ),
    );
  };

  return (
    <Card
      title="#staff-room"
      description="A simulated Discord channel: you type as Demo moderator, whose Outpost account is linked to Discord. Each command is signed with the demo application's key and sent to Outpost's real interactions endpoint."
    >
      <ol className="discord-demo-log" aria-label="Messages" aria-live="polite">
        {exchanges.length === 0 && <li className="muted">No messages yet: try one of the examples below.</li>}
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="discord-demo-exchange">
            <p className="discord-demo-used">
              <strong>Demo Moderator</strong> used <code>{exchange.command}</code>
            </p>
            <Reply exchange={exchange} />
          </li>
        ))}
      </ol>
      <form className="discord-demo-form" noValidate onSubmit={(event) => void send(event)}>
        <Field
          label="Message #staff-room"
          error={problem ?? undefined}
          hint="Options by name as Discord shows them (player: … length: … reason: …), or the player alone after the command."
        >
          {(control) => (
            <div className="inline-controls">
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                placeholder="/lookup Ellis"
                maxLength={500}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <Button type="submit" variant="primary" busy={busy}>
                Send
              </Button>
            </div>
          )}
        </Field>
      </form>
      <p className="muted">Examples:</p>
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
  if (exchange.failure)
    return (
      <Callout tone="danger" role="alert">
        {exchange.failure}
      </Callout>
    );
  if (!exchange.answer) return <p className="muted">Outpost is thinking…</p>;
  const { content, ephemeral, deferred } = exchange.answer;
  return (
    <div className="discord-demo-reply">
      <p className="discord-demo-author">
        <strong>Outpost</strong> <Tag tone="neutral">APP</Tag>
      </p>
      <div className="discord-demo-content">{discordMarkup(content)}</div>
      <p className="muted discord-demo-note">
        {ephemeral ? 'Only you can see this' : 'Everyone in the channel sees this'}
        {deferred ? ' · answered after "Outpost is thinking…", by editing that message' : ''}
      </p>
    </div>
  );
}
