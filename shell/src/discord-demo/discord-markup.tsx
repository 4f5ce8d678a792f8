import type { ReactNode } from 'react';

// The little of Discord's markdown Outpost's answers use: **bold**, `code`, backslash escapes
// and <t:seconds:R|f> timestamps (Discord shows them in the reader's time zone; so does this).

const TOKEN = /\*\*(.+?)\*\*|`([^`]+)`|<t:(\d{1,12}):([RfFdDtT])>|\\(.)/g;

function timestamp(seconds: number, style: string): string {
  const date = new Date(seconds * 1000);
  if (style !== 'R') return date.toLocaleString();
  const minutes = Math.round((seconds * 1000 - Date.now()) / 60_000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / 1440), 'day');
}

/** One line's text as React nodes. */
function inline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > at) nodes.push(text.slice(at, index));
    const [, bold, code, seconds, style, escaped] = match;
    const id = `${key}-${index}`;
    if (bold !== undefined) nodes.push(<strong key={id}>{inline(bold, id)}</strong>);
    else if (code !== undefined) nodes.push(<code key={id}>{code}</code>);
    else if (seconds !== undefined)
      nodes.push(
        <time key={id} dateTime={new Date(Number(seconds) * 1000).toISOString()}>
          {timestamp(Number(seconds), style ?? 'f')}
        </time>,
      );
    else nodes.push(escaped);
    at = index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/** A message's content, one paragraph per line. */
export function discordMarkup(content: string): ReactNode {
  return content.split('\n').map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one message never move
    <p key={index}>{inline(line, String(index))}</p>
  ));
}
