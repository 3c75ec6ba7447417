import type { BulkFields } from '@machines/bulk-actions/bulk-actions.types';
import { momentProblem, unitPriceProblem, validityProblems } from '@openapi/rules/offer';
import { formatPriceInput } from '@openapi/rules/price';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useOptions } from '@/core/domain/options';
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

const EMPTY: BulkValues = { unit_price: '', start: null, end: null, region_id: null };
/** The fields in the order they are shown: the first with a message takes focus. */
const FIELDS: readonly BulkField[] = ['unit_price', 'start', 'end', 'region_id'];
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

/** Focuses the first input, segment or button of a field of the form (not a select's hidden copy). */
function focusField(form: HTMLFormElement | null, name: BulkField) {
  const field = form?.querySelector(`[data-field="${name}"]`);
  const targets = field?.querySelectorAll<HTMLElement>('input:not([type="hidden"]), [role="spinbutton"], button');
  [...(targets ?? [])].find((target) => !target.closest('[aria-hidden="true"]'))?.focus();
}

interface BulkUpdateDialogProps {
  /** Which offers change and how, in a sentence. */
  description: string;
  /** The submit button's text, "Update 2 offers". */
  applyLabel: string;
  /** The bulk action's workflow: busy while it runs, and the server's field errors when refused. */
  applying: BulkApplyRef;
  onApply: (fields: BulkFields) => void;
  onClose: () => void;
}

/**
 * The bulk update form (behaviour §2, Manage Offers table): unit price, start, end and region, each optional, at least one;
 * what is filled in is set on every chosen offer. Fields are checked when they lose focus and all
 * together on submit (behaviour §5), with the editing row's rules. A refusal from the server puts
 * its messages, naming the offer, on the fields. Mounted while open, so each opening starts empty.
 */
export function BulkUpdateDialog({ description, applyLabel, applying, onApply, onClose }: BulkUpdateDialogProps) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const { options } = useOptions();
  const isApplying = useSelector(applying, (s) => s.hasTag('busy'));
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<BulkErrors>({});

  useEffect(() => {
    const subscription = applying.on('bulk.refused', ({ fieldErrors }) => {
      const landed: BulkErrors = {};
      for (const name of FIELDS) if (fieldErrors[name]) landed[name] = fieldErrors[name];
      setErrors((current) => ({ ...current, ...landed }));
      const first = FIELDS.find((name) => landed[name]);
      if (first) focusField(form.current, first);
    });
    return () => subscription.unsubscribe();
  }, [applying]);

  const change = <K extends BulkField>(name: K, value: BulkValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Changing a field clears its message until it loses focus again.
    setErrors((current) => ({ ...current, [name]: undefined, form: undefined }));
  };

  // A field is checked when focus leaves it (not when it moves between a picker's segments).
  const onBlur = (event: React.FocusEvent<HTMLFormElement>) => {
    const field = event.target.closest<HTMLElement>('[data-field]');
    const name = FIELDS.find((candidate) => candidate === field?.dataset.field);
    if (!field || !name || field.contains(event.relatedTarget)) return;
    const problems = problemsOf(values);
    const related = name === 'start' && values.end !== null ? { end: problems.end } : {};
    setErrors((current) => ({ ...current, [name]: problems[name], ...related }));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values);
    setErrors(problems);
    const first = FIELDS.find((name) => problems[name]);
    if (first) focusField(form.current, first);
    else if (!problems.form) onApply(fieldsOf(values));
  };

  const footer = (
    <>
      <Button slot="close" isDisabled={isApplying}>
        Cancel
      </Button>
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
      <form id={formId} ref={form} className="bulk-update" onSubmit={onSubmit} onBlur={onBlur} noValidate>
        <div data-field="unit_price">
          <PriceField
            label="Unit price"
            name="unit_price"
            value={values.unit_price}
            onChange={(price) => change('unit_price', price)}
            errorMessage={errors.unit_price}
            isInvalid={Boolean(errors.unit_price)}
          />
        </div>
        <div data-field="start">
          <DateTimePicker
            label="Start"
            name="start"
            value={values.start}
            onChange={(start) => change('start', start)}
            errorMessage={errors.start}
            isInvalid={Boolean(errors.start)}
          />
        </div>
        <div data-field="end">
          <DateTimePicker
            label="End"
            name="end"
            value={values.end}
            onChange={(end) => change('end', end)}
            errorMessage={errors.end}
            isInvalid={Boolean(errors.end)}
          />
        </div>
        <div data-field="region_id">
          <Select
            label="Region"
            options={options?.regions ?? []}
            emptyLabel="Keep each offer's region"
            selectedKey={values.region_id}
            onSelectionChange={(key) => change('region_id', key === null ? null : Number(key))}
            errorMessage={errors.region_id}
          />
        </div>
        {errors.form && (
          <p role="alert" className="bulk-update__message">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}
