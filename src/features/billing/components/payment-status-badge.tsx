import type { Invoice } from '@/api/models';
import { StatusBadge, type StatusTone } from '@/ui/status-badge';
import { paymentStatusLabels } from '../invoice-labels';

/** Overdue (unpaid past its due date) reads "Overdue" with the danger icon, never colour alone (behaviour §3). */
const tones: Record<Invoice['payment_status'], StatusTone> = {
  paid: 'success',
  unpaid: 'info',
  overdue: 'danger',
};

export function PaymentStatusBadge({ status }: { status: Invoice['payment_status'] }) {
  return <StatusBadge tone={tones[status]}>{paymentStatusLabels[status]}</StatusBadge>;
}
