import type { Order } from '@/api/models';
import { formatDateTime } from '@/lib/dates';
import { eventLabels } from '../order-labels';

/** The order's history as a timeline: who did what and when, with the note given, oldest first. */
export function OrderHistory({ order }: { order: Order }) {
  return (
    <section className="order-section" aria-labelledby={`order-${order.id}-history`}>
      <h3 id={`order-${order.id}-history`} className="order-section__title">
        History
      </h3>
      <ol className="order-timeline">
        {order.history.map((event) => (
          <li key={`${event.type}-${event.at}`} className="order-timeline__event">
            <span className="order-timeline__what">
              {event.by} {eventLabels[event.type]}
            </span>
            <time className="order-timeline__when" dateTime={event.at}>
              {formatDateTime(event.at)}
            </time>
            {event.note && <q className="order-timeline__note">{event.note}</q>}
          </li>
        ))}
      </ol>
    </section>
  );
}
