/** Ctrl+Enter in Manage Offers' editing row: the cell's value proposed for every selected row, through the preview. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderManageOffers, rowHeader } from '../a11y/announcement-fixtures';

const UPDATE = 'POST /api/v1/manage-offers/update/';

/** Starfall Tactics selected, Moon Run edited to €9.99 and offered to the selection: the preview. */
async function proposeNewPrice(user: ReturnType<typeof renderManageOffers>['user']) {
  await rowHeader('Moon Run');
  await user.click(screen.getByRole('checkbox', { name: 'Select Starfall Tactics' }));
  await user.click(screen.getByRole('button', { name: 'Edit Moon Run' }));
  const price = await screen.findByRole('textbox', { name: /Unit price/ });
  await user.clear(price);
  await user.type(price, '9.99');
  await user.keyboard('{Control>}{Enter}{/Control}');
  return screen.findByRole('dialog', { name: 'Review changes' });
}

describe('apply to selection', () => {
  // The preview's dialog is a lazy chunk; transformed here first, so a busy machine does not
  // spend the wait for the dialog on compiling it.
  beforeAll(() => import('@/features/seller-offers/components/change-preview-dialog'));

  it('proposes the edited price for the selected rows and the edited one, and applies them as a fill', async () => {
    const { user, server } = renderManageOffers();
    const preview = await proposeNewPrice(user);
    expect(within(preview).getByText('2 offers')).toBeInTheDocument();
    expect(within(preview).getAllByText('€9.99')).toHaveLength(2);
    await user.click(within(preview).getByRole('button', { name: 'Apply to 2 offers' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(1));
    expect(server.callsTo(UPDATE)[0]?.body).toEqual({
      source: 'fill',
      offers: [
        { id: 12, version: 4, unit_price: '9.99' },
        { id: 11, version: 3, unit_price: '9.99' },
      ],
    });
    // The edit changed nothing else: it ends, as after a save.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Unit price/ })).not.toBeInTheDocument());
  });

  it('gives focus back to the edited row once the preview is applied from the keyboard', async () => {
    const { user } = renderManageOffers();
    const preview = await proposeNewPrice(user);
    const apply = within(preview).getByRole('button', { name: 'Apply to 2 offers' });
    act(() => apply.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review changes' })).not.toBeInTheDocument());
    const row = (await rowHeader('Moon Run')).closest('tr') as HTMLElement;
    await waitFor(() => expect(row).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveAttribute('role', 'gridcell');
  });
});
