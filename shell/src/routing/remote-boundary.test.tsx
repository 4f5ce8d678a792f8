import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemoteBoundary } from './remote-boundary';
import '../test-support/chrome-words';

let shouldThrow = true;
function FlakyPage() {
  if (shouldThrow) throw new Error('remote page exploded');
  return <p>page content</p>;
}

describe('RemoteBoundary', () => {
  it('contains a page that throws, says the section is unavailable and retries', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onRetry = vi.fn();
    render(
      <div>
        <nav>navbar stays</nav>
        <RemoteBoundary owner="docs" title="Rules" onRetry={onRetry}>
          <FlakyPage />
        </RemoteBoundary>
      </div>,
    );
    expect(screen.getByRole('heading', { name: 'Section unavailable' })).toBeTruthy();
    expect(screen.getByText('remote page exploded')).toBeTruthy();
    expect(screen.getByText('navbar stays')).toBeTruthy();

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByText('page content')).toBeTruthy();
    quiet.mockRestore();
  });
});
