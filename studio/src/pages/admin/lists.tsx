// What the admin page's server lists share: loading a list (again on Retry and when the browser is back
// online), showing it as failed, loading, empty or its items, and an action on one item that waits for
// the administrator's confirmation, then says how it went; and the card that makes things and lists them.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Bot } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { LoadError, useRefetchOnOnline } from '../../components/LoadError.js';
import { Spinner } from '../../components/Spinner.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { Section } from './Section.js';

/** A list from the server as it stands: its items (`null` until they came), the load's error, and a reload. */
export type ServerList<T> = { items: T[] | null; loadError: unknown; reload(): void };

/** A list loaded from the server when shown; `fetchList` must be the same function on every render. */
export function useServerList<T>(fetchList: () => Promise<T[]>): ServerList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const reload = useCallback(() => {
    setLoadError(null);
    fetchList().then(setItems, setLoadError);
  }, [fetchList]);
  useEffect(reload, [reload]);
  useRefetchOnOnline(reload, loadError !== null);
  return { items, loadError, reload };
}

/** What a list says while it is not a list: its load failed, it is loading, it is empty. */
type ListWords = { failed: string; loading: string; empty: string };

/** A list where it stands: its load error with Retry, a spinner, the empty message, or its items. */
export function ListBody<T>(props: ServerList<T> & ListWords & { children(items: T[]): ReactNode }) {
  const { loadError, items } = props;
  if (loadError !== null) return <LoadError error={loadError} message={props.failed} onRetry={props.reload} />;
  if (!items) return <Spinner label={props.loading} />;
  if (items.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">{props.empty}</p>;
  return <>{props.children(items)}</>;
}

type ItemListProps<T> = {
  list: ServerList<T>;
  words: ListWords;
  className: string;
  testId: string;
  item(item: T): ReactNode;
};

/**
 * A server list as a `<ul>` (its test id `testId`), each item drawn by `item` (with its key), or where the list stands.
 */
export function ItemList<T>({ list, words, className, testId, item }: ItemListProps<T>) {
  return (
    <ListBody {...list} {...words}>
      {(items) => (
        <ul className={className} data-testid={testId}>
          {items.map(item)}
        </ul>
      )}
    </ListBody>
  );
}

/**
 * A card that makes things and lists them: its form, the list below it (`gap` apart), then `children` (the confirmation
 * of an action on one item).
 */
export function MakeAndList<T>({
  title,
  icon,
  form,
  gap,
  children,
  ...list
}: ItemListProps<T> & { title: string; icon: typeof Bot; form: ReactNode; gap: string; children: ReactNode }) {
  return (
    <Section title={title} icon={icon}>
      {form}
      <div className={gap}>
        <ItemList {...list} />
      </div>
      {children}
    </Section>
  );
}

/**
 * An action on one item, sent only once the administrator confirmed it: `ask` opens the confirmation,
 * `dialog` holds the ConfirmDialog's open/confirm/cancel; confirming closes it, sends, says done or
 * failed, and then runs `after` (a reload).
 */
export function useConfirmedAction<T>(
  send: (item: T) => Promise<unknown>,
  done: MessageKey,
  failed: MessageKey,
  after?: () => void,
) {
  const { t } = useT();
  const [pending, setPending] = useState<T | null>(null);
  const run = async (item: T) => {
    setPending(null);
    try {
      await send(item);
      toast.success(t(done));
      after?.();
    } catch {
      toast.error(t(failed));
    }
  };
  const dialog = {
    isOpen: pending !== null,
    onConfirm: () => void (pending !== null && run(pending)),
    onCancel: () => setPending(null),
  };
  return { pending, ask: setPending, dialog };
}
