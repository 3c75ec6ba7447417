import { Page } from '@/ui/page';
import { IssuedInvoices } from '../components/issued-invoices';
import { NewInvoice } from '../components/new-invoice';
import '../billing.css';
import '../create-invoice.css';

/**
 * /seller/create-invoice: a new invoice from a client's completed orders not invoiced yet, then
 * the seller's issued invoices, where a payment is recorded (behaviour §2, Create Invoice).
 */
export function CreateInvoicePage() {
  return (
    <Page title="Create Invoice">
      <section className="create-invoice__section" aria-labelledby="new-invoice-title">
        <h2 id="new-invoice-title">New invoice</h2>
        <NewInvoice />
      </section>
      <section className="create-invoice__section" aria-labelledby="issued-invoices-title">
        <h2 id="issued-invoices-title">Issued invoices</h2>
        <IssuedInvoices />
      </section>
    </Page>
  );
}
