// A package made by the Publish panel (PublishPanel.tsx): the cover, description and keywords made, each
// channel's readiness checks with what to fix and the rule each comes from, and its files and zip to download.
import { useId } from 'react';
import { CircleCheck, CircleHelp, CircleMinus, CircleX, Download, TriangleAlert } from 'lucide-react';
import type { KdpPackage, Lang } from '../engine.js';
import { checkWords, sourceLink } from '../engine.js';
import { fileHref } from '../lib/api.js';
import { panelWord, type PanelWord } from './panelWords.js';
import { studioCatalogue, textIn } from '../i18n/catalogue.js';
import { EDITOR_BUTTON, EDITOR_OF_CHECK, PackageEdit, focusEditor, type EditorIds } from './PackageEdit.js';

const READY_TONE = 'text-green-700 dark:text-green-400';

type ChannelReport = KdpPackage['channels'][keyof KdpPackage['channels']];
type CheckStatus = ChannelReport['checks'][number]['status'];

const STATUS: Record<CheckStatus, { word: PanelWord; icon: typeof CircleCheck; className: string }> = {
  pass: { word: 'checkPass', icon: CircleCheck, className: 'text-green-600 dark:text-green-400' },
  fail: { word: 'checkFail', icon: CircleX, className: 'text-red-600 dark:text-red-400' },
  warn: { word: 'checkWarn', icon: TriangleAlert, className: 'text-amber-600 dark:text-amber-400' },
  skipped: { word: 'checkSkipped', icon: CircleMinus, className: 'text-gray-400' },
  check: { word: 'checkCheck', icon: CircleHelp, className: 'text-amber-600 dark:text-amber-400' },
};

/** A description's HTML (only the stores' tags, made on the server) as paragraphs of plain text. */
function descriptionParagraphs(html: string): string[] {
  // The browser's own decoder reads the character references (a parsed document runs no script).
  const decoded = (part: string) => new DOMParser().parseFromString(part, 'text/html').body.textContent ?? '';
  const text = (part: string) =>
    decoded(part.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
  return html
    .split(/<\/(?:p|li|h4|h5|h6)>|<br>/)
    .map(text)
    .filter(Boolean);
}

/** The checks that ask the writer to act (failed, warned, or to check by hand); the rest passed or do not apply. */
const needsAction = (status: CheckStatus) => status === 'fail' || status === 'warn' || status === 'check';

/**
 * One channel: its verdict, then what needs the writer's action (each with its fix and the rule it comes from),
 * then what passed folded into one line (opened, the passed checks' labels).
 */
function ChannelChecks({
  id,
  channel,
  lang,
  editors,
}: {
  id: string;
  channel: ChannelReport;
  lang: Lang;
  editors: EditorIds;
}) {
  const actions = channel.checks.filter((c) => needsAction(c.status));
  const rest = channel.checks.filter((c) => !needsAction(c.status));
  const passed = rest.filter((c) => c.status === 'pass').length;
  return (
    <li
      className="rounded border border-gray-200 p-3 dark:border-neutral-700"
      data-testid="channel"
      data-channel={id}
      data-ready={channel.ready}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{channel.name}</h4>
        <span className={`text-xs font-medium ${channel.ready ? READY_TONE : 'text-red-700 dark:text-red-400'}`}>
          {panelWord(channel.ready ? 'channelReady' : 'channelNotReady', lang)}
        </span>
      </div>
      {actions.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={panelWord('checksToAct', lang)}>
          {actions.map((check) => (
            <CheckLine key={check.id} check={check} lang={lang} editors={editors} />
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <details className="mt-2 text-sm" data-testid="readiness-passed">
          <summary className="cursor-pointer text-gray-700 dark:text-gray-300">
            {panelWord('checksPassed', lang, { n: passed })}
          </summary>
          <ul className="mt-1 space-y-1">
            {rest.map((check) => (
              <CheckLine key={check.id} check={check} lang={lang} isBrief />
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** One check: its status, label and (unless brief) what was found, what to fix and the rule. */
function CheckLine({
  check,
  lang,
  isBrief = false,
  editors,
}: {
  check: ChannelReport['checks'][number];
  lang: Lang;
  isBrief?: boolean;
  editors?: EditorIds;
}) {
  const status = STATUS[check.status];
  // A fix that is an edit of the package's keywords or description: a button to its field in the editor below.
  const editor = editors && EDITOR_OF_CHECK[check.id];
  const Icon = status.icon;
  // The check's words in the studio's language (the package keeps them as texts).
  const words = checkWords(check, lang, 'studio');
  return (
    <li
      className="flex items-start gap-2 text-sm"
      data-testid="readiness-check"
      data-check={check.id}
      data-status={check.status}
    >
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${status.className}`} aria-hidden="true" />
      <div className="min-w-0">
        <span className="sr-only">{panelWord(status.word, lang)}: </span>
        <span>{words.label}</span>
        {!isBrief && words.detail && (
          <span className="block break-words text-xs text-gray-600 dark:text-gray-400">{words.detail}</span>
        )}
        {!isBrief && words.fix && (
          <span className="block text-xs text-gray-700 dark:text-gray-300" data-testid="readiness-fix">
            {panelWord('checkFix', lang, { fix: words.fix })}
          </span>
        )}
        {!isBrief && editor && (
          <button
            type="button"
            className="mt-1 text-xs font-medium underline"
            data-testid="readiness-edit"
            onClick={() => focusEditor(editors[editor])}
          >
            {panelWord(EDITOR_BUTTON[editor], lang)}
          </button>
        )}
        {!isBrief && <SourceLine source={check.source} lang={lang} />}
      </div>
    </li>
  );
}

/** The stores' help centres as each language names them; the package names them in English (the `en` text). */
const SOURCE_NAMES = Object.values(studioCatalogue('studio-store-help', ['kdp', 'googlePlay', 'kobo', 'googleBooks']));

/** A help centre's name as a page in `lang` writes it; the page's own title after it stays as it is. */
function sourceName(text: string, lang: Lang): string {
  const named = SOURCE_NAMES.find((entry) => text.startsWith(String(entry.en)));
  return named ? String(textIn(named, lang, 'studio-store-help')) + text.slice(String(named.en).length) : text;
}

/** Where a check's rule comes from: its name as a link to the page (no raw address), in a colour that reads. */
function SourceLine({ source, lang }: { source: string; lang: Lang }) {
  // Karya's own rules (a sentence in English in the package) are named in the writer's language.
  const found = /^Karya\b/.test(source) ? { text: panelWord('sourceKarya', lang) } : sourceLink(source);
  // The help centre's name in the writer's language; the page's own title (in quotes) stays as the page has it.
  const link = { ...found, text: sourceName(found.text, lang) };
  const [before = '', after = ''] = panelWord('checkSource', lang, { source: '\u0000' }).split('\u0000');
  return (
    <span className="block break-words text-xs text-gray-600 dark:text-gray-300" data-testid="readiness-source">
      {before}
      {link.url ? (
        <a href={link.url} target="_blank" rel="noreferrer" className="underline">
          {link.text}
        </a>
      ) : (
        link.text
      )}
      {after}
    </span>
  );
}

/** What the package made: its cover, title and author, the date it publishes on, the description and the keywords. */
function PackageMade({ pkg, lang, fileUrl }: { pkg: KdpPackage; lang: Lang; fileUrl(file: string): string }) {
  const coverFile = pkg.files.find((f) => f === 'cover.jpg') ?? pkg.files.find((f) => f === 'cover.png');
  return (
    <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
      {coverFile && (
        <figure>
          <img
            src={fileUrl(coverFile)}
            alt={panelWord('packageCover', lang)}
            className="w-32 rounded shadow"
            data-testid="package-cover"
          />
          <figcaption className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            {panelWord('packageCover', lang)}
          </figcaption>
        </figure>
      )}
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          {pkg.title}
          {pkg.subtitle ? `: ${pkg.subtitle}` : ''}
        </p>
        {pkg.author && <p className="text-gray-600 dark:text-gray-400">{pkg.author}</p>}
        {pkg.publish_on && (
          <p className="mt-1 font-medium" data-testid="package-publish-on">
            {panelWord('packagePublishOn', lang, { date: pkg.publish_on })}
          </p>
        )}
        <h4 className="mt-3 text-xs font-semibold uppercase text-gray-500 dark:text-gray-400">
          {panelWord('packageDescription', lang)}
        </h4>
        <div data-testid="package-description">
          {descriptionParagraphs(pkg.description).map((p, i) => (
            <p key={i} className="mt-1">
              {p}
            </p>
          ))}
        </div>
        <h4 className="mt-3 text-xs font-semibold uppercase text-gray-500 dark:text-gray-400">
          {panelWord('packageKeywords', lang)}
        </h4>
        <ul className="mt-1 flex flex-wrap gap-1" data-testid="package-keywords">
          {pkg.keywords.map((k) => (
            <li key={k} className="rounded bg-gray-100 px-2 py-0.5 text-xs dark:bg-neutral-800">
              {k}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A package: the cover, description and keywords made, each channel's checks, and its files and zip to download. */
export function PackageReport({
  pkg,
  bookType,
  lang,
  onEdited,
}: {
  pkg: KdpPackage;
  bookType: string;
  lang: Lang;
  onEdited: (pkg: KdpPackage) => void;
}) {
  const base = useId();
  const editors: EditorIds = {
    keywords: `${base}-keywords`,
    description: `${base}-description`,
    categories: `${base}-categories`,
  };
  const channels = Object.entries(pkg.channels) as Array<[string, ChannelReport]>;
  const readyCount = channels.filter(([, c]) => c.ready).length;
  const fileUrl = (file: string) =>
    fileHref('GET /books/:bookType/publish/package/:file', { params: { bookType, file } });
  return (
    <div className="mt-6 border-t border-gray-200 pt-4 dark:border-neutral-700" data-testid="readiness">
      <PackageMade pkg={pkg} lang={lang} fileUrl={fileUrl} />
      {/* A new package (made again) starts the editor anew; a saved edit keeps what the writer typed. */}
      <PackageEdit key={pkg.created_at} pkg={pkg} bookType={bookType} lang={lang} ids={editors} onSaved={onEdited} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{panelWord('readinessTitle', lang)}</h3>
        <p
          className={`text-sm font-medium ${pkg.ready ? READY_TONE : 'text-amber-700 dark:text-amber-400'}`}
          data-testid="readiness-summary"
        >
          {pkg.ready
            ? panelWord('readinessReady', lang)
            : readyCount
              ? panelWord('readinessNotReady', lang, { n: readyCount })
              : panelWord('readinessNone', lang)}
        </p>
      </div>
      <ul className="mt-3 space-y-3">
        {/* The stores that need the writer's action first. */}
        {[...channels]
          .sort(([, a], [, b]) => Number(a.ready) - Number(b.ready))
          .map(([id, channel]) => (
            <ChannelChecks key={id} id={id} channel={channel} lang={lang} editors={editors} />
          ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold">{panelWord('packageFiles', lang)}</h3>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="package-files">
        {pkg.files.map((file) => (
          <li key={file}>
            <a href={fileUrl(file)} download={file} className="btn-secondary text-xs" data-testid="package-file">
              <Download className="h-3 w-3" aria-hidden="true" /> {file}
            </a>
          </li>
        ))}
      </ul>
      <a
        href={fileHref('GET /books/:bookType/publish/package', { params: { bookType } })}
        download
        className="btn-secondary mt-4 w-full"
        data-testid="package-download"
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {panelWord('downloadPackage', lang)}
      </a>
    </div>
  );
}
