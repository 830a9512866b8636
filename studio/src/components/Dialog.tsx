// An accessible modal dialog: labelled, focus moved inside and kept there (Tab cycles), Escape closes,
// focus returns to what opened it.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { useT } from '../i18n/index.js';

const PANEL_CLASS = 'overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl sm:rounded-2xl dark:bg-neutral-900';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keep keyboard focus inside `ref` while `isActive`; Escape calls `onClose`. */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  isActive: boolean,
  onClose?: () => void,
  returnTo?: RefObject<HTMLElement | null>,
): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!isActive) return;
    const node = ref.current;
    if (!node) return;
    const previous = (returnTo?.current ?? document.activeElement) as HTMLElement | null;
    const items = () => [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
    const initial = node.querySelector<HTMLElement>('[data-autofocus]') ?? items()[0] ?? node;
    if (initial === node && !node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
    initial.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onCloseRef.current) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = items();
      if (list.length === 0) {
        e.preventDefault();
        return;
      }
      const first = list[0]!;
      const last = list[list.length - 1]!;
      if (e.shiftKey && (document.activeElement === first || !node.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !node.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      // Back to what opened it; a dialog that opened by itself (or whose opener is gone) leaves focus on the page's
      // main region, never on nothing.
      if (previous && previous !== document.body && document.contains(previous)) previous.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, [isActive, ref, returnTo]);
}

export interface DialogProps {
  isOpen: boolean;
  title: string;
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Show the close (×) button. */
  hasCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /** Where focus goes when it closes (the next action), instead of what opened it. */
  returnTo?: RefObject<HTMLElement | null>;
}

export function Dialog({
  isOpen,
  title,
  onClose,
  children,
  footer,
  hasCloseButton = true,
  size = 'md',
  testId,
  returnTo,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useT();
  useFocusTrap(ref, isOpen, onClose, returnTo);
  if (!isOpen) return null;
  const width = size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-2xl' : 'max-w-md';
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className={`relative max-h-[90vh] w-full ${width} ${PANEL_CLASS}`}
      >
        <div className="mb-3 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {hasCloseButton && onClose && (
            <button type="button" className="btn-ghost -mr-2 -mt-1" aria-label={t('common.close')} onClick={onClose}>
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="text-sm text-gray-700 dark:text-gray-300">{children}</div>
        {footer && <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
      </div>
    </div>
  );
}

/**
 * A confirm prompt ("Delete this item?") with Cancel (or `cancelLabel`) and a confirm button, focused
 * first unless `isCancelFirst` (where confirming drops the writer's work).
 */
export function ConfirmDialog(props: {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  isDanger?: boolean;
  cancelLabel?: string;
  isCancelFirst?: boolean;
  testId?: string;
}) {
  const { t } = useT();
  return (
    <Dialog
      isOpen={props.isOpen}
      title={props.title}
      onClose={props.onCancel}
      size="sm"
      {...(props.testId ? { testId: props.testId } : {})}
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            onClick={props.onCancel}
            data-autofocus={props.isCancelFirst || undefined}
          >
            {props.cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className={props.isDanger ? 'btn-danger' : 'btn-primary'}
            onClick={props.onConfirm}
            data-autofocus={!props.isCancelFirst || undefined}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.message}</p>
    </Dialog>
  );
}

/** Ask before deleting `item` (null: closed), naming it in the message; Cancel keeps it. */
export function ConfirmDelete<T>(props: {
  item: T | null;
  title: string;
  message(item: T): string;
  confirmLabel: string;
  onDelete(item: T): void;
  onCancel(): void;
}) {
  const { item } = props;
  return (
    <ConfirmDialog
      isOpen={item !== null}
      title={props.title}
      message={item === null ? '' : props.message(item)}
      confirmLabel={props.confirmLabel}
      isDanger
      onConfirm={() => item !== null && props.onDelete(item)}
      onCancel={props.onCancel}
    />
  );
}
