/** How Billing names the contract's invoice states (PaymentStatus, InvoiceStatus). */
import type { Invoice } from '@/api/models';

export const paymentStatusLabels: Record<Invoice['payment_status'], string> = {
  paid: 'Paid',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
};

export const invoiceStatusLabels: Record<Invoice['status'], string> = {
  issued: 'Issued',
  cancelled: 'Cancelled',
};
