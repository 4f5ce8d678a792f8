import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import '../test-support/catalogs';
import { SteamIdInput } from './steam-id-input';

afterEach(cleanup);

const seen: (string | null)[] = [];
function Harness() {
  const [value, setValue] = useState('');
  return (
    <SteamIdInput
      label="SteamID"
      value={value}
      onChange={(text, steamid) => {
        seen.push(steamid);
        setValue(text);
      }}
    />
  );
}

it.each([
  ['76561197960265739', '76561197960265739'],
  ['STEAM_0:1:5', '76561197960265739'],
  ['STEAM_1:1:5', '76561197960265739'],
  ['[U:1:11]', '76561197960265739'],
  ['https://steamcommunity.com/profiles/76561197960265739/', '76561197960265739'],
])('reads %s as SteamID64 %s and says so', (typed, steamid64) => {
  render(<Harness />);
  fireEvent.change(screen.getByLabelText('SteamID'), { target: { value: typed } });
  expect(seen.at(-1)).toBe(steamid64);
  expect(screen.getByText(`SteamID64 ${steamid64}`)).toBeTruthy();
  expect(screen.getByLabelText('SteamID').getAttribute('aria-invalid')).toBe('false');
});

it('flags text that is not a Steam id, and says nothing while blank', () => {
  render(<Harness />);
  const input = screen.getByLabelText('SteamID');
  fireEvent.change(input, { target: { value: 'STEAM_0:2:5' } });
  expect(seen.at(-1)).toBeNull();
  expect(screen.getByText('Not a Steam id')).toBeTruthy();
  expect(input.getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(input, { target: { value: '  ' } });
  expect(screen.queryByText('Not a Steam id')).toBeNull();
});
