import { ADMIN_FLAGS, hasFlag } from '@outpost/contracts';

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

/** SPEC 3 admin flag letters with their labels; 'z' (superuser) grants every other flag (SPEC 5). */
export function FlagTable({ flags, onChange }: Props) {
  return (
    <table className="table flag-table">
      <thead>
        <tr>
          <th>Flag</th>
          <th>Allows</th>
          <th>Held</th>
          <th>Effective</th>
        </tr>
      </thead>
      <tbody>
        {LETTERS.map((letter) => {
          const held = flags.includes(letter);
          const effective = hasFlag(flags, letter);
          return (
            <tr key={letter}>
              <td>
                <code>{letter}</code>
              </td>
              <td>{ADMIN_FLAGS[letter]}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${letter}: ${ADMIN_FLAGS[letter]}`}
                  checked={held}
                  disabled={!onChange}
                  onChange={(event) => onChange?.(toggleFlag(flags, letter, event.target.checked))}
                />
              </td>
              <td>{effective ? held ? 'Yes' : 'Yes (z)' : <span className="muted">No</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
