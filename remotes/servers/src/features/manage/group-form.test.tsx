import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeManagedGroup } from '../../test-support/managed';
import { GroupForm } from './group-form';
import '../../test-support/catalogs';

afterEach(cleanup);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('GroupForm', () => {
  it('refuses invalid input before calling the API', async () => {
    const host = createTestHost(() => undefined);
    render(<GroupForm onSaved={() => {}} onCancel={() => {}} />);
    fireEvent.change(input('Docker image'), { target: { value: 'outpost/l4d2' } });
    fireEvent.change(input('Ports'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    });
    const messages = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages.length).toBeGreaterThanOrEqual(2); // name and ports
    expect(screen.getByRole('group', { name: 'Action 1' }).textContent).toMatch(/Name.*Too small|>=1|at least/i);
    expect(host.requests).toHaveLength(0);
  });

  it('creates a group with a template and actions', async () => {
    const host = createTestHost(async (request) =>
      json(makeManagedGroup({ ...(await request.json()), id: 'vs' }), 201, 'Created'),
    );
    const onSaved = vi.fn();
    render(<GroupForm onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.change(input('Name'), { target: { value: 'Versus' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'docker' } });
    fireEvent.change(input('Template id'), { target: { value: 'l4d2-vs' } });
    fireEvent.change(input('Docker image'), { target: { value: 'outpost/l4d2' } });
    fireEvent.change(screen.getByLabelText('Environment'), { target: { value: 'MAP=c1m1_hotel' } });
    fireEvent.change(input('Ports'), { target: { value: '27015/udp, 27015/tcp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    fireEvent.change(screen.getAllByRole('textbox', { name: /Name/ })[1] as HTMLElement, {
      target: { value: 'Restart' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Command/ }), { target: { value: 'quit' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    });
    const request = host.requests[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/servers/groups');
    expect(await request?.json()).toMatchObject({
      name: 'Versus',
      type: 'docker',
      templateId: 'l4d2-vs',
      template: {
        image: 'outpost/l4d2',
        env: { MAP: 'c1m1_hotel' },
        ports: [
          { container: 27015, protocol: 'udp' },
          { container: 27015, protocol: 'tcp' },
        ],
      },
      actions: [{ name: 'Restart', command: 'quit', showWhen: 'any', isHidden: false }],
    });
    expect(onSaved).toHaveBeenCalledOnce();
    expect(host.notifications).toEqual([{ level: 'success', message: 'Created Versus' }]);
  });
});
