import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { ban } from '../test-support/fixtures';
import { AppealDialog } from './appeal-dialog';

afterEach(cleanup);

describe('the appeal dialog', () => {
  it('sends the player of a federated ban to appeal on the site it came from', () => {
    createTestHost({});
    signInForTest([]);
    render(
      <AppealDialog
        ban={ban({
          origin: { site: 'https://bans.friends.example', appeals: 'https://bans.friends.example/bans/appeals' },
        })}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText(/came from another community, bans\.friends\.example/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'appeal it on their site' }).getAttribute('href')).toBe(
      'https://bans.friends.example/bans/appeals',
    );
  });

  it('says nothing of another community for this site’s own bans', () => {
    createTestHost({});
    signInForTest([]);
    render(<AppealDialog ban={ban({})} onCancel={() => undefined} />);
    expect(screen.queryByText(/another community/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send appeal' })).toBeTruthy();
  });
});
