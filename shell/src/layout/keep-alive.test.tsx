import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Navigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAlivePages } from './keep-alive';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}
const routes = ['a', 'b', 'c'].map((name) => ({ path: `/${name}`, element: <Counter name={name} /> }));

afterEach(cleanup);

describe('KeepAlivePages', () => {
  it('keeps the last two pages with their state; a third visit drops the oldest', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/a">to a</Link>
        <Link to="/b">to b</Link>
        <Link to="/c">to c</Link>
        <KeepAlivePages routes={routes} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'a 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'a 1' }));
    fireEvent.click(screen.getByText('to b'));
    // a is kept but hidden.
    expect(screen.queryByRole('button', { name: 'a 2' })).toBeNull();
    expect(screen.getByText('a 2').style.display).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'b 0' }));
    fireEvent.click(screen.getByText('to a'));
    expect(screen.getByRole('button', { name: 'a 2' })).toBeTruthy();
    fireEvent.click(screen.getByText('to c'));
    fireEvent.click(screen.getByText('to b'));
    // b was the oldest when c came: it starts over.
    expect(screen.getByRole('button', { name: 'b 0' })).toBeTruthy();
    fireEvent.click(screen.getByText('to c'));
    expect(screen.getByRole('button', { name: 'c 0' })).toBeTruthy();
  });

  it('a replace takes the place of the page it replaced: the redirected-from page is not kept', () => {
    const withRedirect = [
      ...routes,
      // /old redirects at once (as a page correcting its own URL does).
      { path: '/old', element: <Navigate to="/c" replace /> },
    ];
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/old">to old</Link>
        <Link to="/a">to a</Link>
        <KeepAlivePages routes={withRedirect} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'a 0' }));
    fireEvent.click(screen.getByText('to old'));
    expect(screen.getByRole('button', { name: 'c 0' })).toBeTruthy();
    // /a (visited) is kept hidden; /old (replaced) is not kept beside it.
    expect(screen.getByText('a 1').style.display).toBe('none');
    fireEvent.click(screen.getByText('to a'));
    expect(screen.getByRole('button', { name: 'a 1' })).toBeTruthy();
  });
});
