/**
 * One list screen as configuration: its filters in the address, its orderings, its call, its
 * export and the item its rows open. `defineListView` checks the configuration against the
 * contract once, at module scope; `useListView` gives the screen everything its filters, its
 * Export CSV button and its DataGrid need (behaviour §2, Grids).
 *
 *   const invoices = defineListView({
 *     filters: { search: searchParam, paymentStatus: z.enum(SCHEMA_ENUMS.PaymentStatus) },
 *     orderings: SCHEMA_ENUMS.InvoiceOrdering,
 *     defaultOrdering: '-issued_at',
 *     read: invoiceListLogic,
 *     fallback: INVOICES_LOAD_FALLBACK,
 *     refreshOn: ['invoices'],
 *     item: 'invoice',
 *   });
 *
 * The filters are named as the contract's query names its parameters: the request is the parsed
 * address itself (the filters set, the ordering, the page's range), so a filter added here reaches
 * the call, the export and "Reset filters" with nothing else to list.
 */
import type { listMachine } from '@machines/list/list.machine';
import { z } from 'zod/mini';
import type { ApiClient } from '@/api/client';
import type { ListData } from '../data-events';
import { idParam, type Shape } from './list-query';

/** What every paged list call of the contract takes besides its filters. */
export type ListQueryBase = { ordering?: string; limit?: number; offset?: number };

/** The contract's ordering values of a list call. */
type OrderingOf<Q extends ListQueryBase> = NonNullable<Q['ordering']>;

/** A filter's schema: it reads the address into the value the contract's parameter of that name takes. */
type FilterShape<Q> = { [K in keyof Q]?: z.ZodMiniType<NonNullable<Q[K]>, unknown> };

/** A page's list logic, as `list()` in src/core/workflows.ts makes it. */
export type ListLogic<Q, Row> = ReturnType<typeof listMachine<Q, Row>> & {
  readEarly?: (params: Q) => void;
};

export interface ListViewConfig<Q extends ListQueryBase, Row, F extends FilterShape<Q>> {
  /** The filters in the address, each named as the contract's parameter it sets. */
  filters: F;
  /** The orderings the list offers: the contract's values for its `ordering` parameter. */
  orderings: readonly OrderingOf<Q>[];
  /** behaviour §9: the ordering until the user sorts. */
  defaultOrdering: OrderingOf<Q>;
  /** The page's list call (`list()` bound to a contract operation). */
  read: (api: ApiClient) => ListLogic<Q, Row>;
  /** What the grid says when the list cannot be read and the error carries no message. */
  fallback: string;
  /** The changes elsewhere in the app that reload the list (behaviour §7). */
  refreshOn: readonly ListData[];
  /** Export CSV of the whole filtered set (src/core/lists/export-csv.ts), when the screen has one. */
  export?: (api: ApiClient) => (query: Q, signal: AbortSignal) => Promise<number>;
  /** The address parameter naming the row open in its dialog (`?order=12`), when rows open one. */
  item?: string;
  /** A row's id in the grid; `String(row.id)` when not given. */
  rowId?: (row: Row) => string;
}

export interface ListView<Q extends ListQueryBase, Row, F extends FilterShape<Q>>
  extends Required<Pick<ListViewConfig<Q, Row, F>, 'filters' | 'read' | 'fallback' | 'refreshOn' | 'rowId'>> {
  export: ListViewConfig<Q, Row, F>['export'];
  item: string | undefined;
  /** The address as the list reads it: the filters, the ordering and the open item. */
  schema: z.ZodMiniObject<Shape>;
  defaults: { ordering: OrderingOf<Q> };
  /** Every filter unset: what "Reset filters" writes. */
  noFilters: { [K in keyof F]: undefined };
}

const idOf = (row: unknown) => String((row as { id: number | string }).id);

export function defineListView<Q extends ListQueryBase, Row, F extends FilterShape<Q> = FilterShape<Q>>(
  config: ListViewConfig<Q, Row, F>,
): ListView<Q, Row, F> {
  const names = Object.keys(config.filters);
  if (names.includes('ordering') || (config.item !== undefined && names.includes(config.item))) {
    throw new Error(`A list's filters cannot be named ordering or ${config.item}: the kit writes those.`);
  }
  const shape: Shape = {
    ...(config.filters as Shape),
    ordering: z.enum(config.orderings as readonly string[] as [string, ...string[]]),
    ...(config.item === undefined ? {} : { [config.item]: idParam() }),
  };
  return {
    filters: config.filters,
    read: config.read,
    fallback: config.fallback,
    refreshOn: config.refreshOn,
    rowId: config.rowId ?? idOf,
    export: config.export,
    item: config.item,
    schema: z.object(shape),
    defaults: { ordering: config.defaultOrdering },
    noFilters: Object.fromEntries(names.map((name) => [name, undefined])) as { [K in keyof F]: undefined },
  };
}
