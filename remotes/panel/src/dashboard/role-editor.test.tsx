import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type PanelRole, PERMISSION_CATALOGUE } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { RoleEditor } from './role-editor';

// Issue 31 item 3 in the role editor: "Holders must use a second factor", written to the
// second-factor policy (a site setting), with the ENROL_FIRST refusal and the step-up prompt.

afterEach(cleanup);

const MODS: PanelRole = {
  id: 'r-mods',
  name: 'Moderators',
  codes: ['bans.create'],
  flags: 'b',
  immunityLevel: 10,
  holders: 2,
  limits: { banMaxSeconds: null, commMaxSeconds: null, mayGivePermanent: false, mayLiftOthers: true },
};
const POLICY = '/api/auth/second-factor/policy';

/** The calls these tests are about (the Discord role field reads its own mappings beside them). */
function rolePaths(testHost: ReturnType<typeof createTestHost>) {
  return testHost.paths().filter((path) => !path.includes('/api/panel/discord-bot/'));
}

function putBodies(testHost: ReturnType<typeof createTestHost>) {
  return testHost.calls.filter((call) => call.method === 'PUT' && call.path === POLICY).map((call) => call.body);
}

function renderEditor(role: PanelRole | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<RoleEditor editing={role} onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose };
}

// By label (getByRole over the whole permission catalogue is slow on a loaded machine).
const requirement = () => screen.findByLabelText('Holders must use a second factor', {}, { timeout: 5000 });

describe('the role editor’s second-factor requirement', () => {
  it('is not offered (nor the policy asked for) without panel.settings', async () => {
    const testHost = createTestHost({ 'PATCH /api/panel/roles/r-mods': { body: MODS } });
    signInForTest(['panel.roles', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    expect(screen.queryByLabelText('Holders must use a second factor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(rolePaths(testHost)).toEqual(['PATCH /api/panel/roles/r-mods']);
  });

  it('shows the loaded policy and adds the role to it after saving the role', async () => {
    const testHost = createTestHost({
      [`GET ${POLICY}`]: { body: { requiredRoleIds: ['r-admins'] } },
      'PATCH /api/panel/roles/r-mods': { body: MODS },
      [`PUT ${POLICY}`]: (request) => ({ body: request.body }),
    });
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    const box = (await requirement()) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(rolePaths(testHost)).toEqual([`GET ${POLICY}`, 'PATCH /api/panel/roles/r-mods', `PUT ${POLICY}`]);
    expect(putBodies(testHost)).toEqual([{ requiredRoleIds: ['r-admins', 'r-mods'] }]);
    expect(testHost.notifications).toEqual([{ level: 'success', message: 'Role "Moderators" saved' }]);
  });

  it('takes the role off the policy, keeping the others, and leaves the policy alone when unchanged', async () => {
    const testHost = createTestHost({
      [`GET ${POLICY}`]: { body: { requiredRoleIds: ['r-admins', 'r-mods'] } },
      'PATCH /api/panel/roles/r-mods': { body: MODS },
      [`PUT ${POLICY}`]: (request) => ({ body: request.body }),
    });
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const first = renderEditor(MODS);
    const box = (await requirement()) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(first.onSaved).toHaveBeenCalledTimes(1));
    expect(putBodies(testHost)).toEqual([]);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(first.onSaved).toHaveBeenCalledTimes(2));
    expect(putBodies(testHost)).toEqual([{ requiredRoleIds: ['r-admins'] }]);
  });

  it('requires a factor of a new role once it exists, with the id the API gave it', async () => {
    const created: PanelRole = {
      id: 'r-new',
      name: 'Helpers',
      codes: ['logs.view'],
      flags: '',
      immunityLevel: 0,
      holders: 0,
      limits: MODS.limits,
    };
    const testHost = createTestHost({
      [`GET ${POLICY}`]: { body: { requiredRoleIds: [] } },
      'POST /api/panel/roles': { status: 201, body: created },
      [`PUT ${POLICY}`]: (request) => ({ body: request.body }),
    });
    signInForTest(['panel.roles', 'panel.settings', 'logs.view']);
    const { onSaved } = renderEditor(null);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Helpers' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^logs\.view / }));
    fireEvent.click(await requirement());
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(rolePaths(testHost)).toEqual([`GET ${POLICY}`, 'POST /api/panel/roles', `PUT ${POLICY}`]);
    expect(putBodies(testHost)).toEqual([{ requiredRoleIds: ['r-new'] }]);
  });

  it('shows the ENROL_FIRST refusal beside the box and stays open, the role itself saved', async () => {
    const testHost = createTestHost({
      [`GET ${POLICY}`]: { body: { requiredRoleIds: [] } },
      'PATCH /api/panel/roles/r-mods': { body: MODS },
      [`PUT ${POLICY}`]: {
        status: 409,
        body: { error: 'ENROL_FIRST', message: 'You hold one of these roles: set up your own second factor first' },
      },
    });
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    fireEvent.click(await requirement());
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Role "Moderators" saved, but its second-factor requirement was not changed: You hold one of these roles: set up your own second factor first (User Settings, Security tab), then require it of this role.',
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(testHost.notifications).toEqual([]);
    expect((screen.getByLabelText('Holders must use a second factor') as HTMLInputElement).checked).toBe(true);
  });

  it('answers STEP_UP_REQUIRED with the prompt and retries the same change once it is proved', async () => {
    let proved = false;
    let prompts = 0;
    const testHost = createTestHost(
      {
        [`GET ${POLICY}`]: { body: { requiredRoleIds: [] } },
        'PATCH /api/panel/roles/r-mods': { body: MODS },
        [`PUT ${POLICY}`]: (request) =>
          proved
            ? { body: request.body }
            : { status: 401, body: { error: 'STEP_UP_REQUIRED', message: 'Confirm it is you' } },
      },
      {
        stepUp: async () => {
          prompts += 1;
          proved = true;
          return true;
        },
      },
    );
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    fireEvent.click(await requirement());
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(prompts).toBe(1);
    expect(putBodies(testHost)).toEqual([{ requiredRoleIds: ['r-mods'] }, { requiredRoleIds: ['r-mods'] }]);
  });

  it('when the prompt is given up, says so beside the box and changes nothing more', async () => {
    const testHost = createTestHost(
      {
        [`GET ${POLICY}`]: { body: { requiredRoleIds: [] } },
        'PATCH /api/panel/roles/r-mods': { body: MODS },
        [`PUT ${POLICY}`]: { status: 401, body: { error: 'STEP_UP_REQUIRED', message: 'Confirm it is you' } },
      },
      { stepUp: async () => false },
    );
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    fireEvent.click(await requirement());
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect((await screen.findByRole('alert')).textContent).toContain('was not changed: Confirm it is you');
    expect(onSaved).not.toHaveBeenCalled();
    expect(putBodies(testHost)).toHaveLength(1);
  });

  it('saves the rest of the role when the policy cannot be loaded', async () => {
    const testHost = createTestHost({
      [`GET ${POLICY}`]: { status: 500, body: { error: 'INTERNAL', message: 'down' } },
      'PATCH /api/panel/roles/r-mods': { body: MODS },
    });
    signInForTest(['panel.roles', 'panel.settings', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    expect(await screen.findByText(/second-factor requirement could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(rolePaths(testHost)).toEqual([`GET ${POLICY}`, 'PATCH /api/panel/roles/r-mods']);
  });
});

describe('the role editor’s fields', () => {
  it('draws every field with the kit and sends what was picked', async () => {
    const testHost = createTestHost({
      'PATCH /api/panel/roles/r-mods': (request) => ({ body: { ...MODS, ...(request.body as object) } }),
    });
    signInForTest(['panel.roles', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Moderators');
    expect(name.closest('.field')).not.toBeNull();
    const flagB = screen.getByRole('checkbox', { name: /^b / }) as HTMLInputElement;
    expect(flagB.checked).toBe(true);
    expect(flagB.closest('.checkbox-field')).not.toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /^c / }));
    fireEvent.change(screen.getByLabelText('Immunity (0 to 100)'), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('A whole number from 0 to 100')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Immunity (0 to 100)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText(/Glob patterns/), { target: { value: 'notes.*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(testHost.calls.at(-1)?.body).toEqual({
      name: 'Moderators',
      immunityLevel: 20,
      flags: 'bc',
      codes: ['bans.create', 'notes.*'],
      limits: MODS.limits,
    });
  });

  // Issue 25 item 4: the longest ban and comm block, permanent ones, lifting others' bans.
  it('sets the role’s limits on bans with kit fields; permanent is moot without a limit', async () => {
    const testHost = createTestHost({
      'PATCH /api/panel/roles/r-mods': (request) => ({ body: { ...MODS, ...(request.body as object) } }),
    });
    signInForTest(['panel.roles', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    const permanent = screen.getByLabelText('May also give permanent ones') as HTMLInputElement;
    expect(permanent.disabled).toBe(true);
    expect(permanent.checked).toBe(true);
    const longestBan = screen.getByLabelText('Longest ban') as HTMLSelectElement;
    expect(longestBan.closest('.field')).not.toBeNull();
    fireEvent.change(longestBan, { target: { value: String(7 * 86400) } });
    fireEvent.change(screen.getByLabelText('Longest mute, gag or silence'), { target: { value: '3600' } });
    expect(permanent.disabled).toBe(false);
    expect(permanent.checked).toBe(false);
    fireEvent.click(screen.getByLabelText('May lift bans other admins gave'));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(testHost.calls.at(-1)?.body).toMatchObject({
      limits: { banMaxSeconds: 7 * 86400, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false },
    });
  });

  it('shows a stored limit no preset offers', () => {
    createTestHost({});
    signInForTest(['panel.roles']);
    renderEditor({ ...MODS, limits: { ...MODS.limits, banMaxSeconds: 5 * 86400, mayGivePermanent: true } });
    const longestBan = screen.getByLabelText('Longest ban') as HTMLSelectElement;
    expect(longestBan.value).toBe(String(5 * 86400));
    expect(longestBan.selectedOptions[0]?.textContent).toBe('At most 5 days');
    expect((screen.getByLabelText('May also give permanent ones') as HTMLInputElement).checked).toBe(true);
  });

  it('holds the role’s bans to some server groups, ticked from the server list (issue 25 item 3)', async () => {
    const group = (id: string, name: string) => ({
      id,
      name,
      description: '',
      game: 'tf2',
      type: 'custom',
      templateId: null,
      currentInstances: 0,
      servers: [],
    });
    const testHost = createTestHost({
      'GET /api/servers': { body: [group('alpha', 'Alpha'), group('bravo', 'Bravo')] },
      'PATCH /api/panel/roles/r-mods': (request) => ({ body: { ...MODS, ...(request.body as object) } }),
    });
    signInForTest(['panel.roles', 'bans.*']);
    const { onSaved } = renderEditor(MODS);
    expect(screen.queryByLabelText('Bravo')).toBeNull();
    fireEvent.click(screen.getByLabelText('Only on some server groups'));
    await waitFor(() => expect(screen.getByLabelText('Bravo')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Bravo'));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(testHost.calls.at(-1)?.body).toMatchObject({ limits: { banGroupIds: ['bravo'] } });
  });
});

// Issue 27: each permission's meaning in the reader's language, from the panel's catalog; the
// English there is the catalogue's own, word for word, and every locale says each one.
describe("the role editor's permission list", () => {
  it.each(LOCALES)('has every permission code’s meaning in %s', (locale) => {
    const catalog = JSON.parse(readFileSync(path.resolve(__dirname, `../../locales/${locale}.json`), 'utf8'));
    for (const [code, english] of Object.entries(PERMISSION_CATALOGUE)) {
      const text = catalog[`panel.permission.${code}`];
      if (locale === 'en') expect(text, code).toBe(english);
      else expect(text, `${locale} ${code}`).toBeTruthy();
    }
  });
});
