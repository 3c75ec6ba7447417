/**
 * Offers that changed since a write was prepared (behaviour §7): per offer, each field's value now
 * on the server against the value the write would put there, differences marked in words. Used by
 * a revert refused with 409 and by a bulk action's Undo.
 */
import type { CurrentOffer, PutBack } from '@machines/change-revert/change-revert.types';
import { moneyOf } from '@openapi/rules/money';
import { FIELD_LABELS, useValueText } from './change-values';

export function OfferConflictList({
  offers,
  yours,
  yoursLabel,
}: {
  /** The offers as the server holds them now. */
  offers: readonly CurrentOffer[];
  /** Per offer id, what the write would put back. */
  yours: Readonly<Record<number, PutBack>>;
  /** The heading of the write's column: "Revert puts back". */
  yoursLabel: string;
}) {
  const text = useValueText();
  return (
    <ul className="offer-conflict-list">
      {offers.map((offer) => {
        const values = yours[offer.id]?.values ?? [];
        return (
          <li key={offer.id}>
            <table className="offer-conflict">
              <caption>{offer.product}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Now</th>
                  <th scope="col">{yoursLabel}</th>
                </tr>
              </thead>
              <tbody>
                {values.map(({ field, back: value }) => {
                  const now = text(field, field === 'unit_price' ? moneyOf(offer.unit_price) : offer[field]);
                  const back = text(field, value);
                  const differs = now !== back;
                  return (
                    <tr key={field} data-differs={differs || undefined}>
                      <th scope="row">
                        {FIELD_LABELS[field]}
                        {differs && <span className="offer-conflict__differs"> (differs)</span>}
                      </th>
                      <td>{now}</td>
                      <td>{back}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </li>
        );
      })}
    </ul>
  );
}
