import { formatCents } from '@openapi/rules/money';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import type { Invoice } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { partyName } from '@/core/domain/party';
import { useForm } from '@/core/forms/use-form';
import { formatDay } from '@/lib/dates';
import { Button } from '@/ui/button';
import { DatePicker } from '@/ui/date-picker';
import { Dialog } from '@/ui/dialog';
import { notify } from '@/ui/notify';
import { MARK_PAID_FALLBACK, markPaidLogic } from '../create-invoice.implementations';
import { localDayOf, paymentDateProblem, todayIso } from '../invoice-draft';

/** A payment day from the issue day to today, read when the form is sent. */
const paymentSchema = (issuedDay: string) =>
  z.object({
    payment_date: z.nullable(z.string()).check((payload) => {
      const problem = paymentDateProblem(payload.value, issuedDay, todayIso());
      if (problem) payload.issues.push({ code: 'custom', message: problem, input: payload.value });
    }),
  });

/**
 * Records the payment of one issued, unpaid invoice (contract: `markInvoicePaid`): the payment
 * date defaults to today and may go back to the issue day, never past today. A refusal that is
 * not about the date (409: paid or cancelled meanwhile) is shown in the dialog, where focus is,
 * and the list reloads to show the invoice as it is now. Mounted while open: every opening starts
 * afresh.
 */
export function MarkPaidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const paying = useActorRef(useApiLogic(markPaidLogic), { input: { fallback: MARK_PAID_FALLBACK } });
  const problem = useSelector(paying, (s) =>
    s.matches('idle') && !s.context.fieldErrors.payment_date ? s.context.problem : null,
  );
  const [todayDay] = useState(todayIso);
  const issuedDay = localDayOf(invoice.issued_at);
  // ISO days sort as text; an issue day past today (clocks apart) must not leave no day to pick.
  const [earliest = todayDay] = [issuedDay, todayDay].sort();
  const form = useForm({
    schema: paymentSchema(issuedDay),
    initial: { payment_date: todayDay as string | null },
    workflow: paying,
    // The check above lets no empty day through.
    toEvent: ({ payment_date }) =>
      payment_date === null ? null : { type: 'submission.submit', input: { invoiceId: invoice.id, payment_date } },
    // A message that is not about the date is shown in the dialog, where focus is.
    failure: { type: 'submission.failed', snackbar: false },
  });
  const isPaying = form.isBusy;
  const day = form.field('payment_date');

  useEffect(() => {
    const succeeded = paying.on('submission.succeeded', ({ result }) => {
      const paidOn = result.payment_date ? ` on ${formatDay(result.payment_date)}` : '';
      notify({ type: 'success', message: `Invoice ${result.number} marked as paid${paidOn}.` });
      onClose();
    });
    return () => succeeded.unsubscribe();
  }, [paying, onClose]);

  return (
    <Dialog
      title={`Mark ${invoice.number} paid`}
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      size="small"
      isDismissDisabled={isPaying}
      footer={
        <>
          <Button slot="close" isDisabled={isPaying}>
            Cancel
          </Button>
          <Button variant="primary" isPending={isPaying} onPress={() => form.submit()}>
            Mark paid
          </Button>
        </>
      }
    >
      <div className="mark-paid">
        <p>
          {partyName(invoice.client)} owes {formatCents(invoice.total)}, due {formatDay(invoice.due_date)}. Issued{' '}
          {formatDay(issuedDay)}.
        </p>
        <DatePicker
          {...day}
          label="Payment date"
          minValue={earliest}
          maxValue={todayDay}
          description="The day the payment arrived: from the issue day to today."
        />
        {problem && (
          <p role="alert" className="create-invoice__problem">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
