import { SLOT } from '@outpost/host';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SLOT_2, withTwoNodes } from './with-two-nodes';

afterEach(cleanup);

it('puts each element where its argument was, in the order the message has them', () => {
  const draw = (message: string) =>
    render(<p>{withTwoNodes(message, <code>v2</code>, <em>now</em>)}</p>).container.innerHTML;
  expect(draw(`Users get ${SLOT} from ${SLOT_2}.`)).toBe('<p>Users get <code>v2</code> from <em>now</em>.</p>');
  expect(draw(`${SLOT_2}: ${SLOT}`)).toBe('<p><em>now</em>: <code>v2</code></p>');
});
