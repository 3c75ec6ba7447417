import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery } from '@/api/models';
import { useCsvExport } from '@/core/export-csv';
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

/** The export's code (the upload format) loads when the button is pressed. */
const offerExport = (api: ApiClient) => async (filters: ManageOfferListQuery, signal: AbortSignal) => {
  const { offerExport: exportOffers } = await import('../upload.implementations');
  return exportOffers(api)(filters, signal);
};

/**
 * "Export CSV": every offer of the filtered set (`filters`: the list's query without limit and
 * offset), in the upload's format, so an export edited in a spreadsheet uploads back.
 */
export function ExportOffersButton({ filters }: { filters: ManageOfferListQuery }) {
  const exporting = useCsvExport(offerExport);
  return (
    <Button onPress={() => exporting.start(filters)} isPending={exporting.isPending}>
      Export CSV
    </Button>
  );
}
