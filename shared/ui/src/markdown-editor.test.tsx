import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownEditor, type MarkdownEditorProps } from './markdown-editor';

function Editor(props: Partial<MarkdownEditorProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <MarkdownEditor label="Message" {...props} value={value} onChange={setValue} />;
}

afterEach(cleanup);

describe('MarkdownEditor (the one markdown box)', () => {
  it('labels the box, counts against the limit and previews live beside it', async () => {
    render(<Editor maxLength={10} />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Nothing to preview yet.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '**hi**' } });
    expect(screen.getByText(/6 \/ 10 characters/)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(await within(preview).findByText('hi', { selector: 'strong' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(12_345) } });
    const count = screen.getByText(/12,345 \/ 10 characters/);
    expect(count.className).toContain('error-text');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // The hint (with the count) describes the box.
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toContain(count.closest('p')?.id);
  });

  it('shows its inline error as an alert tied to the box', () => {
    render(<Editor error="Write something first" describedBy="elsewhere" />);
    const box = screen.getByLabelText('Message');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Write something first');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toContain(alert.id);
    expect(described).toContain('elsewhere');
  });

  it('folds the preview under the box in dialogs, and has none while the box is blank', async () => {
    const { container } = render(<Editor preview="fold" initial="  " />);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(container.querySelector('details')).toBeNull();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '> quoted' } });
    const fold = container.querySelector('details') as HTMLDetailsElement;
    expect(within(fold).getByText('Preview').tagName).toBe('SUMMARY');
    expect(await within(fold).findByText('quoted', { selector: 'blockquote *' }, { timeout: 10_000 })).toBeTruthy();
  });
});
