import { selectCanStop } from '@machines/bulk-actions/bulk-actions.selectors';
import type { BulkFields, BulkRequest } from '@machines/bulk-actions/bulk-actions.types';
import { momentProblem, unitPriceProblem, validityProblems } from '@openapi/rules/offer';
import { formatPriceInput } from '@openapi/rules/price';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { z } from 'zod/mini';
import { useOptions } from '@/core/domain/options';
import { useForm } from '@/core/forms/use-form';
import { fromLocalIso } from '@/lib/dates';
import { Button } from '@/ui/button';
import { DateTimePicker } from '@/ui/date-time-picker';
import { Dialog } from '@/ui/dialog';
import { PriceField } from '@/ui/price-field';
import { Select } from '@/ui/select';
import type { BulkApplyRef } from '../bulk.implementations';
import { localMoment } from '../offer-rules';

/** The form as its inputs hold it: price as typed, start and end local ISO without a zone. */
interface BulkValues {
  unit_price: string;
  start: string | null;
  end: string | null;
  region_id: number | null;
}
type BulkField = keyof BulkValues;
type BulkErrors = Partial<Record<BulkField | 'form', string>>;

/** The fields in the order they are shown: the first with a message takes focus. */
const EMPTY: BulkValues = { unit_price: '', start: null, end: null, region_id: null };
const FIELDS = Object.keys(EMPTY) as BulkField[];
const NOTHING_TO_CHANGE = 'Fill in at least one field to change.';

/**
 * Only the fields filled in are checked, each by the offer's rule for it; a start and an end given
 * together are checked as a pair. A start or an end alone is checked by itself (the server checks
 * it against each offer's own end or start).
 */
function problemsOf(values: BulkValues): BulkErrors {
  const found: BulkErrors = {};
  const price = values.unit_price === '' ? undefined : unitPriceProblem(values.unit_price);
  if (price) found.unit_price = price;
  const start = values.start === null ? null : localMoment(values.start);
  const end = values.end === null ? null : localMoment(values.end);
  const dates =
    start && end
      ? validityProblems(start, end)
      : {
          start: start ? momentProblem('Start', start) : undefined,
          end: end ? momentProblem('End', end) : undefined,
        };
  if (dates.start) found.start = dates.start;
  if (dates.end) found.end = dates.end;
  if (FIELDS.every((name) => values[name] === EMPTY[name])) found.form = NOTHING_TO_CHANGE;
  return found;
}

/** The contract's values of the fields filled in (called once the form is valid). */
function fieldsOf(values: BulkValues): BulkFields {
  const fields: BulkFields = {};
  if (values.unit_price !== '') fields.unit_price = formatPriceInput(values.unit_price);
  const start = values.start === null ? null : fromLocalIso(values.start);
  if (start) fields.start = start;
  const end = values.end === null ? null : fromLocalIso(values.end);
  if (end) fields.end = end;
  if (values.region_id !== null) fields.region_id = values.region_id;
  return fields;
}

/** The offer rules as the form's schema; a problem of the whole form has no path. */
const bulkSchema = z.pipe(
  z.custom<BulkValues>().check((payload) => {
    for (const [name, message] of Object.entries(problemsOf(payload.value))) {
      if (message)
        payload.issues.push({ code: 'custom', message, input: payload.value, path: name === 'form' ? [] : [name] });
    }
  }),
  z.transform(fieldsOf),
);

interface BulkUpdateDialogProps {
  /** Which offers change and how, in a sentence. */
  description: string;
  /** The submit button's text, "Update 2 offers". */
  applyLabel: string;
  /** The bulk action's workflow: busy while it runs, and the server's field errors when refused. */
  applying: BulkApplyRef;
  /** The bulk action's request that sets these fields on the chosen offers. */
  requestOf: (fields: BulkFields) => BulkRequest;
  onClose: () => void;
}

/**
 * The bulk update form (behaviour §2, Manage Offers table): unit price, start, end and region, each optional, at least one;
 * what is filled in is set on every chosen offer. Fields are checked when they lose focus and all
 * together on submit (behaviour §5), with the editing row's rules. A refusal from the server puts
 * its messages, naming the offer, on the fields. Mounted while open, so each opening starts empty.
 */
export function BulkUpdateDialog({ description, applyLabel, applying, requestOf, onClose }: BulkUpdateDialogProps) {
  const formId = useId();
  const { options } = useOptions();
  const form = useForm({
    schema: bulkSchema,
    initial: EMPTY,
    workflow: applying,
    toEvent: (fields) => ({ type: 'bulk.apply', request: requestOf(fields) }),
    // The bar shows the message in the snackbar; the messages naming a field go on it here.
    failure: { type: 'bulk.refused', snackbar: false },
    checkWith: { start: ['end'] },
  });
  const isApplying = form.isBusy;
  const canStop = useSelector(applying, selectCanStop);
  const region = form.field('region_id');

  const footer = (
    <>
      {canStop ? (
        // Sent in calls of at most 500: the seller may stop after the one in flight (behaviour §2).
        <Button onPress={() => applying.send({ type: 'bulk.cancel' })}>Stop</Button>
      ) : (
        <Button slot="close" isDisabled={isApplying}>
          Cancel
        </Button>
      )}
      <Button variant="primary" type="submit" form={formId} isPending={isApplying}>
        {applyLabel}
      </Button>
    </>
  );
  return (
    <Dialog
      title="Update offers"
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      isDismissDisabled={isApplying}
      footer={footer}
    >
      <p className="bulk-update__description">{description}</p>
      <form id={formId} className="bulk-update" onSubmit={form.submit} noValidate>
        <PriceField {...form.field('unit_price')} label="Unit price" />
        <DateTimePicker {...form.field('start')} label="Start" />
        <DateTimePicker {...form.field('end')} label="End" />
        <Select
          label="Region"
          options={options?.regions ?? []}
          emptyLabel="Keep each offer's region"
          selectedKey={region.value}
          onSelectionChange={(key) => region.onChange(key === null ? null : Number(key))}
          errorMessage={region.errorMessage}
          inputRef={region.inputRef}
        />
        {form.formError && (
          <p role="alert" className="bulk-update__message">
            {form.formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
