/**
 * The snackbar's queue (behaviour §2): every feature shows messages through `notify()`; the
 * <Snackbar/> mounted at the root renders them. Kept apart from the component so the first
 * screen does not wait for the snackbar's widgets.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export const SNACKBAR_TIMEOUT_MS = 4000;
/**
 * A message with Undo stays longer by default: a keyboard user has to get to its button, Tab by
 * Tab, before it goes (the timer stops once focus is on it). WCAG 2.2.1, timing adjustable.
 */
export const ACTION_TIMEOUT_MS = 10_000;

export type NoticeType = 'error' | 'success' | 'info';

export interface Notice {
  message: string;
  type: NoticeType;
  /** Shows an Undo button; pressing it calls this and closes the snackbar. */
  onUndo?: () => void;
}

export const noticeQueue = new ToastQueue<Notice>({ maxVisibleToasts: 1 });

/** Shows a message in the snackbar, replacing the one shown. Returns a function that closes it. */
export function notify(notice: Notice & { timeout?: number }): () => void {
  const { timeout = notice.onUndo ? ACTION_TIMEOUT_MS : SNACKBAR_TIMEOUT_MS, ...content } = notice;
  for (const shown of noticeQueue.visibleToasts) noticeQueue.close(shown.key);
  const key = noticeQueue.add(content, { timeout });
  return () => noticeQueue.close(key);
}
