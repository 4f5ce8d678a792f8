import { ADMIN_FLAGS, hasFlag } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Checkbox, type Column, DataTable } from '@outpost/ui';

const LETTERS = Object.keys(ADMIN_FLAGS);

/** Flags in the catalogue's order, each once. */
export function normaliseFlags(flags: string): string {
  return LETTERS.filter((letter) => flags.includes(letter)).join('');
}

export function toggleFlag(flags: string, letter: string, on: boolean): string {
  return normaliseFlags(on ? flags + letter : flags.replaceAll(letter, ''));
}

interface Props {
  flags: string;
  /** Without it the table is read-only. */
  onChange?(flags: string): void;
}

const columns = (flags: string, onChange: Props['onChange'], t: ReturnType<typeof useT>): Column<string>[] => [
  { key: 'flag', label: t('players-bans-notes.players.flags.flag'), render: (letter) => <code>{letter}</code> },
  {
    key: 'allows',
    label: t('players-bans-notes.players.flags.allows'),
    phone: 'primary',
    render: (letter) => ADMIN_FLAGS[letter],
  },
  {
    key: 'held',
    label: t('players-bans-notes.players.flags.held'),
    render: (letter) => (
      <Checkbox
        hideLabel
        label={`${letter}: ${ADMIN_FLAGS[letter]}`}
        checked={flags.includes(letter)}
        disabled={!onChange}
        onChange={(event) => onChange?.(toggleFlag(flags, letter, event.target.checked))}
      />
    ),
  },
  {
    key: 'effective',
    label: t('players-bans-notes.players.flags.effective'),
    render: (letter) =>
      hasFlag(flags, letter) ? (
        t(flags.includes(letter) ? 'players-bans-notes.players.flags.yes' : 'players-bans-notes.players.flags.yesZ')
      ) : (
        <span className="muted">{t('players-bans-notes.players.flags.no')}</span>
      ),
  },
];

/** SPEC 3 admin flag letters with their labels; 'z' (superuser) grants every other flag (SPEC 5). */
export function FlagTable({ flags, onChange }: Props) {
  const t = useT();
  return (
    <DataTable
      caption={t('players-bans-notes.players.flags')}
      columns={columns(flags, onChange, t)}
      rows={LETTERS}
      rowKey={(letter) => letter}
    />
  );
}
