import { createTestHost } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, initials } from './avatar';
import { Button, ButtonLink, LinkButton } from './button';
import { DescriptionList } from './description-list';
import { Field, Fieldset, RadioGroup } from './form';
import { Checkbox, Input, Select, TextArea } from './form-controls';
import { formatClock, formatDate } from './format-time';
import { PageHeader } from './page-header';
import { Pager } from './pager';
import { DateTime, DateTimeRange } from './relative-time';
import { STATUSES, StatusBadge, statusTone } from './status-badge';
import { type Column, DataTable } from './table';
import { TabLinks } from './tabs';
import { SearchFilter, SelectFilter, Toolbar } from './toolbar';

afterEach(cleanup);

describe('buttons', () => {
  it('are type="button" unless told, and busy disables them and says so', () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <Button onClick={onClick}>Plain</Button>
        <Button type="submit" variant="primary" busy>
          Save
        </Button>
        <LinkButton danger>Remove</LinkButton>
      </form>,
    );
    const plain = screen.getByRole('button', { name: 'Plain' });
    expect(plain.getAttribute('type')).toBe('button');
    expect(plain.className).toBe('button is-secondary');
    fireEvent.click(plain);
    expect(onClick).toHaveBeenCalledTimes(1);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(save.className).toBe('button is-primary');
    expect(screen.getByRole('button', { name: 'Remove' }).className).toBe('link-button is-danger');
  });

  it('ButtonLink navigates in-app paths through the host, leaves other links and modified clicks to the browser', () => {
    const test = createTestHost();
    render(
      <>
        <ButtonLink href="/servers/1" variant="primary" icon="start">
          Join
        </ButtonLink>
        <ButtonLink href="steam://connect/1.2.3.4:27015">Connect</ButtonLink>
      </>,
    );
    const join = screen.getByRole('link', { name: 'Join' });
    expect(join.getAttribute('href')).toBe('/servers/1');
    expect(join.className).toBe('button is-primary');
    expect(join.querySelector('svg')).not.toBeNull();
    fireEvent.click(join);
    expect(test.navigations).toEqual(['/servers/1']);
    fireEvent.click(join, { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Connect' }));
    expect(test.navigations).toEqual(['/servers/1']);
  });
});

describe('form controls', () => {
  it('take the kit look and the Field wiring', () => {
    render(
      <>
        <Field label="Reason" error="Too short">
          {(control) => <Input {...control} />}
        </Field>
        <Field label="Type">
          {(control) => (
            <Select {...control}>
              <option>Steam</option>
            </Select>
          )}
        </Field>
        <Field label="Text">{(control) => <TextArea {...control} />}</Field>
        <Checkbox label="Permanent" hint="Never expires" />
      </>,
    );
    const reason = screen.getByLabelText('Reason');
    expect(reason.className).toBe('input');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Type').className).toBe('input select');
    expect(screen.getByLabelText('Text').tagName).toBe('TEXTAREA');
    const box = screen.getByLabelText('Permanent') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    fireEvent.click(screen.getByText('Permanent'));
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Never expires');
  });
});

describe('groups of controls', () => {
  it('RadioGroup: one named group of labelled radios, the chosen one checked, a choice reported', () => {
    const chosen: string[] = [];
    render(
      <>
        <RadioGroup
          legend="Outcome"
          value="ban"
          onChange={(value) => chosen.push(value)}
          options={[
            { value: 'ban', label: 'Ban' },
            { value: 'note', label: 'Note', hint: 'Staff only unless public' },
            { value: 'dismiss', label: 'Dismiss', disabled: true },
          ]}
        >
          <p>chosen option's fields</p>
        </RadioGroup>
        <RadioGroup legend="Other" value="a" onChange={() => {}} options={[{ value: 'a', label: 'A' }]} />
      </>,
    );
    const group = screen.getByRole('group', { name: 'Outcome' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    // Two groups never share a name (the browser would make them one group).
    expect((screen.getByRole('radio', { name: 'A' }) as HTMLInputElement).name).not.toBe(radios[0]?.name);
    expect(radios[2]?.disabled).toBe(true);
    const note = screen.getByRole('radio', { name: 'Note' });
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Staff only unless public',
    );
    fireEvent.click(screen.getByText('Note'));
    expect(chosen).toEqual(['note']);
    expect(within(group).getByText("chosen option's fields")).toBeTruthy();
  });

  it('Fieldset: a legend makes a named box; without one it is plain, and disabled turns off what it holds', () => {
    render(
      <>
        <Fieldset legend="Who" hint="The player">
          <Input aria-label="Steam id" />
        </Fieldset>
        <Fieldset disabled aria-label="Saving">
          <Checkbox label="Permanent" />
        </Fieldset>
      </>,
    );
    expect(screen.getByRole('group', { name: 'Who' }).className).toBe('fieldset');
    expect(screen.getByText('The player').className).toContain('field-hint');
    expect(screen.getByRole('group', { name: 'Saving' }).className).toBe('fieldset-plain');
    expect((screen.getByLabelText('Permanent') as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('Checkbox with hideLabel keeps its name for screen readers only', () => {
    render(<Checkbox label="b: Ban" hideLabel />);
    const box = screen.getByRole('checkbox', { name: 'b: Ban' });
    expect(document.querySelector(`label[for="${box.id}"]`)?.className).toBe('visually-hidden');
  });
});

describe('<DateTime>', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const value = now.getTime() / 1000 - 3 * 3600;

  it('is always a <time datetime>, absolute by default with the relative time as tooltip', () => {
    const time = render(<DateTime value={value} now={now} />).container.firstElementChild as HTMLElement;
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-28T09:00:00.000Z');
    expect(time.textContent).toMatch(/^2026-11-28 at \d/);
    expect(time.getAttribute('title')).toBe('3 hours ago');
  });

  it('keeps its time whole (never a break between 09:00 and AM), in a date and in each end of a span', () => {
    const { container } = render(
      <>
        <DateTime value={value} now={now} />
        <DateTime value={value} display="both" now={now} />
        <DateTimeRange start={value} end={value + 7200} />
      </>,
    );
    const whole = (at: number) => formatClock(at).replaceAll(' ', '\u00a0');
    const texts = [...container.querySelectorAll('time')].map((time) => time.textContent);
    expect(texts[0]).toBe(formatDate(value).replace(formatClock(value), whole(value)));
    expect(texts[1]).toContain(`at ${whole(value)} (3 hours ago)`);
    expect(texts[2]).toContain(whole(value));
    expect(texts[3]).toContain(whole(value + 7200));
    // It still wraps where it should: at the spaces around 'at'.
    expect(texts[0]).toMatch(/^2026-11-28 at \d/);
  });

  it('reads relative, both, or a day; a value that is no date reads <invalid date>', () => {
    render(
      <>
        <DateTime value={value} display="relative" now={now} />
        <DateTime value={value} display="both" now={now} />
        <DateTime value={value} display="day" now={now} />
        <DateTime value={Number.NaN} />
      </>,
    );
    expect(screen.getByText('3 hours ago').getAttribute('title')).toMatch(/^2026-11-28 at /);
    expect(screen.getByText(/\(3 hours ago\)$/).tagName).toBe('TIME');
    expect(screen.getByText('2026-11-28').tagName).toBe('TIME');
    const invalid = screen.getByText('<invalid date>');
    expect(invalid.tagName).toBe('SPAN');
  });
});

describe('<StatusBadge>', () => {
  it('gives each state its one tone, and lets the label be worded', () => {
    render(
      <>
        <StatusBadge status="ban.active" />
        <StatusBadge status="appeal.accepted" label="Accepted by staff" />
      </>,
    );
    expect(screen.getByText('Active').className).toBe('status-badge is-danger');
    expect(screen.getByText('Accepted by staff').className).toBe('status-badge is-success');
    expect(statusTone('ban.active')).toBe('danger');
  });

  it('has one tone per meaning: every active ban, failure and denial is danger', () => {
    const danger = Object.entries(STATUSES)
      .filter(([, [tone]]) => tone === 'danger')
      .map(([status]) => status);
    expect(danger).toEqual(
      expect.arrayContaining(['ban.active', 'appeal.denied', 'webhook.failed', 'job.failed', 'server.offline']),
    );
  });
});

interface Server {
  id: number;
  name: string;
  map: string;
  address: string;
}
const servers: Server[] = [{ id: 1, name: 'Alpha', map: 'de_dust2', address: '1.2.3.4:27015' }];
const serverColumns: Column<Server>[] = [
  { key: 'map', label: 'Map', render: (row) => row.map },
  { key: 'name', label: 'Name', render: (row) => row.name, phone: 'primary' },
  { key: 'address', label: 'Connect', render: (row) => row.address, phone: 'primary', className: 'mono' },
  { key: 'id', label: 'Id', render: (row) => row.id, phone: 'hidden' },
];

describe('<DataTable>', () => {
  it('marks the columns a phone card leads with or leaves out', () => {
    render(<DataTable caption="Servers" columns={serverColumns} rows={servers} rowKey={(row) => String(row.id)} />);
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.className)).toEqual([
      '',
      'is-phone-primary',
      'mono is-phone-primary',
      'is-phone-hidden',
    ]);
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Map', 'Name', 'Connect', 'Id']);
  });

  it('keeps a value of several nodes in one element, so a phone card never splits it across its grid', () => {
    const columns: Column<Server>[] = [
      {
        key: 'sweep',
        label: 'Last sweep',
        render: (row) => (
          <>
            <time>just now</time>: 58 ms, <strong>{row.name}</strong>
          </>
        ),
      },
    ];
    render(<DataTable caption="Sweeps" columns={columns} rows={servers} rowKey={(row) => String(row.id)} />);
    const cell = within(screen.getAllByRole('row')[1] as HTMLElement).getByRole('cell');
    expect(cell.children).toHaveLength(1);
    expect(cell.firstElementChild?.className).toBe('cell-value');
    expect(cell.firstElementChild?.textContent).toBe('just now: 58 ms, Alpha');
  });
});

describe('page frame and lists', () => {
  it('PageHeader: a heading of its level, a description and actions', () => {
    render(
      <>
        <PageHeader title="Bans" description="Who may not play" actions={<Button>New ban</Button>} />
        <PageHeader level={2} title="Appeals" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bans' })).toBeTruthy();
    expect(screen.getByText('Who may not play').className).toBe('page-description');
    expect(screen.getByRole('heading', { level: 2, name: 'Appeals' })).toBeTruthy();
  });

  it('DescriptionList: terms and values, an empty value as a dash', () => {
    render(
      <DescriptionList
        items={[
          { term: 'Steam ID', value: 'STEAM_0:1:1234' },
          { term: 'Country', value: null },
        ]}
      />,
    );
    expect(screen.getByText('Steam ID').tagName).toBe('DT');
    expect(screen.getByText('STEAM_0:1:1234').tagName).toBe('DD');
    expect(screen.getByText('—').tagName).toBe('DD');
  });

  it('Toolbar filters: labelled, a search sent on submit, a select with its "all" option', () => {
    const onSearch = vi.fn();
    const onChange = vi.fn();
    render(
      <Toolbar actions={<Button>New</Button>}>
        <SearchFilter label="Search bans" placeholder="Name or reason" value="" onSearch={onSearch} />
        <SelectFilter
          label="Status"
          value=""
          allLabel="All statuses"
          options={[{ value: 'active', label: 'Active' }]}
          onChange={onChange}
        />
      </Toolbar>,
    );
    const search = screen.getByLabelText('Search bans');
    expect(search.getAttribute('placeholder')).toBe('Name or reason');
    fireEvent.change(search, { target: { value: ' zoey ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('zoey');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    expect(onChange).toHaveBeenCalledWith('active');
    expect(screen.getByRole('option', { name: 'All statuses' })).toBeTruthy();
  });

  it('SearchFilter shows a query changed from outside (a link, Back)', () => {
    const { rerender } = render(<SearchFilter label="Search" value="" onSearch={() => {}} />);
    rerender(<SearchFilter label="Search" value="demo" onSearch={() => {}} />);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('demo');
  });

  it('Pager takes keyset pages whole', () => {
    const pages = { page: 2, hasPrevious: true, next: vi.fn(), previous: vi.fn() };
    render(<Pager pages={pages} nextCursor="c3" />);
    expect(screen.getByText('Page 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(pages.next).toHaveBeenCalledWith('c3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(pages.previous).toHaveBeenCalled();
  });

  it('TabLinks: page tabs as links, the current one marked', () => {
    const test = createTestHost();
    render(
      <TabLinks
        label="Player"
        links={[
          { href: '/admin/players/1', label: 'Summary', current: true },
          { href: '/admin/players/1/names', label: 'Names', current: false },
        ]}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Player' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Summary' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Names' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Names' }));
    expect(test.navigations).toEqual(['/admin/players/1/names']);
  });
});

describe('<Avatar>', () => {
  it('shows the picture, or initials without one or when it fails', () => {
    expect(initials('Zoey Moss')).toBe('ZM');
    expect(initials('zoey')).toBe('Z');
    expect(initials('  ')).toBe('?');
    const { container, rerender } = render(<Avatar src="/a.png" name="Zoey Moss" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(container.textContent).toBe('ZM');
    rerender(<Avatar name="Bill" />);
    expect(container.textContent).toBe('B');
  });
});
