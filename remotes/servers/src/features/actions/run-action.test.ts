import { getHost } from '@outpost/host';
import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { describe, expect, it } from 'vitest';
import { makeAction } from '../../test-support/fixtures';
import { requestStop, runServerAction } from './run-action';
import '../../test-support/catalogs';

describe('runServerAction', () => {
  it('posts the encoded command and says the action ran on 204', async () => {
    const recorded = createTestHost(() => new Response(null, { status: 204 }));
    const toast = await runServerAction(getHost(), 'coop-1', makeAction({ name: 'Restart', command: 'sm restart' }));
    expect(toast).toEqual({ level: 'success', message: 'Restart ran successfully' });
    expect(recorded.requests[0]?.method).toBe('POST');
    expect(new URL(recorded.requests[0]?.url ?? '').pathname).toBe('/api/servers/coop-1/action/sm%20restart');
  });

  it("titles a failure 'Server ({id}) returned error' with the message", async () => {
    createTestHost(() => json({ error: 'RCON_UNREACHABLE', message: 'No answer on 27015' }, 502, 'Bad Gateway'));
    const toast = await runServerAction(getHost(), 'coop-1', makeAction());
    expect(toast).toEqual({ level: 'error', title: 'Server (coop-1) returned error', message: 'No answer on 27015' });
  });

  it('uses a plain-text failure body as the message', async () => {
    createTestHost(() => new Response('rcon said no', { status: 500, statusText: 'Internal Server Error' }));
    const toast = await runServerAction(getHost(), 'coop-1', makeAction());
    expect(toast.message).toBe('rcon said no');
  });

  it("says 'Request failed: There are players online.' when the answer mentions players online", async () => {
    createTestHost(() => json({ error: 'PLAYERS_ONLINE', message: 'There are 3 players online' }, 409, 'Conflict'));
    const toast = await runServerAction(getHost(), 'coop-1', makeAction({ command: 'builtin:request_stop' }));
    expect(toast).toEqual({ level: 'error', message: 'Request failed: There are players online.' });
  });

  it('shows the stop answer read from its response field', async () => {
    createTestHost(() => json({ response: 'Server will stop' }));
    const toast = await runServerAction(getHost(), 's1', makeAction({ name: 'Stop', command: 'builtin:request_stop' }));
    expect(toast).toEqual({ level: 'success', title: 'Stop ran successfully', message: 'Server will stop' });
  });
});

describe('requestStop', () => {
  it("throws 'Server returned {status} {statusText} for {id}' on other failures", async () => {
    createTestHost(() => json({ error: 'RCON_AUTH_FAILED', message: 'bad password' }, 502, 'Bad Gateway'));
    await expect(requestStop(getHost(), 'coop-1')).rejects.toThrow('Server returned 502 Bad Gateway for coop-1');
  });
});
