import { setLocale } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { banStatusDetail } from './bans/ban-status';
import { banScopeName } from './common/ban-words';
import manifest from './manifest';
import { ban } from './test-support/fixtures';

// Issue 27: a ban taken from a federation feed is stored with English words ('Cheating (from
// Neighbour)', 'Federation: Neighbour'), what game servers kick with. The lists draw them in the
// reader's language from the ban's origin; a ban stored before the origin kept its name and
// category shows the stored text.

async function loadPage(path: string): Promise<ComponentType> {
  const load = manifest.routes.find((route) => route.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  return ((await load()) as { default: ComponentType }).default;
}

const federated = ban({
  id: 7,
  playerName: 'Fox',
  reason: 'Cheating (from Neighbour)',
  adminId: null,
  adminName: 'Federation: Neighbour',
  origin: { site: 'https://neighbour.example', appeals: null, name: 'Neighbour', category: 'cheating' },
});
const older = ban({
  id: 6,
  playerName: 'Owl',
  reason: 'Spam or advertising (from Neighbour)',
  adminId: null,
  adminName: 'Federation: Neighbour',
  origin: { site: 'https://neighbour.example', appeals: null },
});

async function drawBans(locale: string, path: '/bans' | '/admin/bans') {
  await setLocale(locale);
  const Page = await loadPage(path);
  if (path === '/admin/bans') signInForTest(['bans.*']);
  createTestHost({ 'GET /api/bans': { body: { bans: [federated, older], nextCursor: null } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
  const fox = (await screen.findByText('Fox')).closest('tr') as HTMLElement;
  const owl = screen.getByText('Owl').closest('tr') as HTMLElement;
  return { fox: fox.textContent ?? '', owl: owl.textContent ?? '' };
}

afterEach(cleanup);
beforeEach(() => signInForTest(null));
afterAll(async () => {
  await setLocale('en');
});

describe('federated bans in the reader’s language', () => {
  it('public list in German', async () => {
    const { fox, owl } = await drawBans('de', '/bans');
    expect(fox).toContain('Cheating (von Neighbour)');
    expect(fox).toContain('Föderation: Neighbour');
    expect(fox).not.toContain('from Neighbour');
    // Stored before its origin's name and category were kept: the stored words.
    expect(owl).toContain('Spam or advertising (from Neighbour)');
    expect(owl).toContain('Federation: Neighbour');
  });

  it('staff list in Russian', async () => {
    const { fox, owl } = await drawBans('ru', '/admin/bans');
    expect(fox).toContain('Читерство (от Neighbour)');
    expect(fox).toContain('Федерация: Neighbour');
    expect(owl).toContain('Spam or advertising (from Neighbour)');
  });

  it('a ban lifted through the feed says by whom and why in the reader’s language', async () => {
    await setLocale('de');
    await loadPage('/bans');
    const lifted = (lift: { by: 'origin' | 'exception'; reason: string | null }) =>
      banStatusDetail(
        ban({
          ...federated,
          status: 'unbanned',
          unbannedAt: 1_700_050_000,
          unbannedById: null,
          unbannedByName: 'Federation: Neighbour',
          unbanReason: lift.by === 'origin' ? 'Lifted by Neighbour' : `Excepted here: ${lift.reason}`,
          origin: { ...federated.origin, site: 'https://neighbour.example', appeals: null, lift },
        }),
      );
    expect(lifted({ by: 'origin', reason: null })).toContain('Föderation: Neighbour');
    expect(lifted({ by: 'origin', reason: null })).toContain('Von Neighbour aufgehoben');
    await setLocale('ru');
    await loadPage('/bans');
    expect(lifted({ by: 'exception', reason: 'false positive' })).toContain('Исключение на этом сайте: false positive');
    expect(lifted({ by: 'exception', reason: 'false positive' })).toContain('Федерация: Neighbour');
  });

  it('the whole community as a ban’s scope in the reader’s language, a group by its name', async () => {
    await setLocale('de');
    await loadPage('/bans');
    const community = { scope: { kind: 'community' as const }, scopeName: 'All servers' };
    expect(banScopeName(community)).toBe('Alle Server');
    await setLocale('ru');
    await loadPage('/bans');
    expect(banScopeName(community)).toBe('Все серверы');
    expect(banScopeName({ scope: { kind: 'group', groupId: 'g' }, scopeName: 'Coop' })).toBe('Coop');
    // An answer without the scope (an older API): its name as sent.
    expect(banScopeName({ scopeName: 'All servers' })).toBe('All servers');
  });

  it('a ban lifted by an accepted appeal says so in the reader’s language', async () => {
    const lifted = ban({
      status: 'unbanned',
      unbannedAt: 1_700_050_000,
      unbannedById: 'u2',
      unbannedByName: 'Judge Jo',
      unbanReason: 'Appeal #12 accepted: Demo shows no cheating',
      unbanAppeal: { id: 12, reason: 'Demo shows no cheating' },
    });
    await setLocale('de');
    await loadPage('/bans');
    expect(banStatusDetail(lifted)).toContain('Einspruch #12 angenommen: Demo shows no cheating');
    await setLocale('ru');
    await loadPage('/bans');
    expect(banStatusDetail(lifted)).toContain('Апелляция #12 принята: Demo shows no cheating');
    expect(banStatusDetail(lifted)).toContain('Judge Jo');
    // A lift without it (any other, or stored before): the stored reason.
    expect(banStatusDetail(ban({ ...lifted, unbanAppeal: null, unbanReason: 'Cleared' }))).toContain('Cleared');
  });

  it('English reads as stored', async () => {
    const { fox } = await drawBans('en', '/bans');
    expect(fox).toContain('Cheating (from Neighbour)');
    expect(fox).toContain('Federation: Neighbour');
  });
});
