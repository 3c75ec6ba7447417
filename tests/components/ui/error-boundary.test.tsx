import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TEXT, ErrorBoundary } from '@/ui/error-boundary';

describe('ErrorBoundary', () => {
  it("shows the 'Something went wrong' screen and re-renders the failed part on 'Try Again'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let shouldFail = true;
    function Fragile() {
      if (shouldFail) throw new Error('boom');
      return <p>Recovered</p>;
    }
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXT)).toBeInTheDocument();
    expect(ERROR_TEXT).toBe(
      'We encountered an error while loading this page. Please try refreshing or contact support if the problem persists.',
    );
    shouldFail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
