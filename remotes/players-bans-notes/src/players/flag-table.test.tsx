import { ADMIN_FLAGS } from '@outpost/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { FlagTable, normaliseFlags, toggleFlag } from './flag-table';

afterEach(cleanup);

function EditableFlags() {
  const [flags, setFlags] = useState('z');
  return (
    <>
      <FlagTable flags={flags} onChange={setFlags} />
      <output aria-label="flags">{flags}</output>
    </>
  );
}

describe('flag helpers', () => {
  it('keeps flags in catalogue order, each once', () => {
    expect(normaliseFlags('zdbd')).toBe('bdz');
    expect(toggleFlag('bd', 'c', true)).toBe('bcd');
    expect(toggleFlag('bcd', 'c', false)).toBe('bd');
  });
});

it('lists every SPEC 3 flag with its label, read-only without an onChange', () => {
  render(<FlagTable flags="bd" />);
  const rows = screen.getAllByRole('row').slice(1);
  expect(rows).toHaveLength(Object.keys(ADMIN_FLAGS).length);
  for (const [letter, label] of [
    ['a', 'Reserved Slot'],
    ['f', 'Slay/harm others'],
    ['m', 'Ingame rcon access'],
    ['o', 'Custom 1'],
    ['t', 'Custom 6'],
  ]) {
    expect(screen.getByRole('checkbox', { name: `${letter}: ${label}` })).toBeTruthy();
  }
  const ban = screen.getByRole('checkbox', { name: 'd: Ban' }) as HTMLInputElement;
  expect(ban.checked).toBe(true);
  expect(ban.disabled).toBe(true);
  expect((screen.getByRole('checkbox', { name: 'c: Kick' }) as HTMLInputElement).checked).toBe(false);
});

it("shows every flag as effective under 'z' and edits flags when allowed", () => {
  render(<EditableFlags />);
  const kickRow = screen.getByRole('checkbox', { name: 'c: Kick' }).closest('tr') as HTMLElement;
  expect(within(kickRow).getByText('Yes (z)')).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: 'c: Kick' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'a: Reserved Slot' }));
  expect(screen.getByLabelText('flags').textContent).toBe('acz');
  fireEvent.click(screen.getByRole('checkbox', { name: 'z: Superuser' }));
  expect(screen.getByLabelText('flags').textContent).toBe('ac');
  expect(
    within(screen.getByRole('checkbox', { name: 'b: Generic Admin' }).closest('tr') as HTMLElement).getByText('No'),
  ).toBeTruthy();
});
