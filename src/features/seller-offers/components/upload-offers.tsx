import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery } from '@/api/models';
import { Button } from '@/ui/button';

// The dialog (its machine, the CSV check, the drop zone) loads when it is first wanted, not with the page.
const loadDialog = () => import('./upload-offers-dialog');
const UploadOffersDialog = lazy(() => loadDialog().then((m) => ({ default: m.UploadOffersDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

/** "Upload CSV": opens the upload dialog; its code loads on hover or focus, before the press. */
export function UploadOffersButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)} onHoverStart={preloadDialog} onFocus={preloadDialog}>
        Upload CSV
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <UploadOffersDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Export CSV of Manage Offers: every offer of the filtered set, in the upload's format, so an
 * export edited in a spreadsheet uploads back. Its code (the upload format) loads when the button
 * is pressed.
 */
export const offerExport = (api: ApiClient) => async (filters: ManageOfferListQuery, signal: AbortSignal) => {
  const { offerExport: exportOffers } = await import('../upload.implementations');
  return exportOffers(api)(filters, signal);
};
