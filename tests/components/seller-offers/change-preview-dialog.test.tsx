import type { ProposedChange } from '@machines/change-preview/change-preview.types';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createActor } from 'xstate';
import type { Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { changePreviewLogic } from '@/features/seller-offers/change-preview.implementations';
import { ChangePreview } from '@/features/seller-offers/components/change-preview-dialog';
import { readCell } from '@/features/seller-offers/offer-cells';
import { watched } from '@/features/seller-offers/use-change-preview';
import { anOffer, aProfile } from '../../support/fixtures';
import { asRead } from '../../support/read';
import { type Routes, renderPage } from '../../support/render';

const UPDATE = 'POST /api/v1/manage-offers/update/';
const REVERT = 'POST /api/v1/manage-offers/changes/7/revert/';

const starfall = asRead(anOffer({ id: 11, product: 'Starfall Tactics', unit_price: '12.00', version: 3 }));
const moonRun = asRead(anOffer({ id: 12, product: 'Moon Run', unit_price: '20.00', version: 1 }));

/** A pasted price for an offer, read as the grid reads it. */
const pasted = (offer: Offer, typed: string): ProposedChange => ({
  offer,
  field: 'unit_price',
  typed,
  ...readCell('unit_price', typed, null),
});

function Preview({ changes }: { changes: ProposedChange[] }) {
  const logic = useApiLogic(changePreviewLogic);
  const [preview] = useState(() => watched(createActor(logic, { input: { source: 'paste', changes } })).start());
  return <ChangePreview preview={preview} />;
}

function renderPreview(routes: Routes = {}) {
  return renderPage(<Preview changes={[pasted(starfall, '€9.50'), pasted(moonRun, '0')]} />, {
    signedIn: aProfile({ permissions: ['add_offer'] }),
    routes,
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Review changes' });
const rowOf = (product: string) => screen.getByRole('row', { name: new RegExp(product) });

describe('ChangePreviewDialog', () => {
  it('lists old → new per cell and marks the cell the rules refuse, its row unticked', () => {
    renderPreview();
    expect(within(dialog()).getByText('2 offers, 1 with problems')).toBeInTheDocument();
    const refused = within(rowOf('Moon Run')).getByRole('cell', {
      description: 'The unit price must be greater than 0.',
    });
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(within(rowOf('Moon Run')).getByRole('checkbox', { name: 'Moon Run' })).toBeDisabled();
    expect(within(rowOf('Moon Run')).getByRole('checkbox', { name: 'Moon Run' })).not.toBeChecked();
    expect(within(rowOf('Starfall')).getByRole('checkbox', { name: 'Starfall Tactics' })).toBeChecked();
    const price = within(rowOf('Starfall')).getAllByRole('cell')[1] as HTMLElement;
    expect(within(price).getByText('€12.00')).toBeInTheDocument();
    expect(within(price).getByText('€9.50')).toBeInTheDocument();
  });

  it('applies only the ticked rows; unticking the last leaves nothing to apply', async () => {
    const { user } = renderPreview();
    expect(screen.getByRole('button', { name: 'Apply to 1 offer' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Starfall Tactics' }));
    expect(screen.getByRole('button', { name: 'Apply to 0 offers' })).toBeDisabled();
  });

  it('sends each offer with its version and the source, then offers Undo as a revert of the batch', async () => {
    const { user, server } = renderPreview({
      [UPDATE]: { body: { count: 1, offers: [], batch_id: 7 } },
      [REVERT]: { body: { count: 1, offers: [], batch_id: 8 } },
    });
    await user.click(screen.getByRole('button', { name: 'Apply to 1 offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review changes' })).not.toBeInTheDocument());
    expect(server.callsTo(UPDATE)[0]?.body).toEqual({
      source: 'paste',
      offers: [{ id: 11, version: 3, unit_price: '9.50' }],
    });
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(snackbar).toHaveTextContent('1 offer updated'));
    await user.click(within(snackbar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(snackbar).toHaveTextContent('Changes undone'));
    expect(server.callsTo(REVERT)).toHaveLength(1);
  });

  it('after a conflict shows the offer as it is now, still ticked, and applies again with its new version', async () => {
    const theirs = asRead(anOffer({ ...starfall, unit_price: '15.00', version: 4 }));
    let calls = 0;
    const { user, server } = renderPreview({
      [UPDATE]: () =>
        ++calls === 1
          ? {
              status: 409,
              body: { detail: 'Changed.', code: 'stale_version', offers: [{ ...theirs, unit_price: '15.00' }] },
            }
          : { body: { count: 1, offers: [], batch_id: 9 } },
    });
    await user.click(screen.getByRole('button', { name: 'Apply to 1 offer' }));
    expect(await within(rowOf('Starfall')).findByText('Changed since: now €15.00')).toBeInTheDocument();
    expect(within(rowOf('Starfall')).getByRole('checkbox', { name: 'Starfall Tactics' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Apply to 1 offer' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(2));
    expect(server.callsTo(UPDATE)[1]?.body).toMatchObject({ offers: [{ id: 11, version: 4, unit_price: '9.50' }] });
  });
});
