import { formatCents } from '@openapi/rules/money';
import type { Order, OrderLine } from '@/api/models';
import { ArrowDownIcon, ArrowUpIcon } from '@/ui/icons';

/**
 * The order's lines with list price, agreed price, counter price and quantities side by side. A
 * value that differs from the one before it says so in words and with an arrow, not by colour.
 */
export function OrderLines({ order }: { order: Order }) {
  const hasCounter = order.lines.some((line) => line.counter_unit_price !== null || line.counter_quantity !== null);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll sideways must be reachable by keyboard.
    <section className="order-lines-scroll" aria-label="Order lines" tabIndex={0}>
      <table className="order-lines">
        <caption className="order-section__title">Lines</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">List price</th>
            <th scope="col">Agreed price</th>
            {hasCounter && <th scope="col">Counter price</th>}
            <th scope="col">Quantity</th>
            {hasCounter && <th scope="col">Counter quantity</th>}
            <th scope="col">Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.product}
                <span className="order-lines__meta">
                  {line.publisher} / {line.region}
                </span>
              </th>
              <td className="order-lines__number">{formatCents(line.list_unit_price)}</td>
              <td className="order-lines__number">
                {formatCents(line.unit_price)}
                <Change by={line.unit_price - line.list_unit_price} of="list price" money />
              </td>
              {hasCounter && <CounterPrice line={line} />}
              <td className="order-lines__number">{line.quantity}</td>
              {hasCounter && (
                <td className="order-lines__number">
                  {line.counter_quantity ?? <NoCounter />}
                  {line.counter_quantity !== null && (
                    <Change by={line.counter_quantity - line.quantity} of="quantity" />
                  )}
                </td>
              )}
              <td className="order-lines__number">{formatCents(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={hasCounter ? 6 : 4}>
              Total ({order.item_count} {order.item_count === 1 ? 'item' : 'items'})
            </th>
            <td className="order-lines__number">{formatCents(order.total)}</td>
          </tr>
          {hasCounter && order.negotiation === 'counter_proposed' && (
            <tr>
              <th scope="row" colSpan={6}>
                Total with the counter-offer
              </th>
              <td className="order-lines__number">{formatCents(counterTotalCents(order.lines))}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </section>
  );
}

function CounterPrice({ line }: { line: OrderLine }) {
  if (line.counter_unit_price === null) {
    return (
      <td className="order-lines__number">
        <NoCounter />
      </td>
    );
  }
  return (
    <td className="order-lines__number">
      {formatCents(line.counter_unit_price)}
      <Change by={line.counter_unit_price - line.unit_price} of="agreed price" money />
    </td>
  );
}

function NoCounter() {
  return <span className="order-lines__none">unchanged</span>;
}

/** "€1.50 below list price", "2 more than quantity": shown only when the value differs. */
function Change({ by, of, money = false }: { by: number; of: string; money?: boolean }) {
  if (by === 0 || Number.isNaN(by)) return null;
  const amount = money ? formatCents(Math.abs(by)) : String(Math.abs(by));
  const words = money
    ? `${amount} ${by < 0 ? 'below' : 'above'} ${of}`
    : `${amount} ${by < 0 ? 'fewer' : 'more'} than ${of}`;
  return (
    <span className={`order-change order-change--${by < 0 ? 'down' : 'up'}`}>
      {by < 0 ? <ArrowDownIcon size={14} /> : <ArrowUpIcon size={14} />}
      {words}
    </span>
  );
}

/** What the order would cost with the counter-offer: countered values where given, in cents. */
function counterTotalCents(lines: readonly OrderLine[]): number {
  return lines.reduce(
    (sum, line) => sum + (line.counter_unit_price ?? line.unit_price) * (line.counter_quantity ?? line.quantity),
    0,
  );
}
