import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@/api/token-store';
import { useOptions } from '@/core/domain/options';
import { aProfile } from '../../support/fixtures';
import { type Routes, renderPage } from '../../support/render';

const someOptions = { publishers: [{ id: 1, name: 'Ubisoft' }], regions: [], sellers: [] };

/** A page that shows the choices, as the filter bars do. */
function Choices() {
  const { options, problem, retry } = useOptions();
  return (
    <section aria-label="Choices">
      {options?.publishers.map((publisher) => (
        <p key={publisher.id}>{publisher.name}</p>
      ))}
      {problem && (
        <div role="alert">
          {problem}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

/** Leaving and opening a page with the choices, as moving between Offers, My Orders and Billing does. */
function Pages() {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen((open) => !open)}>
        {isOpen ? 'Leave the page' : 'Open a page'}
      </button>
      {isOpen && <Choices />}
    </>
  );
}

function renderPages(routes: Routes) {
  const rendered = renderPage(<Pages />, { signedIn: aProfile(), routes });
  const choices = () => within(screen.getByRole('region', { name: 'Choices' }));
  const openAnotherPage = async () => {
    await rendered.user.click(screen.getByRole('button', { name: 'Leave the page' }));
    await rendered.user.click(screen.getByRole('button', { name: 'Open a page' }));
  };
  return { ...rendered, choices, openAnotherPage };
}

describe('useOptions', () => {
  it('reads the choices once for every page of a session, and again after a new sign-in', async () => {
    const { server, choices, openAnotherPage } = renderPages({ 'GET /api/v1/options/': { body: someOptions } });
    expect(await choices().findByText('Ubisoft')).toBeInTheDocument();

    await openAnotherPage();
    expect(choices().getByText('Ubisoft')).toBeInTheDocument();
    expect(server.callsTo('GET /api/v1/options/')).toHaveLength(1);

    act(() => tokenStore.save({ access: 'other-access', refresh: 'other-refresh' }));
    await openAnotherPage();
    expect(await choices().findByText('Ubisoft')).toBeInTheDocument();
    expect(server.callsTo('GET /api/v1/options/')).toHaveLength(2);
  });

  it('says why the choices could not be read, and tries again on request or on the next page', async () => {
    let calls = 0;
    const { user, server, choices, openAnotherPage } = renderPages({
      'GET /api/v1/options/': () => {
        calls += 1;
        return calls === 3 ? { body: someOptions } : { status: 500, body: {} };
      },
    });
    const alert = await choices().findByRole('alert');
    expect(alert).toHaveTextContent('The server had a problem (500). Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(server.callsTo('GET /api/v1/options/')).toHaveLength(2));
    expect(await choices().findByRole('alert')).toBeInTheDocument();

    await openAnotherPage();
    expect(await choices().findByText('Ubisoft')).toBeInTheDocument();
    expect(choices().queryByRole('alert')).not.toBeInTheDocument();
  });
});
