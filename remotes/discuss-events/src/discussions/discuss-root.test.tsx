import type { DiscussionDetail, DiscussionReply, DiscussionThread } from '@outpost/contracts';
import { sessionData, useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { DiscussRoot } from './discuss-root';

const thread: DiscussionThread = {
  id: 7,
  title: 'Map rotation: what next?',
  slug: 'map-rotation-what-next',
  body: 'Which **maps**?',
  category: 'servers',
  authorId: 'u-alice',
  authorName: 'Alice',
  createdAt: 1_700_000_000,
  editedAt: 1_700_000_500,
  lastActivityAt: 1_700_000_900,
  isOpen: true,
  isPinned: true,
  replyCount: 1,
  unread: true,
};
const detail = (overrides: Partial<DiscussionDetail> = {}): DiscussionDetail => ({
  thread,
  replies: [
    {
      id: 31,
      threadId: 7,
      body: 'c1m1 please\nand c2m1',
      authorId: 'u-bob',
      authorName: 'Bob',
      createdAt: 1_700_000_900,
      editedAt: null,
    },
  ],
  replyPage: { page: 1, pages: 1, size: 30, total: 1 },
  firstUnreadId: null,
  can: { reply: true, edit: true, moderate: false },
  viewerId: 'u-alice',
  limits: { maxBodyChars: 20000 },
  openDiscussions: 0,
  ...overrides,
});

let location = '';
function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}${current.hash}`;
  return null;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/discuss/*" element={<DiscussRoot />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('discussions remote', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signInForTest(['discuss.use'], '', { id: 'u-alice', name: 'Alice' });
  });
  afterEach(cleanup);

  it('lists threads with pinned, unread and reply-count markers, and filters through the URL', async () => {
    const api = createTestHost({
      'GET /api/discussions': {
        body: {
          threads: [
            thread,
            { ...thread, id: 8, title: 'Old', isPinned: false, unread: false, isOpen: false, replyCount: 0 },
          ],
          nextCursor: 'abc',
          openDiscussions: 4,
        },
      },
    });
    renderAt('/discuss');
    // The list's count becomes the session's (the nav badge).
    await waitFor(() => expect(useSessionStore.getState().session?.openDiscussions).toBe(4));
    const first = (await screen.findByRole('link', { name: /Map rotation/ })).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('Pinned');
    expect(first.textContent).toContain('New');
    expect(first.textContent).toContain('1 reply');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/discuss/7/map-rotation-what-next');
    const second = screen.getByRole('link', { name: 'Old' }).closest('tr') as HTMLElement;
    expect(second.textContent).toContain('Closed');
    expect(second.textContent).toContain('0 replies');
    fireEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(api.paths()).toContain('GET /api/discussions?filter=unread&limit=25'));
    expect(location).toBe('/discuss?filter=unread');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.paths()).toContain('GET /api/discussions?filter=unread&cursor=abc&limit=25'));
  });

  it('shows the discussions list at /discuss/list (SPEC: list is a child route, not a thread id)', async () => {
    const api = createTestHost({
      'GET /api/discussions': { body: { threads: [thread], nextCursor: null, openDiscussions: 1 } },
    });
    renderAt('/discuss/list?filter=open');
    expect(await screen.findByRole('link', { name: /Map rotation/ })).toBeTruthy();
    expect(api.paths()).toContain('GET /api/discussions?filter=open&limit=25');
    expect(api.paths().some((path) => path.startsWith('GET /api/discussions/list'))).toBe(false);
    expect(screen.queryByText(/No discussion has this id/)).toBeNull();
    // Filters stay on /discuss/list.
    fireEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(location).toBe('/discuss/list?filter=unread'));
  });

  it.each([
    ['/discuss/7', '/discuss/7/map-rotation-what-next'],
    ['/discuss/7/wrong-slug', '/discuss/7/map-rotation-what-next'],
    ['/discuss/7/old?x=1#reply-31', '/discuss/7/map-rotation-what-next?x=1#reply-31'],
  ])('finds the thread at %s and corrects the URL to %s', async (from, to) => {
    createTestHost({ 'GET /api/discussions/7': { body: detail() } });
    renderAt(from);
    expect(await screen.findByRole('heading', { level: 1, name: thread.title })).toBeTruthy();
    // The correction follows the load's render; a loaded machine can take over waitFor's default second.
    await waitFor(() => expect(location).toBe(to), { timeout: 5000 });
  });

  it('shows author, edit time and replies, and quotes a reply into the reply box', async () => {
    createTestHost({ 'GET /api/discussions/7': { body: detail() } });
    renderAt('/discuss/7/map-rotation-what-next');
    await screen.findByRole('heading', { level: 1, name: thread.title });
    expect(screen.getByText(/edited/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/discuss/7/edit');
    // Not a moderator: no close, pin, move or delete.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const reply = document.getElementById('reply-31') as HTMLElement;
    fireEvent.click(within(reply).getByRole('button', { name: 'Quote' }));
    const box = screen.getByLabelText('Your reply') as HTMLTextAreaElement;
    expect(box.value).toBe('> **Bob** wrote:\n> c1m1 please\n> and c2m1\n\n');
    // The preview renders live.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Bob', { selector: 'strong' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('pages a long thread through ?page links and opens the page holding a linked reply', async () => {
    const replyOn = (page: number): DiscussionReply => ({
      ...(detail().replies[0] as DiscussionReply),
      id: 100 + page,
      body: `On page ${page}`,
    });
    const api = createTestHost({
      'GET /api/discussions/7': (request) => {
        const page = request.query.get('reply') ? 2 : Number(request.query.get('page') ?? 1);
        return {
          body: detail({ replies: [replyOn(page)], replyPage: { page, pages: 3, size: 30, total: 61 } }),
        };
      },
    });
    renderAt('/discuss/7/map-rotation-what-next');
    expect(await screen.findByRole('heading', { name: '61 replies' })).toBeTruthy();
    expect(screen.getAllByText('Page 1 of 3')).toHaveLength(2);
    const [top] = screen.getAllByRole('navigation', { name: 'Pages of replies' });
    fireEvent.click(within(top as HTMLElement).getByRole('link', { name: /Later replies/ }));
    expect(await screen.findByText('On page 2')).toBeTruthy();
    await waitFor(() => expect(location).toBe('/discuss/7/map-rotation-what-next?page=2#replies'));
    expect(api.paths()).toContain('GET /api/discussions/7?page=2');
    // Back to the first page: no ?page in the URL or the call.
    fireEvent.click(
      within(screen.getAllByRole('navigation', { name: 'Pages of replies' })[0] as HTMLElement).getByRole('link', {
        name: /Earlier replies/,
      }),
    );
    expect(await screen.findByText('On page 1')).toBeTruthy();
    expect(api.paths().at(-1)).toBe('GET /api/discussions/7');
    cleanup();

    // A notification's link to a reply: the page holding it is asked for, and it is highlighted.
    renderAt('/discuss/7/map-rotation-what-next#reply-102');
    expect(await screen.findByText('On page 2')).toBeTruthy();
    expect(api.paths().at(-1)).toBe('GET /api/discussions/7?reply=102');
    expect(document.getElementById('reply-102')?.className).toContain('is-highlighted');
  });

  it('marks where the news starts for a returning reader', async () => {
    createTestHost({ 'GET /api/discussions/7': { body: detail({ firstUnreadId: 31 }) } });
    renderAt('/discuss/7/map-rotation-what-next');
    const marker = await screen.findByText('New since your last visit');
    // Right before the first unseen reply.
    expect(marker.closest('li')?.querySelector('#reply-31')).toBeTruthy();
    cleanup();
    createTestHost({ 'GET /api/discussions/7': { body: detail() } });
    renderAt('/discuss/7/map-rotation-what-next');
    await screen.findByRole('heading', { level: 1, name: thread.title });
    expect(screen.queryByText('New since your last visit')).toBeNull();
  });

  it('lowers the session’s open discussions count once a thread is read', async () => {
    useSessionStore.getState().setSession({
      ...sessionData(
        useSessionStore.getState().session as NonNullable<ReturnType<typeof useSessionStore.getState>['session']>,
      ),
      openDiscussions: 3,
    });
    createTestHost({ 'GET /api/discussions/7': { body: detail({ openDiscussions: 2 }) } });
    renderAt('/discuss/7/map-rotation-what-next');
    await screen.findByRole('heading', { level: 1, name: thread.title });
    await waitFor(() => expect(useSessionStore.getState().session?.openDiscussions).toBe(2));
  });

  it('keeps an unsaved reply across a reload and forgets it once sent', async () => {
    const api = createTestHost({
      'GET /api/discussions/7': { body: detail() },
      'POST /api/discussions/7/replies': { status: 201, body: { ...detail().replies[0], id: 32, body: 'Draft text' } },
    });
    const first = renderAt('/discuss/7/map-rotation-what-next');
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: 'Draft text' } });
    first.unmount();
    renderAt('/discuss/7/map-rotation-what-next');
    const box = (await screen.findByLabelText('Your reply')) as HTMLTextAreaElement;
    expect(box.value).toBe('Draft text');
    expect(screen.getByRole('status').textContent).toContain('Your unsaved reply was restored.');
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(api.paths()).toContain('POST /api/discussions/7/replies'));
    await waitFor(() => expect(location).toBe('/discuss/7/map-rotation-what-next#reply-32'));
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('outpost.discuss.draft.'))).toEqual([]);
  });

  it('shows the rate-limit message beside the reply box and keeps the text', async () => {
    createTestHost({
      'GET /api/discussions/7': { body: detail() },
      'POST /api/discussions/7/replies': {
        status: 429,
        body: {
          error: 'POSTING_TOO_FAST',
          message: 'You are posting too fast: at most 5 posts a minute. Try again in 42 s.',
        },
      },
    });
    renderAt('/discuss/7/map-rotation-what-next');
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are posting too fast: at most 5 posts a minute. Try again in 42 s.',
    );
    expect((screen.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('Again');
  });

  it('gives moderators close, pin, move and delete', async () => {
    const api = createTestHost({
      'GET /api/discussions/7': { body: detail({ can: { reply: true, edit: false, moderate: true } }) },
      'PATCH /api/discussions/7/moderation': { body: thread },
      'DELETE /api/discussions/7': { status: 204 },
    });
    renderAt('/discuss/7/map-rotation-what-next');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isOpen: false });
    fireEvent.click(screen.getByRole('button', { name: 'Unpin' }));
    fireEvent.change(screen.getByLabelText('Move to'), { target: { value: 'off-topic' } });
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { isOpen: false },
        { isPinned: false },
        { category: 'off-topic' },
      ]),
    );
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete discussion' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location).toBe('/discuss'));
  });

  it('says a closed thread takes no replies', async () => {
    createTestHost({
      'GET /api/discussions/7': {
        body: detail({ thread: { ...thread, isOpen: false }, can: { reply: false, edit: false, moderate: false } }),
      },
    });
    renderAt('/discuss/7/map-rotation-what-next');
    expect(await screen.findByText('This discussion is closed: it takes no new replies.')).toBeTruthy();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quote' })).toBeNull();
  });

  it('keeps a new thread draft across a reload, previews it live, and posts it', async () => {
    const api = createTestHost({
      'POST /api/discussions': { status: 201, body: { ...thread, id: 9, title: 'Hello there' } },
    });
    const first = renderAt('/discuss/new');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Hello there' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '# Big\nnews' } });
    first.unmount();
    renderAt('/discuss/new');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Hello there');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('# Big\nnews');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Big' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'events' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start discussion' }));
    await waitFor(() => expect(location).toBe('/discuss/9/hello-there'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Hello there',
      body: '# Big\nnews',
      category: 'events',
    });
    expect(window.localStorage.getItem('outpost.discuss.draft.new')).toBeNull();
  });

  it('refuses an empty new thread in the form without calling the API', async () => {
    const api = createTestHost({});
    renderAt('/discuss/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Start discussion' }));
    expect(await screen.findByText('A title is required')).toBeTruthy();
    expect(screen.getByText('Write something first')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('edits the author’s thread and refuses the edit page to others', async () => {
    const api = createTestHost({
      'GET /api/discussions/7': { body: detail() },
      'PATCH /api/discussions/7': { body: { ...thread, title: 'Renamed', slug: 'renamed' } },
    });
    renderAt('/discuss/7/edit');
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    expect(title.value).toBe(thread.title);
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location).toBe('/discuss/7/renamed'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'Renamed', body: thread.body });
    cleanup();
    createTestHost({
      'GET /api/discussions/7': { body: detail({ can: { reply: true, edit: false, moderate: false } }) },
    });
    renderAt('/discuss/7/edit');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
  });

  it('renders hostile markdown inert', async () => {
    const payloads = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 2">',
      '[click](javascript:window.__pwned=3)',
      '[click2](JaVaScRiPt:alert(1))',
      '[click3](java\tscript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[vb](vbscript:msgbox(1))',
      '<a href="javascript:alert(1)">raw</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(1)</script></svg>',
      '<div style="position:fixed;inset:0" onclick="alert(1)">cover</div>',
      '![img](javascript:alert(1))',
      '<form action="https://evil.example"><input name=x></form>',
      '<details open ontoggle="alert(1)">x</details>',
    ];
    const body = payloads.join('\n\n');
    createTestHost({
      'GET /api/discussions/7': {
        body: detail({
          thread: { ...thread, body },
          replies: [{ ...detail().replies[0], body } as DiscussionDetail['replies'][number]],
        }),
      },
    });
    const { container } = renderAt('/discuss/7/map-rotation-what-next');
    await screen.findByRole('heading', { level: 1, name: thread.title });
    // Wait until the renderer has replaced the plain-text fallback.
    await waitFor(() => expect(container.querySelectorAll('.post-body p').length).toBeGreaterThan(2), {
      timeout: 10_000,
    });
    await act(async () => {});
    const posts = Array.from(container.querySelectorAll('.post-body'));
    expect(posts.length).toBe(2);
    for (const post of posts) {
      expect(post.querySelector('script, iframe, form, input, style, object, embed')).toBeNull();
      for (const element of Array.from(post.querySelectorAll('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
          expect(attribute.name).not.toBe('style');
          expect(attribute.value.replace(/\s/g, '')).not.toMatch(/^(javascript|vbscript|data):/i);
        }
      }
      // The text of dropped links stays readable.
      expect(post.textContent).toContain('click');
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
