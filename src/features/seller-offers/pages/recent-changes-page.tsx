import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { dayParam } from '@/core/lists/list-query';
import { defineListView } from '@/core/lists/list-view';
import { useListView } from '@/core/lists/use-list-view';
import { paths } from '@/core/paths';
import { DataGrid } from '@/ui/data-grid';
import { FilterBar } from '@/ui/filter-bar';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazySelect } from '@/ui/lazy-select';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { type RecentChangesMeta, recentChangeColumns, SOURCE_OPTIONS } from '../components/recent-change-columns';
import { askRevert, RevertDialogs, useChangeRevert } from '../components/revert-flow';
import { CHANGES_FALLBACK, recentChangesLogic } from '../history.implementations';
import { revertRequestOf } from '../revert-request';
import '../seller-offers.css';

/** behaviour §7: the seller's own changes, newest first (the one order the contract gives). */
const view = defineListView({
  filters: { source: z.enum(SCHEMA_ENUMS.OfferChangeSource), since: dayParam() },
  orderings: ['-at'],
  defaultOrdering: '-at',
  read: recentChangesLogic,
  fallback: CHANGES_FALLBACK,
  refreshOn: ['offers'],
});

/** /seller/manage-offers/changes: the seller's recent changes of offers, each batch revertible. */
export function RecentChangesPage() {
  const list = useListView(view);
  const revert = useChangeRevert();
  const rows = list.grid.rows;
  const meta = useMemo(
    (): RecentChangesMeta => ({ revert: (record) => askRevert(revert, revertRequestOf(record, rows ?? [])) }),
    [revert, rows],
  );
  return (
    <Page title="Manage Offers">
      <SubNav
        label="Offer lists"
        currentPath={paths.manageOffersChanges}
        items={[
          { href: paths.manageOffers, label: 'Published' },
          { href: paths.manageOffersUnpublished, label: 'Unpublished' },
          { href: paths.manageOffersChanges, label: 'Recent changes' },
        ]}
      />
      <FilterBar label="Change filters" onReset={list.resetFilters}>
        <LazySelect
          label="Source"
          emptyLabel="All"
          options={SOURCE_OPTIONS}
          selectedKey={list.filters.source ?? null}
          onSelectionChange={(key) =>
            list.setFilters({ source: SOURCE_OPTIONS.find((option) => option.id === key)?.id })
          }
        />
        <LazyDatePicker
          label="Since"
          value={list.filters.since ?? null}
          onChange={(since) => list.setFilters({ since: since ?? undefined })}
        />
      </FilterBar>
      <DataGrid
        label="Recent changes"
        columns={recentChangeColumns}
        emptyTitle={list.isFiltered ? 'No changes match these filters' : 'No changes recorded yet.'}
        {...list.grid}
        meta={meta}
      />
      <RevertDialogs revert={revert} />
    </Page>
  );
}
