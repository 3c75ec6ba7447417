import type { InvoiceableClient, StorefrontOrders } from '@machines/invoice-draft/invoice-draft.logic';
import { partyName } from '@/core/domain/party';
import type { FocusHandle } from '@/ui/focus-handle';
import { Select } from '@/ui/select';
import { countOf } from '../invoice-draft';

/**
 * Whom the new invoice bills: the client, then one of its storefronts (asked only when it has
 * several, since an invoice bills one client and one storefront, behaviour §2 Create Invoice).
 */
export function InvoiceParties(props: {
  clients: readonly InvoiceableClient[];
  client: InvoiceableClient | null;
  shelf: StorefrontOrders | null;
  onClientChange: (client: number | null) => void;
  onStorefrontChange: (storefront: number | null) => void;
  /** Focuses the client select (behaviour §5: no client yet is the first problem). */
  clientRef?: React.Ref<FocusHandle>;
}) {
  const { clients, client, shelf } = props;
  return (
    <>
      <Select
        label="Client"
        placeholder="Choose a client"
        options={clients.map((entry) => ({
          id: entry.client.id,
          name: `${partyName(entry.client)}, ${countOf(entry.count, 'order')}`,
        }))}
        selectedKey={client?.client.id ?? null}
        onSelectionChange={(key) => props.onClientChange(typeof key === 'number' ? key : null)}
        description="Clients with completed orders not invoiced yet."
        inputRef={props.clientRef}
      />
      {client && shelf && client.storefronts.length > 1 && (
        <Select
          label="Storefront"
          options={client.storefronts.map((entry) => ({
            id: entry.storefront.id,
            name: `${entry.storefront.name}, ${countOf(entry.orders.length, 'order')}`,
          }))}
          selectedKey={shelf.storefront.id}
          onSelectionChange={(key) => props.onStorefrontChange(typeof key === 'number' ? key : null)}
          description="An invoice bills the orders of one storefront."
        />
      )}
      {client && shelf && client.storefronts.length === 1 && (
        <dl className="create-invoice__fact">
          <dt>Storefront</dt>
          <dd>{shelf.storefront.name}</dd>
        </dl>
      )}
    </>
  );
}
