import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeManagedServer } from '../../test-support/managed';
import { ServerForm } from './server-form';
import '../../test-support/catalogs';

afterEach(cleanup);

const groups = [{ id: 'coop', name: 'Coop Servers' }];
const password = () => screen.getByLabelText('RCON password') as HTMLInputElement;

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save server' }));
  });
}

describe('ServerForm', () => {
  it('never shows the RCON password and keeps it when left empty', async () => {
    const host = createTestHost(() => json(makeManagedServer()));
    render(<ServerForm groups={groups} server={makeManagedServer()} onSaved={() => {}} onCancel={() => {}} />);
    expect(password().value).toBe('');
    expect(password().type).toBe('password');
    expect(password().placeholder).toBe('Stored: type to replace it');
    await save();
    const body = await host.requests[0]?.json();
    expect(host.requests[0]?.method).toBe('PATCH');
    expect(body).not.toHaveProperty('rconPassword');
    expect(body).toMatchObject({ name: 'Coop #1', port: 27015, queryPort: null });
  });

  it('replaces or clears the stored password', async () => {
    const host = createTestHost(() => json(makeManagedServer()));
    render(<ServerForm groups={groups} server={makeManagedServer()} onSaved={() => {}} onCancel={() => {}} />);
    fireEvent.change(password(), { target: { value: 'new-secret' } });
    await save();
    expect(await host.requests[0]?.json()).toMatchObject({ rconPassword: 'new-secret' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clear the stored password' }));
    await save();
    expect(await host.requests[1]?.json()).toMatchObject({ rconPassword: null });
  });

  it('shows the schema’s errors for a bad port and sends nothing', async () => {
    const host = createTestHost(() => json(makeManagedServer()));
    render(<ServerForm groups={groups} onSaved={() => {}} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New' } });
    fireEvent.change(screen.getByLabelText('Host'), { target: { value: 'new.example.org' } });
    fireEvent.change(screen.getByLabelText('IP'), { target: { value: '10.0.0.5' } });
    fireEvent.change(screen.getByLabelText('Port'), { target: { value: '99999' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(host.requests).toHaveLength(0);
  });
});
