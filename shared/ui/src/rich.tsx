import { Fragment, type ReactNode } from 'react';

/**
 * A translated message with elements in it (a bold section name, a link, a key, a path in code),
 * each drawn where the locale puts its argument: `rich(t, id, { title: <strong>…</strong> })`.
 * Each argument is given to `t` as a private-use character (never in a message), which the parts
 * split at. In the kit's core: the shell's chrome and the servers overview on `/` both draw with
 * it, and one copy is what the first load carries.
 */
export function rich(
  t: (id: string, values: Record<string, unknown>) => string,
  id: string,
  nodes: Record<string, ReactNode>,
): ReactNode {
  const names = Object.keys(nodes);
  const marks = Object.fromEntries(names.map((name, index) => [name, String.fromCharCode(0xe000 + index)]));
  return t(id, marks)
    .split(/([\ue000-\ue0ff])/)
    .map((part, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message
      <Fragment key={index}>{index % 2 ? nodes[names[part.charCodeAt(0) - 0xe000] as string] : part}</Fragment>
    ));
}
