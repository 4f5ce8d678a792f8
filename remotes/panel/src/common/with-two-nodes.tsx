import { withNode } from '@outpost/host';
import { Fragment, type ReactNode } from 'react';

/** The value to give a message's second argument that stands for an element (SLOT is the first). */
export const SLOT_2 = '\u0001';

/**
 * A translated message with two elements in it (a version and a date, two versions): `t(key,
 * { a: SLOT, b: SLOT_2 })` drawn with `first` and `second` where they were, in whichever order
 * the locale puts them. Built on the host's withNode, which places one.
 */
export function withTwoNodes(message: string, first: ReactNode, second: ReactNode): ReactNode {
  return message.split(SLOT_2).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message
    <Fragment key={index}>
      {index > 0 && second}
      {withNode(part, first)}
    </Fragment>
  ));
}
