import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Field, FieldRow, FormActions } from './form';
import { Icon } from './icon';
import { Card } from './page-header';
import { Pager } from './pager';
import { RelativeTime } from './relative-time';
import { EmptyState, LoadState } from './states';
import { type Column, Table } from './table';
import { Tabs } from './tabs';
import { Tag } from './tag';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  players: number | null;
}
const rows: Row[] = [
  { id: 'a', name: 'Zeta', players: 3 },
  { id: 'b', name: 'alpha', players: null },
  { id: 'c', name: 'Beta', players: 12 },
];
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', render: (row) => row.name, sortValue: (row) => row.name },
  { key: 'players', label: 'Players', render: (row) => row.players ?? '-', sortValue: (row) => row.players },
  { key: 'id', label: 'Id', render: (row) => row.id },
];
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('<Table>', () => {
  it('sorts by a header, both ways, nulls last, and says so with aria-sort', () => {
    render(<Table caption="Servers" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(screen.getByRole('table', { name: 'Servers' })).toBeTruthy();
    expect(names()).toEqual(['Zeta', 'alpha', 'Beta']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['alpha', 'Beta', 'Zeta']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Zeta', 'Beta', 'alpha']);
    fireEvent.click(screen.getByRole('button', { name: 'Players' }));
    expect(names()).toEqual(['Zeta', 'Beta', 'alpha']);
    fireEvent.click(screen.getByRole('button', { name: 'Players' }));
    expect(names()).toEqual(['Beta', 'Zeta', 'alpha']);
    // A column without a sort value has no sort button.
    expect(screen.getByRole('columnheader', { name: 'Id' }).getAttribute('aria-sort')).toBeNull();
  });

  it('labels every cell with its column (the stacked card of narrow screens)', () => {
    render(<Table caption="Servers" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Players', 'Id']);
  });

  it('leaves the order to the caller when sorting is controlled, and shows the empty state', () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <Table caption="S" columns={columns} rows={rows} rowKey={(row) => row.id} sort={null} onSort={onSort} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith({ key: 'name', direction: 'ascending' });
    expect(names()).toEqual(['Zeta', 'alpha', 'Beta']);
    rerender(
      <Table
        caption="S"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty={<EmptyState>None yet</EmptyState>}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('None yet')).toBeTruthy();
  });

  it('draws an empty sentence as the kit empty state, the same look as an EmptyState given whole', () => {
    const { container, rerender } = render(
      <Table caption="S" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing waits for review." />,
    );
    const sentence = container.innerHTML;
    expect(screen.getByText('Nothing waits for review.')).toBeTruthy();
    rerender(
      <Table
        caption="S"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty={<EmptyState>Nothing waits for review.</EmptyState>}
      />,
    );
    expect(container.innerHTML).toBe(sentence);
  });
});

describe('<ConfirmDialog>', () => {
  it('stays open and busy until the action is done, then the caller closes it', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onCancel = vi.fn();
    render(
      <ConfirmDialog title="Unban?" confirmLabel="Unban" danger onConfirm={onConfirm} onCancel={onCancel}>
        Unban Zoey?
      </ConfirmDialog>,
    );
    const confirm = screen.getByRole('button', { name: 'Unban' });
    expect(confirm.className).toContain('is-danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('form parts', () => {
  it('ties the label, hint and inline error to the control', () => {
    render(
      <form>
        <Field label="Name" hint="Shown in the list" error="Name is required">
          {(control) => <input {...control} />}
        </Field>
        <FormActions submitLabel="Save" onCancel={() => {}} />
      </form>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown in the list', 'Name is required']);
    expect(screen.getByRole('alert').textContent).toBe('Name is required');
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  });

  it('is valid without an error', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts fields and their buttons in one row, the buttons in the box the kit sets level with the inputs', () => {
    const { container } = render(
      <FieldRow className="exceptions" actions={<button type="button">Except</button>}>
        <Field label="Steam id">{(control) => <input {...control} />}</Field>
        <Field label="Why" error="Give a reason">
          {(control) => <input {...control} />}
        </Field>
      </FieldRow>,
    );
    const row = container.firstElementChild as HTMLElement;
    expect(row.className).toBe('field-row exceptions');
    expect(Array.from(row.children).map((child) => child.className)).toEqual(['field', 'field', 'field-row-actions']);
    expect(within(row.lastElementChild as HTMLElement).getByRole('button', { name: 'Except' })).toBeTruthy();
    expect(screen.getByLabelText('Why').getAttribute('aria-invalid')).toBe('true');
  });

  it('draws no empty button box without actions', () => {
    const { container } = render(
      <FieldRow>
        <Field label="Steam id">{(control) => <input {...control} />}</Field>
      </FieldRow>,
    );
    expect(container.querySelector('.field-row-actions')).toBeNull();
  });
});

function TabsHarness() {
  const [active, setActive] = useState('overview');
  return (
    <Tabs
      label="Player"
      active={active}
      onChange={setActive}
      tabs={[
        { id: 'overview', label: 'Overview' },
        { id: 'bans', label: 'Bans' },
        { id: 'notes', label: 'Notes' },
      ]}
    >
      <p>panel {active}</p>
    </Tabs>
  );
}

describe('<Tabs>', () => {
  it('switches with clicks and arrow keys and shows the active panel', () => {
    render(<TabsHarness />);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel notes');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Notes' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel overview');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Overview' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('<Tabs> in a narrow strip', () => {
  it('scrolls the strip, not the page, so a tab selected at the start is whole in view', () => {
    // jsdom lays nothing out: the strip is 0-100 px and the third tab 150-200 px, as on a phone.
    const box = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const [left, right] =
        this.getAttribute('role') === 'tablist' ? [0, 100] : this.textContent === 'Notes' ? [150, 200] : [0, 50];
      return { left, right, top: 0, bottom: 20, width: right - left, height: 20, x: left, y: 0, toJSON: () => ({}) };
    });
    try {
      render(
        <Tabs
          label="Player"
          active="notes"
          onChange={() => undefined}
          tabs={[
            { id: 'overview', label: 'Overview' },
            { id: 'bans', label: 'Bans' },
            { id: 'notes', label: 'Notes' },
          ]}
        >
          <p>panel</p>
        </Tabs>,
      );
      expect(screen.getByRole('tablist').scrollLeft).toBe(100);
      expect(window.scrollX).toBe(0);
    } finally {
      box.mockRestore();
    }
  });
});

describe('<Card>', () => {
  it('is a region named by its title, with its description and actions in the head', () => {
    render(
      <Card title="Coop Servers" description="Campaigns with friends" actions={<button type="button">Add</button>}>
        body
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Coop Servers' });
    expect(within(region).getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    expect(within(region).getByText('Campaigns with friends')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('is no landmark without a title', () => {
    render(<Card>body</Card>);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('small parts', () => {
  it('pages forwards and back, and hides with a single page', () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const { rerender, container } = render(
      <Pager page={1} hasPrevious={false} nextCursor="c2" onNext={onNext} onPrevious={onPrevious} />,
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith('c2');
    rerender(<Pager page={1} hasPrevious={false} nextCursor={null} onNext={onNext} onPrevious={onPrevious} />);
    expect(container.innerHTML).toBe('');
  });

  it('draws icons as SVG, named only when labelled', () => {
    const { container } = render(
      <>
        <Icon name="ban" />
        <Icon name="home" label="Home" />
        <Icon name={undefined} />
      </>,
    );
    expect(container.querySelectorAll('svg')).toHaveLength(2);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Home' })).toBeTruthy();
  });

  it('renders the states of a Loaded value', () => {
    const { rerender } = render(
      <LoadState state={{ status: 'loading' }} what="bans">
        {() => 'x'}
      </LoadState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading bans…');
    const retry = vi.fn();
    rerender(
      <LoadState
        state={{
          status: 'failed',
          failure: { code: 'FORBIDDEN', message: 'No', status: 403, statusText: 'Forbidden', body: null, text: '' },
        }}
        what="bans"
        onRetry={retry}
      >
        {() => 'x'}
      </LoadState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load bans: No');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
    rerender(
      <LoadState state={{ status: 'ready', data: 7 }} what="bans">
        {(count) => `count ${count}`}
      </LoadState>,
    );
    expect(screen.getByText('count 7')).toBeTruthy();
  });

  it('shows tags and relative times', () => {
    render(
      <>
        <Tag tone="danger">Active</Tag>
        <RelativeTime value={1_000} now={new Date(1_000_000 + 3 * 3600 * 1000)} />
        <RelativeTime value={Number.NaN} />
      </>,
    );
    expect(screen.getByText('Active').className).toBe('tag is-danger');
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toMatch(/^1970-01-01 at /);
    expect(screen.getByText('<invalid date>')).toBeTruthy();
  });
});
