import { useApiLogic } from '@/core/api';
import { useLoad } from '@/core/use-load';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LoadProblem } from '@/ui/load-problem';
import { INVOICE_LOAD_FALLBACK, invoiceLoadLogic } from '../billing.implementations';
import { InvoiceDetails } from './invoice-details';

/**
 * The invoice named by `?invoice=ID`, in a modal: the page mounts it with `key={id}`, so one actor
 * reads one invoice, and closing it (Escape, the backdrop, Close) clears the parameter.
 */
export function InvoiceDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const { result: invoice, problem, retry } = useLoad(useApiLogic(invoiceLoadLogic), invoiceId, INVOICE_LOAD_FALLBACK);

  return (
    <Dialog
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      size="large"
      footer={<Button slot="close">Close</Button>}
    >
      {invoice ? (
        <InvoiceDetails invoice={invoice} />
      ) : problem ? (
        <LoadProblem message={problem} onRetry={retry} />
      ) : (
        <p role="status">Loading the invoice…</p>
      )}
    </Dialog>
  );
}
