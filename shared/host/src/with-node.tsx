import { Fragment, type ReactNode } from 'react';

/** The value to give a message's argument that stands for an element (a date, a link). */
export const SLOT = '\u0000';

/**
 * A translated message with an element in it: `t(key, { date: SLOT })` drawn with `node` where
 * the argument was, wherever the locale puts it.
 */
export function withNode(message: string, node: ReactNode): ReactNode {
  const parts = message.split(SLOT);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message
    <Fragment key={index}>
      {index > 0 && node}
      {part}
    </Fragment>
  ));
}
