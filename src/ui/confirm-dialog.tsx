import { Text } from 'react-aria-components';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The question, read out with the title when the dialog opens. */
  message: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The caller closes the dialog (onOpenChange(false)) when the confirmed work is done. */
  onConfirm: () => void;
  /** Styles the confirm button as dangerous (delete, clear, withdraw). */
  isDestructive?: boolean;
  /** The confirmed work is running: the confirm button spins and nothing closes the dialog. */
  isPending?: boolean;
  /**
   * While the confirmed work runs in several calls, it may stop after the one in flight: Cancel
   * reads Stop and calls this.
   */
  onStop?: (() => void) | undefined;
  /** Shown under the question: a field that goes with the answer (a cancel's reason). */
  children?: React.ReactNode;
}

/**
 * A yes/no question before an action that cannot be undone. Focus starts on Cancel, so Enter
 * or Space pressed by habit does not destroy anything.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  isDestructive = false,
  isPending = false,
  onStop,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="small"
      isDismissDisabled={isPending}
      footer={
        <>
          {isPending && onStop ? (
            <Button onPress={onStop}>Stop</Button>
          ) : (
            <Button slot="close" autoFocus isDisabled={isPending}>
              {cancelLabel}
            </Button>
          )}
          <Button
            variant={isDestructive ? 'danger' : 'primary'}
            className={isDestructive ? 'dialog__destructive' : undefined}
            isPending={isPending}
            onPress={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text slot="description" className="dialog__message">
        {message}
      </Text>
      {children}
    </Dialog>
  );
}
