import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { content, renderDocs } from '../../test-support/render-docs';
import { TutorialsView, tourLink } from './tutorials-view';

afterEach(cleanup);
const view = <TutorialsView tutorials={content.tutorials} />;
const ROUTE = '/docs/tutorials/:id?';

describe('tutorials page', () => {
  it('lists the tutorials', () => {
    renderDocs('/docs/tutorials', ROUTE, view);
    expect(screen.getByRole('link', { name: /Banning a player/ }).getAttribute('href')).toBe(
      '/docs/tutorials/banning-a-player',
    );
    expect(screen.getByRole('link', { name: /Joining a server/ })).toBeTruthy();
  });

  it('opens one with a link that starts its guided tour on the page the tour begins', () => {
    renderDocs('/docs/tutorials/banning-a-player', ROUTE, view);
    expect(screen.getByRole('heading', { name: 'Banning a player' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the guided tour' }).getAttribute('href')).toBe(
      '/admin/players?tour=ban-player',
    );
  });

  it('has no tour link for a tutorial without a tour, and says when a tutorial does not exist', () => {
    renderDocs('/docs/tutorials/targeting-players', ROUTE, view);
    expect(screen.queryByRole('link', { name: 'Start the guided tour' })).toBeNull();
    cleanup();
    renderDocs('/docs/tutorials/nope', ROUTE, view);
    expect(screen.getByText('No tutorial named “nope”.')).toBeTruthy();
  });

  it('keeps a start page query when it builds the tour link', () => {
    expect(
      tourLink({ id: 'x', title: 't', description: 'd', markdown: 'm', tour: { id: 'a-b', start: '/p?x=1' } }),
    ).toBe('/p?x=1&tour=a-b');
  });
});
