import { formatCents } from '@openapi/rules/money';
import { useId } from 'react';
import type { Invoice } from '@/api/models';
import { formatDateTime, formatDay } from '@/lib/dates';
import { invoiceStatusLabels } from '../invoice-labels';
import { PaymentStatusBadge } from './payment-status-badge';

/** An invoice opened from Billing: its dates and states, then its orders and their total (behaviour §3). */
export function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const ordersTitle = useId();
  const { seller, orders } = invoice;
  return (
    <div className="invoice">
      <dl className="invoice__facts">
        <Fact term="Seller">{seller.company ? `${seller.name} (${seller.company})` : seller.name}</Fact>
        <Fact term="Issued">{formatDateTime(invoice.issued_at)}</Fact>
        <Fact term="Due date">{formatDay(invoice.due_date)}</Fact>
        <Fact term="Payment date">{invoice.payment_date ? formatDay(invoice.payment_date) : 'Not paid'}</Fact>
        <Fact term="Payment status">
          <PaymentStatusBadge status={invoice.payment_status} />
        </Fact>
        <Fact term="Status">{invoiceStatusLabels[invoice.status]}</Fact>
      </dl>
      <table className="invoice__orders" aria-labelledby={ordersTitle}>
        <caption id={ordersTitle} className="invoice__orders-title">
          Orders
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Regions</th>
            <th scope="col" className="invoice__amount">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">#{order.id}</th>
              <td>{formatDateTime(order.created_at)}</td>
              <td>{order.regions.join(', ')}</td>
              <td className="invoice__amount">{formatCents(order.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Invoice total ({orders.length === 1 ? '1 order' : `${orders.length} orders`})
            </th>
            <td className="invoice__amount">{formatCents(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="invoice__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
