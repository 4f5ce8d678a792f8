import { ADMIN_FLAGS, hasFlag } from '@outpost/contracts';
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

const columns = (flags: string, onChange: Props['onChange']): Column<string>[] => [
  { key: 'flag', label: 'Flag', render: (letter) => <code>{letter}</code> },
  { key: 'allows', label: 'Allows', phone: 'primary', render: (letter) => ADMIN_FLAGS[letter] },
  {
    key: 'held',
    label: 'Held',
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
    label: 'Effective',
    render: (letter) =>
      hasFlag(flags, letter) ? flags.includes(letter) ? 'Yes' : 'Yes (z)' : <span className="muted">No</span>,
  },
];

/** SPEC 3 admin flag letters with their labels; 'z' (superuser) grants every other flag (SPEC 5). */
export function FlagTable({ flags, onChange }: Props) {
  return <DataTable caption="Flags" columns={columns(flags, onChange)} rows={LETTERS} rowKey={(letter) => letter} />;
}
