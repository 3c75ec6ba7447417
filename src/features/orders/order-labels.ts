/** How the orders pages name the contract's negotiation values and history events. */
import type { NegotiationRole } from '@machines/negotiation/negotiation.types';
import type { Order, OrderEvent } from '@/api/models';
import { orderStatusTabs } from '@/core/domain/order-statuses';
import type { StatusTone } from '@/ui/status-badge';

type NegotiationLabels = Record<Order['negotiation'], { label: string; tone: StatusTone }>;

/** The negotiation in the words of who reads it: the client who placed the order, or its seller. */
export const negotiationLabels: Record<NegotiationRole, NegotiationLabels> = {
  client: {
    none: { label: 'No negotiation', tone: 'neutral' },
    special_price_requested: { label: 'Special price requested', tone: 'info' },
    counter_proposed: { label: 'Counter-offer to answer', tone: 'warning' },
    counter_accepted: { label: 'Counter-offer accepted', tone: 'success' },
    counter_declined: { label: 'Counter-offer declined', tone: 'danger' },
  },
  seller: {
    none: { label: 'No negotiation', tone: 'neutral' },
    special_price_requested: { label: 'Special price to answer', tone: 'warning' },
    counter_proposed: { label: 'Counter-offer sent', tone: 'info' },
    counter_accepted: { label: 'Counter-offer accepted', tone: 'success' },
    counter_declined: { label: 'Counter-offer declined', tone: 'danger' },
  },
};

/** The order's status as the status tabs name it. */
export const statusLabelOf = (status: Order['status']) =>
  orderStatusTabs.find((tab) => tab.status === status)?.label ?? status;

/** "{who} {did what}" in the order's timeline. */
export const eventLabels: Record<OrderEvent['type'], string> = {
  placed: 'placed the order',
  special_price_requested: 'asked for a special price',
  counter_proposed: 'proposed a counter-offer',
  counter_accepted: 'accepted the counter-offer',
  counter_declined: 'declined the counter-offer',
  approved: 'approved the order',
  cancelled: 'cancelled the order',
  invoiced: 'invoiced the order',
};
