import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { RolesTab } from './roles-tab';

afterEach(cleanup);

describe('the Roles tab', () => {
  it('draws under the page hero without repeating its title: a toolbar with the description and New role', async () => {
    createTestHost({ 'GET /api/panel/roles': { body: { roles: [] } } });
    signInForTest(['panel.roles']);
    const { container } = render(<RolesTab />);
    expect(await screen.findByText('No roles yet: create one, then give it to users.')).toBeTruthy();
    // The shell's hero is the page's title ("Roles"): no second heading repeats it.
    expect(screen.queryByRole('heading', { name: 'Roles' })).toBeNull();
    expect(container.querySelector('.page-header')).toBeNull();
    expect(container.querySelector('.toolbar .toolbar-actions')?.textContent).toContain('New role');
    expect(container.querySelector('.toolbar')?.textContent).toContain('Each role is a set of permissions');
  });
});
