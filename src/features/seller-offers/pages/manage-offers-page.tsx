import { selectProfile } from '@machines/session/session.selectors';
import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod/mini';
import type { ManageOfferListQuery, Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session';
import { useList } from '@/core/use-list';
import { useListGrid } from '@/core/use-list-grid';
import { idParam } from '@/lib/list-query';
import { Button } from '@/ui/button';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { EditDialogs, KeptDraftBanner } from '../components/edit-prompts';
import { type ManageOffersMeta, publishedColumns, unpublishedColumns } from '../components/manage-offer-columns';
import { ManageOfferFilters, type ManageOfferFilterValues } from '../components/manage-offer-filters';
import { ExportOffersButton, UploadOffersButton } from '../components/upload-offers';
import { RowEditingContext } from '../row-editing-context';
import { MANAGE_OFFERS_FALLBACK, manageOfferListLogic } from '../seller-offers.implementations';
import { useOfferRowEditing } from '../use-offer-row-editing';
import '../seller-offers.css';

/** The orderings the grid's sortable columns give (column id, descending with a minus). */
const orderings = [
  'product',
  '-product',
  'start_date',
  '-start_date',
  'end_date',
  '-end_date',
  'unit_price',
  '-unit_price',
  'publish_date',
  '-publish_date',
  'created_at',
  '-created_at',
] as const;

const manageOfferQuery = z.object({
  publisher: idParam(),
  region: idParam(),
  search: z.string().check(z.maxLength(PARAMETER_LIMITS.Search.maxLength)),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  publishedDate: z.iso.date(),
  valid_at: z.iso.datetime(),
  ordering: z.enum(orderings),
});
/** behaviour §4: Published by -publish_date, Unpublished by -created_at, unless the user sorts. */
const PUBLISHED_DEFAULTS = { ordering: '-publish_date' } as const;
const UNPUBLISHED_DEFAULTS = { ordering: '-created_at' } as const;
const NO_FILTERS: ManageOfferFilterValues = {
  publisher: undefined,
  region: undefined,
  search: undefined,
  start_date: undefined,
  end_date: undefined,
  publishedDate: undefined,
  valid_at: undefined,
};

const rowIdOf = (offer: Offer) => String(offer.id);

// The bulk actions (their machine and dialogs) load with the first selection, not with the page.
const BulkActions = lazy(() => import('../components/bulk-actions').then((m) => ({ default: m.BulkActions })));

/** /seller/manage-offers (Published) and /seller/manage-offers/unpublished. */
export function ManageOffersPage() {
  const [location] = useLocation();
  const isPublished = location !== paths.manageOffersUnpublished;
  // A tab of its own: switching tabs starts with its own ordering and an empty selection.
  return <ManageOffersTab key={String(isPublished)} isPublished={isPublished} location={location} />;
}

function ManageOffersTab({ isPublished, location }: { isPublished: boolean; location: string }) {
  const userId = SessionContext.useSelector(selectProfile)?.id ?? 0;
  const { query, setQuery, grid, range } = useListGrid(
    manageOfferQuery,
    isPublished ? PUBLISHED_DEFAULTS : UNPUBLISHED_DEFAULTS,
  );
  const { ordering, publisher, region, search, start_date, end_date, publishedDate, valid_at } = query;

  // The filtered, ordered set: the grid shows one page of it; export and "all matching" use all of it.
  const listed = useMemo(
    (): ManageOfferListQuery => ({
      publishType: isPublished ? 'published' : 'unpublished',
      ordering,
      ...(publisher !== undefined && { publisher }),
      ...(region !== undefined && { region }),
      ...(search && { search }),
      ...(start_date && { start_date }),
      ...(end_date && { end_date }),
      ...(isPublished && publishedDate && { publishedDate }),
      ...(valid_at && { valid_at }),
    }),
    [isPublished, ordering, publisher, region, search, start_date, end_date, publishedDate, valid_at],
  );
  const params = useMemo((): ManageOfferListQuery => ({ ...listed, ...range }), [listed, range]);
  const offers = useList(useApiLogic(manageOfferListLogic), params, {
    fallback: MANAGE_OFFERS_FALLBACK,
    refreshOn: ['offers'],
  });

  const { editing, rowEditor, start, whenLeaving } = useOfferRowEditing({ rows: offers.rows, userId });
  // The row being edited stays in view when filters, sorting or a reload take it off the page.
  // Read narrowly: editing a row that is on the page redraws that row, not the page.
  const pinned = useSelector(editing, (snapshot) => {
    const original = snapshot.hasTag('editing') ? snapshot.context.original : null;
    return original && !offers.rows?.some((row) => row.id === original.id) ? original : null;
  });
  const meta = useMemo(
    (): ManageOffersMeta => ({ edit: start, warm: rowEditor.onWarm ?? (() => undefined) }),
    [start, rowEditor],
  );

  const rows = useMemo(() => (pinned && offers.rows ? [pinned, ...offers.rows] : offers.rows), [pinned, offers.rows]);

  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Once loaded the bar stays mounted: an action's Undo outlives the selection it cleared.
  const [hasSelected, setHasSelected] = useState(false);
  if (!hasSelected && selectedIds.size > 0) setHasSelected(true);
  const clearSelection = () => {
    setSelectedIds(new Set());
    setAllMatching(false);
  };
  const selection = useMemo(
    () => ({
      selectedIds,
      onSelectionChange: (ids: ReadonlySet<string>) => {
        setSelectedIds(ids);
        setAllMatching(false);
      },
    }),
    [selectedIds],
  );
  const pageAllSelected = (offers.rows?.length ?? 0) > 0 && offers.rows?.every((row) => selectedIds.has(rowIdOf(row)));
  const setFilters = (patch: ManageOfferFilterValues) => {
    clearSelection();
    setQuery(patch);
  };

  const tabName = isPublished ? 'Published' : 'Unpublished';
  return (
    <RowEditingContext.Provider value={{ editing }}>
      <Page title="Manage Offers">
        <SubNav
          label="Offer lists"
          currentPath={location}
          items={[
            { href: paths.manageOffers, label: 'Published' },
            { href: paths.manageOffersUnpublished, label: 'Unpublished' },
          ]}
        />
        <KeptDraftBanner userId={userId} />
        <ManageOfferFilters
          values={{ publisher, region, search, start_date, end_date, publishedDate, valid_at }}
          isPublished={isPublished}
          onChange={setFilters}
          onReset={() => setFilters(NO_FILTERS)}
        />
        <div className="manage-offers__toolbar">
          <UploadOffersButton />
          <ExportOffersButton filters={listed} />
        </div>
        {pageAllSelected && !allMatching && offers.total > (offers.rows?.length ?? 0) && (
          <p className="manage-offers__select-all">
            All {offers.rows?.length} offers on this page are selected.{' '}
            <Button variant="quiet" onPress={() => setAllMatching(true)}>
              Select all {offers.total} offers matching these filters
            </Button>
          </p>
        )}
        {hasSelected && (
          <Suspense fallback={null}>
            <BulkActions
              tab={isPublished ? 'published' : 'unpublished'}
              selection={{ ids: new Set([...selectedIds].map(Number)), allMatching, total: offers.total }}
              filters={listed}
              rows={offers.rows ?? []}
              onSettled={clearSelection}
            />
          </Suspense>
        )}
        <DataGrid
          label={`${tabName} offers`}
          columns={isPublished ? publishedColumns : unpublishedColumns}
          rows={rows}
          getRowId={rowIdOf}
          isLoading={offers.isLoading}
          problem={offers.problem}
          onRetry={offers.retry}
          emptyTitle={
            isPublished ? 'No published offers match these filters' : 'No unpublished offers match these filters'
          }
          emptyText={isPublished ? undefined : 'Upload a CSV file to add offers.'}
          onResetFilters={() => setFilters(NO_FILTERS)}
          {...grid}
          onPageChange={(page) => whenLeaving(() => grid.onPageChange(page))}
          onPageSizeChange={(size) => whenLeaving(() => grid.onPageSizeChange(size))}
          total={offers.total}
          onRowAction={rowEditor.onEdit}
          meta={meta}
          selection={selection}
          rowEditor={rowEditor}
          layout="fixed"
        />
        <EditDialogs />
      </Page>
    </RowEditingContext.Provider>
  );
}
