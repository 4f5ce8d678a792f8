import { describe, expect, it } from 'vitest';
import { discussionPath, discussionSlug, mentionedNames } from './discuss-events-discussions';

describe('discussionSlug', () => {
  it.each([
    ['Map rotation: what next?', 'map-rotation-what-next'],
    ['  Ünïcödé Çafé  ', 'unicode-cafe'],
    ['!!!', 'thread'],
    ['日本語だけ', 'thread'],
    ['edit', 'edit-thread'],
    ['Edit', 'edit-thread'],
    ['new', 'new'],
    ['a'.repeat(100), 'a'.repeat(80)],
    [`${'word '.repeat(30)}`, 'word-'.repeat(16).slice(0, 79)],
    ['../../etc/passwd', 'etc-passwd'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%j -> %j', (title, slug) => {
    expect(discussionSlug(title)).toBe(slug);
    expect(discussionSlug(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('builds thread and reply paths', () => {
    expect(discussionPath(7, 'Hello World')).toBe('/discuss/7/hello-world');
    expect(discussionPath(7, 'Hello World', 31)).toBe('/discuss/7/hello-world#reply-31');
  });
});

describe('mentionedNames', () => {
  it.each([
    ['thanks @Alice and @bob!', ['alice', 'bob']],
    ['@Alice @alice @ALICE', ['alice']],
    ['mail me at someone@example.org', []],
    ['`@code` and ```\n@block\n``` but @real', ['real']],
    ['end of sentence @Zoey.', ['zoey']],
    ['(@Ellis)', ['ellis']],
    ['@', []],
    ['@@double', []],
    ['@Ünïcode_user-1', ['ünïcode_user-1']],
  ])('%j -> %j', (body, names) => {
    expect(mentionedNames(body)).toEqual(names);
  });

  it('stops at 10 distinct names', () => {
    const body = Array.from({ length: 30 }, (_, index) => `@user${index}`).join(' ');
    expect(mentionedNames(body)).toHaveLength(10);
  });
});
