import { selectProfile } from '@machines/session/session.selectors';
import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, startTransition, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod/mini';
import type { Offer } from '@/api/models';
import { dayParam, idParam, searchParam } from '@/core/lists/list-query';
import { defineListView } from '@/core/lists/list-view';
import { ExportListButton, useListView } from '@/core/lists/use-list-view';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session/session';
import { Button } from '@/ui/button';
import { DataGrid } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { EditDialogs, KeptDraftBanner, RowErrorCount } from '../components/edit-prompts';
import { type ManageOffersMeta, publishedColumns, unpublishedColumns } from '../components/manage-offer-columns';
import { ManageOfferFilters, type ManageOfferFilterValues } from '../components/manage-offer-filters';
import { offerExport, UploadOffersButton } from '../components/upload-offers';
import { RowEditingContext } from '../row-editing-context';
import { MANAGE_OFFERS_FALLBACK, manageOfferListLogic } from '../seller-offers.implementations';
import { useChangePreview } from '../use-change-preview';
import { useOfferRowEditing } from '../use-offer-row-editing';
import '../seller-offers.css';

/** The offer filters of both tabs (behaviour §3), with the moment the offers are valid at. */
const filters = {
  publisher: idParam(),
  region: idParam(),
  search: searchParam(),
  start_date: dayParam(),
  end_date: dayParam(),
  valid_at: z.iso.datetime(),
};
const tab = {
  orderings: SCHEMA_ENUMS.OfferOrdering,
  read: manageOfferListLogic,
  fallback: MANAGE_OFFERS_FALLBACK,
  refreshOn: ['offers'],
  export: offerExport,
} as const;
/** behaviour §4: Published by -publish_date, Unpublished by -created_at, unless the seller sorts. */
const publishedView = defineListView({
  ...tab,
  filters: { ...filters, publishedDate: dayParam() },
  defaultOrdering: '-publish_date',
});
const unpublishedView = defineListView({ ...tab, filters, defaultOrdering: '-created_at' });

// The change preview's dialog loads with the first fill or paste.
const ChangePreview = lazy(() =>
  import('../components/change-preview-dialog').then((m) => ({ default: m.ChangePreview })),
);
// The bulk actions (their machine and dialogs) load with the first selection, not with the page.
const BulkActions = lazy(() => import('../components/bulk-actions').then((m) => ({ default: m.BulkActions })));
const OfferHistory = lazy(() => import('../components/offer-history').then((m) => ({ default: m.OfferHistory })));

/** /seller/manage-offers (Published) and /seller/manage-offers/unpublished. */
export function ManageOffersPage() {
  const [location] = useLocation();
  const isPublished = location !== paths.manageOffersUnpublished;
  // A tab of its own: switching tabs starts with its own ordering and an empty selection.
  return <ManageOffersTab key={String(isPublished)} isPublished={isPublished} location={location} />;
}

function ManageOffersTab({ isPublished, location }: { isPublished: boolean; location: string }) {
  const userId = SessionContext.useSelector(selectProfile)?.id ?? 0;
  const list = useListView(isPublished ? publishedView : unpublishedView, {
    publishType: isPublished ? 'published' : 'unpublished',
  });
  const offers = { rows: list.grid.rows, total: list.grid.total };

  const { editing, rowEditor, start, whenLeaving, whenUnsaved } = useOfferRowEditing({ rows: offers.rows, userId });
  // The row being edited stays in view when filters, sorting or a reload take it off the page.
  // Read narrowly: editing a row that is on the page redraws that row, not the page.
  const pinned = useSelector(editing, (snapshot) => {
    const original = snapshot.hasTag('editing') ? snapshot.context.original : null;
    return original && !offers.rows?.some((row) => row.id === original.id) ? original : null;
  });
  // The offer whose history is open (null: closed; undefined: never opened, the panel not loaded).
  const [historyOf, setHistoryOf] = useState<Offer | null>();
  const meta = useMemo(
    (): ManageOffersMeta => ({ edit: start, warm: rowEditor.onWarm ?? (() => undefined), history: setHistoryOf }),
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
  const changes = useChangePreview({ rows, selectedIds, editing }, rowEditor);
  // The preview mounts with the editors' code, on the first pointer or focus in the grid, off the
  // interaction's path: the first paste or fill then opens it without waiting for a lazy chunk.
  const [previewMounted, setPreviewMounted] = useState(false);
  const gridEditor = useMemo(
    (): typeof changes.rowEditor => ({
      ...changes.rowEditor,
      onWarm: () => {
        changes.rowEditor.onWarm?.();
        startTransition(() => setPreviewMounted(true));
      },
    }),
    [changes.rowEditor],
  );
  const pageAllSelected =
    (offers.rows?.length ?? 0) > 0 && offers.rows?.every((row) => selectedIds.has(list.grid.getRowId(row)));
  // Filters and sorting ask first while a row is not saved, as the page does (behaviour §10, row saves).
  const setFilters = (patch: ManageOfferFilterValues) =>
    whenUnsaved(() => {
      clearSelection();
      list.setFilters(patch);
    });
  const resetFilters = () =>
    whenUnsaved(() => {
      clearSelection();
      list.resetFilters();
    });

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
            { href: paths.manageOffersChanges, label: 'Recent changes' },
          ]}
        />
        <KeptDraftBanner userId={userId} />
        <ManageOfferFilters
          values={list.filters}
          isPublished={isPublished}
          onChange={setFilters}
          onReset={resetFilters}
        />
        <div className="manage-offers__toolbar">
          <UploadOffersButton />
          <ExportListButton exportList={offerExport} listed={list.listed} />
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
              filters={list.listed}
              rows={offers.rows ?? []}
              onSettled={clearSelection}
            />
          </Suspense>
        )}
        <RowErrorCount />
        <DataGrid
          label={`${tabName} offers`}
          columns={isPublished ? publishedColumns : unpublishedColumns}
          emptyTitle={
            isPublished ? 'No published offers match these filters' : 'No unpublished offers match these filters'
          }
          emptyText={isPublished ? undefined : 'Upload a CSV file to add offers.'}
          {...list.grid}
          {...(list.isFiltered && { onResetFilters: resetFilters })}
          rows={rows}
          onOrderingChange={(ordering) => whenUnsaved(() => list.grid.onOrderingChange(ordering))}
          onPageChange={(page) => whenLeaving(() => list.grid.onPageChange(page))}
          onPageSizeChange={(size) => whenLeaving(() => list.grid.onPageSizeChange(size))}
          onRowAction={rowEditor.onEdit}
          meta={meta}
          selection={selection}
          rowEditor={gridEditor}
          cellCommands={changes.commands}
          layout="fixed"
        />
        {(previewMounted || changes.preview) && (
          <Suspense fallback={null}>
            <ChangePreview preview={changes.preview} />
          </Suspense>
        )}
        <EditDialogs />
        {historyOf !== undefined && (
          <Suspense fallback={null}>
            <OfferHistory offer={historyOf} onClose={() => setHistoryOf(null)} />
          </Suspense>
        )}
      </Page>
    </RowEditingContext.Provider>
  );
}
