// The Download menu: a button that opens plain `download` links to a book's export route, one per format
// (the generator page's preview and each of "My books"). Words in the book's or the reader's language.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, Download } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { ExportFormat } from '../engine.js';
import { pageWord } from '../generator/words.js';

const MENU_CLASS = [
  'absolute right-0 z-20 mt-1 w-44 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
  'dark:border-neutral-700 dark:bg-neutral-800',
].join(' ');
const MENU_ITEM_CLASS = [
  'block px-3 py-2 text-sm text-gray-800 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none',
  'dark:text-gray-100 dark:hover:bg-neutral-700 dark:focus:bg-neutral-700',
].join(' ');

/** How the Download menu names each export format. */
export const FORMAT_NAMES = { md: 'Markdown', epub: 'EPUB', docx: 'DOCX', pdf: 'PDF' } as const satisfies Record<
  ExportFormat,
  string
>;
// In the contract's order (md, epub, docx, pdf), without importing the contract's schemas into the page.
const FORMATS = Object.keys(FORMAT_NAMES) as ExportFormat[];

/**
 * A Download button that opens a list of plain `download` links, one per export format. Keyboard: Enter
 * or Space opens it, Tab or the arrow keys move through the formats, Escape closes it and returns to the
 * button; a click elsewhere or focus leaving it closes it too.
 */
/**
 * `ariaLabel`: the button's name where several menus share a page ("Download Harbour Lights"); it starts with the
 * visible word.
 */
export function DownloadMenu({
  hrefOf,
  lang,
  label,
  ariaLabel,
  testId = 'download-menu',
}: {
  hrefOf(format: ExportFormat): string;
  lang: Lang;
  label?: string;
  ariaLabel?: string;
  testId?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);
  const links = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-format]') ?? [])];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && isOpen) {
      e.stopPropagation();
      setIsOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!isOpen) {
      setIsOpen(true);
      return;
    }
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % all.length : at <= 0 ? all.length - 1 : at - 1;
    all[next]?.focus();
  };
  return (
    <div
      ref={rootRef}
      className="relative"
      data-testid={testId}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (isOpen && !rootRef.current?.contains(e.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn-secondary px-3 py-1.5"
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {label ?? pageWord('download', lang)}
        <ChevronDown className={`h-3.5 w-3.5 transition-transform ${isOpen ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {isOpen && <FormatList id={listId} hrefOf={hrefOf} lang={lang} onChosen={() => setIsOpen(false)} />}
    </div>
  );
}

/** The open menu: one plain `download` link per format, closed after the click so that the link's download starts. */
function FormatList({
  id,
  hrefOf,
  lang,
  onChosen,
}: {
  id: string;
  hrefOf(format: ExportFormat): string;
  lang: Lang;
  onChosen(): void;
}) {
  return (
    <ul id={id} aria-label={pageWord('downloadFormats', lang)} className={MENU_CLASS}>
      {FORMATS.map((format) => (
        <li key={format}>
          <a
            href={hrefOf(format)}
            download
            data-format={format}
            aria-label={pageWord('downloadAs', lang, { format: FORMAT_NAMES[format] })}
            className={MENU_ITEM_CLASS}
            // Closed after the click, so that the link's download starts first.
            onClick={() => setTimeout(onChosen, 0)}
          >
            {FORMAT_NAMES[format]} <span className="text-xs text-gray-500 dark:text-gray-400">.{format}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
