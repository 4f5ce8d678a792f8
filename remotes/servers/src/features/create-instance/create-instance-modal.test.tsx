import { createTestHost, jsonResponse as json, type TestHost } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGroup, makeServer } from '../../test-support/fixtures';
import { CreateInstanceModal } from './create-instance-modal';
import '../../test-support/catalogs';

const docker = makeGroup({ id: 'vs', name: 'Versus', type: 'docker', templateId: 'l4d2-vs', servers: [] });
const custom = makeGroup({
  id: 'coop',
  name: 'Coop Servers',
  type: 'custom',
  templateId: 'coop',
  servers: [makeServer({ id: 'c1', online: false }), makeServer({ id: 'c2', online: false }), makeServer({ id: 'c3' })],
});
const others = makeGroup({ id: 'misc', name: 'Community Run', type: 'others' });
const groups = [docker, custom, others];

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

let host: TestHost;
let answer: () => Response;

beforeEach(() => {
  vi.useFakeTimers();
  answer = () => json({ serverId: 'vs-2', hostname: 'vs2.example.org', port: 27020, ip: '10.0.0.2', type: 'docker' });
  host = createTestHost(() => answer());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function waitFiveSeconds() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5_000);
  });
}

describe('CreateInstanceModal', () => {
  it('offers only docker and custom groups and needs one selected', () => {
    render(<CreateInstanceModal groups={groups} onClose={() => {}} />);
    expect(screen.getByRole('radio', { name: /Versus/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Coop Servers/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Community Run/ })).toBeNull();
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Versus/ }));
    expect(button('Next').disabled).toBe(false);
  });

  it('enables Create only after the 5-second countdown; Back returns to the group pick', async () => {
    render(<CreateInstanceModal groups={groups} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /Versus/ }));
    fireEvent.click(button('Next'));
    expect(button(/Create Instance/).disabled).toBe(true);
    expect(button(/Create Instance/).textContent).toBe('Create Instance (5)');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(button(/Create Instance/).disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(button('Create Instance').disabled).toBe(false);
    fireEvent.click(button('Back'));
    expect((screen.getByRole('radio', { name: /Versus/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('Next'));
    expect(button(/Create Instance/).disabled).toBe(true); // the countdown starts again
  });

  it('warns when the group already has available instances', () => {
    render(<CreateInstanceModal groups={groups} groupId="coop" onClose={() => {}} />);
    expect(
      screen.getByText(
        "Are you sure? There are 2 available instances already. It's preferable that you try starting them before creating a new instance",
      ),
    ).toBeTruthy();
  });

  it('creates: calls the API, shows the creating text, then the result and the success toast', async () => {
    let release: () => void = () => {};
    answer = () => json({ serverId: 'vs-2', hostname: 'vs2.example.org', port: 27020, ip: '10.0.0.2', type: 'docker' });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    host = createTestHost(async () => {
      await gate;
      return answer();
    });
    const onCreated = vi.fn();
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} onCreated={onCreated} />);
    await waitFiveSeconds();
    fireEvent.click(button('Create Instance'));
    expect(screen.getByText(/should not take long; if it takes over 2 minutes/)).toBeTruthy();
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('connect vs2.example.org:27020')).toBeTruthy();
    expect(host.notifications).toEqual([{ level: 'success', message: 'Started new instance for Versus' }]);
    expect(onCreated).toHaveBeenCalledOnce();
    const request = host.requests[0];
    expect(request?.method).toBe('POST');
    expect(request && new URL(request.url).pathname + new URL(request.url).search).toBe(
      '/api/groups/vs/servers?start=1',
    );
  });

  it('explains NO_FREE_RESOURCES with the CPU figures', async () => {
    answer = () =>
      json(
        {
          error: 'NO_FREE_RESOURCES',
          message: 'Not enough CPU',
          details: { resource: 'cpu', cpu: { current: 0.93, average: 0.81, threshold: 0.8 } },
        },
        503,
        'Service Unavailable',
      );
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} />);
    await waitFiveSeconds();
    await act(async () => {
      fireEvent.click(button('Create Instance'));
      await vi.advanceTimersByTimeAsync(0);
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'There are not enough system resources available at this time to create a new instance.',
    );
    expect(dialog.textContent).toContain('CPU');
    expect(dialog.textContent).toContain('Current load0.93');
    expect(dialog.textContent).toContain('Average load0.81');
    expect(dialog.textContent).toContain('Threshold0.80');
    expect(dialog.textContent).toContain('Try again later when resources are available');
    expect(host.notifications).toEqual([]);
  });

  it('explains NO_FREE_RESOURCES with the memory figures', async () => {
    answer = () =>
      json(
        {
          error: 'NO_FREE_RESOURCES',
          message: 'Not enough memory',
          details: { resource: 'memory', memory: { available: 512 * 1024 ** 2, total: 8 * 1024 ** 3, threshold: 0.1 } },
        },
        503,
      );
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} />);
    await waitFiveSeconds();
    await act(async () => {
      fireEvent.click(button('Create Instance'));
      await vi.advanceTimersByTimeAsync(0);
    });
    const text = screen.getByRole('dialog').textContent;
    expect(text).toContain('Memory');
    expect(text).toContain('512.0 MiB of 8.0 GiB total');
    expect(text).toContain('10% of total must be available');
  });

  it('shows other error codes with their message, or that no information is available', async () => {
    answer = () => json({ error: 'DOCKER_UNAVAILABLE', message: 'The Docker Engine did not answer' }, 502);
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} />);
    await waitFiveSeconds();
    await act(async () => {
      fireEvent.click(button('Create Instance'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('DOCKER_UNAVAILABLE')).toBeTruthy();
    expect(screen.getByText('The Docker Engine did not answer')).toBeTruthy();
    cleanup();

    answer = () => new Response('', { status: 500 });
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} />);
    await waitFiveSeconds();
    await act(async () => {
      fireEvent.click(button('Create Instance'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('No information available')).toBeTruthy();
  });

  it("shows a network failure's own message", async () => {
    answer = () => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    };
    render(<CreateInstanceModal groups={groups} groupId="vs" onClose={() => {}} />);
    await waitFiveSeconds();
    await act(async () => {
      fireEvent.click(button('Create Instance'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('NetworkError when attempting to fetch resource.')).toBeTruthy();
    expect(host.notifications).toEqual([]);
  });

  it("shows 'Unknown error has occurred / Invalid modal state' for an unknown state", () => {
    render(<CreateInstanceModal groups={groups} onClose={() => {}} initialState={{ step: 7, groupId: null }} />);
    expect(screen.getByText('Unknown error has occurred')).toBeTruthy();
    expect(screen.getByText('Invalid modal state')).toBeTruthy();
  });

  it('closes on Escape and on a click on its background', () => {
    const onClose = vi.fn();
    render(<CreateInstanceModal groups={groups} onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-background'));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
