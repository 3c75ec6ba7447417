import { formatCents } from '@openapi/rules/money';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Invoice } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announceChange } from '@/core/data-events';
import { partyName } from '@/core/domain/party';
import { formatDay } from '@/lib/dates';
import { Button } from '@/ui/button';
import { DatePicker } from '@/ui/date-picker';
import { Dialog } from '@/ui/dialog';
import { notify } from '@/ui/notify';
import { MARK_PAID_FALLBACK, markPaidLogic } from '../create-invoice.implementations';
import { localDayOf, paymentDateProblem, todayIso } from '../invoice-draft';

/**
 * Records the payment of one issued, unpaid invoice (contract: `markInvoicePaid`): the payment
 * date defaults to today and may go back to the issue day, never past today. A refusal that is
 * not about the date (409: paid or cancelled meanwhile) is shown in the dialog, where focus is,
 * and the list reloads to show the invoice as it is now. Mounted while open: every opening starts
 * afresh.
 */
export function MarkPaidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const paying = useActorRef(useApiLogic(markPaidLogic), { input: { fallback: MARK_PAID_FALLBACK } });
  const isPaying = useSelector(paying, (s) => s.hasTag('busy'));
  const problem = useSelector(paying, (s) =>
    s.matches('idle') && !s.context.fieldErrors.payment_date ? s.context.problem : null,
  );
  const [todayDay] = useState(todayIso);
  const issuedDay = localDayOf(invoice.issued_at);
  // ISO days sort as text; an issue day past today (clocks apart) must not leave no day to pick.
  const [earliest = todayDay] = [issuedDay, todayDay].sort();
  const [day, setDay] = useState<string | null>(todayDay);
  const [dayError, setDayError] = useState<string | undefined>();

  useEffect(() => {
    const succeeded = paying.on('submission.succeeded', ({ result }) => {
      const paidOn = result.payment_date ? ` on ${formatDay(result.payment_date)}` : '';
      notify({ type: 'success', message: `Invoice ${result.number} marked as paid${paidOn}.` });
      announceChange('invoices');
      onClose();
    });
    const failed = paying.on('submission.failed', ({ fieldErrors }) => {
      setDayError(fieldErrors.payment_date);
      announceChange('invoices');
    });
    return () => {
      succeeded.unsubscribe();
      failed.unsubscribe();
    };
  }, [paying, onClose]);

  const onConfirm = () => {
    const found = paymentDateProblem(day, issuedDay, todayIso());
    setDayError(found);
    if (found || day === null) return;
    const send = { type: 'submission.submit' as const, input: { invoiceId: invoice.id, payment_date: day } };
    if (paying.getSnapshot().can(send)) paying.send(send);
  };

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
          <Button variant="primary" isPending={isPaying} onPress={onConfirm}>
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
          label="Payment date"
          value={day}
          onChange={(next) => {
            setDay(next);
            setDayError(undefined);
          }}
          minValue={earliest}
          maxValue={todayDay}
          description="The day the payment arrived: from the issue day to today."
          errorMessage={dayError}
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
