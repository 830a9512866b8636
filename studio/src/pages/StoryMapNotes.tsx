// The story map page's lists (pages/StoryMap.tsx): on a phone, the lanes folded into one list per character,
// thread and fact (shown at 480 px and under, where the table is hidden: CSS alone); under the table, the
// relations, the continuity findings by part (each part's list the table's findings cell links to, with a way to
// the part in the book) and what the map's part changed in the story bible.
import type { ReactNode } from 'react';
import type { useT } from '../i18n/index.js';
import type { Lang, StoryMap } from '../engine.js';
import '../i18n/story-map.js'; // the studio-story-map words it shows load with it (i18n/shared.ts)

type T = ReturnType<typeof useT>['t'];
type MapChange = StoryMap['changes']['new'][number];

function Section({
  title,
  id,
  children,
  className = '',
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`card p-4 sm:p-5 ${className}`}>
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The lanes as lists, one per character, thread and fact: what the table says, read down a phone's screen. */
export function FoldedLanes({ map, t }: { map: StoryMap; t: T }) {
  const lang = map.lang;
  return (
    <div className="hidden space-y-4 max-[480px]:block" data-testid="story-map-folded">
      <Section title={t('storyMap.characters')} id="folded-characters">
        <ul className="space-y-3">
          {map.characters.map((c) => (
            <li key={c.name} data-testid="folded-character">
              <h3 className="font-semibold" lang={lang}>
                {c.name}
                {c.role ? <span className="font-normal text-gray-700 dark:text-gray-300"> ({c.role})</span> : null}
              </h3>
              <p className="text-sm">
                {t('storyMap.span', { first: c.first.label, last: c.last.label })}
                {c.gone ? ` · ${t('storyMap.goneFrom', { part: c.gone.label })}` : ''}
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {c.marks.map((m) => (
                  <li key={m.position}>
                    {m.label}: <span lang={lang}>{m.state}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('storyMap.threads')} id="folded-threads">
        <ul className="space-y-2 text-sm">
          {map.threads.map((th) => (
            <li
              key={th.thread}
              data-testid="folded-thread"
              className={
                th.is_overdue
                  ? 'rounded bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
                  : ''
              }
            >
              <span className="font-medium" lang={lang}>
                {th.thread}
              </span>
              : {threadLine(th, t)}
              {th.is_overdue && <strong> · {t('storyMap.overdue')}</strong>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('storyMap.facts')} id="folded-facts">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {map.facts.map((f, i) => (
            <li key={`${i}-${f.fact}`}>
              <span lang={lang}>{f.fact}</span> ({spanLine(f.since, f.until, t)})
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function threadLine(th: StoryMap['threads'][number], t: T): string {
  return [
    t('storyMap.openedIn', { part: th.opened.label }),
    ...(th.due ? [t('storyMap.dueIn', { part: th.due.label })] : []),
    th.closed ? `${t(`storyMap.status.${th.status}`)} (${th.closed.label})` : t(`storyMap.status.${th.status}`),
  ].join(' · ');
}

function spanLine(since: StoryMap['facts'][number]['since'], until: StoryMap['facts'][number]['until'], t: T): string {
  return [
    since ? t('storyMap.from', { part: since.label }) : '',
    until ? t('storyMap.until', { part: until.label }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function ChangeItem({ change, t, lang }: { change: MapChange; t: T; lang: Lang }) {
  const said = (v: string | undefined) =>
    v !== undefined && change.kind === 'thread' ? t(`storyMap.status.${v as 'open'}`) : v;
  const [from, to] = [said(change.from), said(change.to)];
  return (
    <li>
      <span className="font-medium">{t(`storyMap.kind.${change.kind}`)}</span>
      {change.kind !== 'fact' && (
        <>
          : <span lang={lang}>{change.subject}</span>
        </>
      )}
      {' — '}
      <span lang={lang}>
        {from !== undefined && to !== undefined ? t('storyMap.fromTo', { from, to }) : (to ?? from)}
      </span>
    </li>
  );
}

/** The relations, the findings by part and what the map's part changed, under the table (and the folded lists). */
export function MapNotes({ map, t, onOpenPart }: { map: StoryMap; t: T; onOpenPart: (position: number) => void }) {
  const lang = map.lang;
  const byPart = map.parts
    .map((p) => ({ part: p, findings: map.findings.filter((f) => f.position === p.position) }))
    .filter((g) => g.findings.length);
  const { changes } = map;
  const groups: Array<[string, string, MapChange[]]> = [
    ['new', t('storyMap.new'), changes.new],
    ['changed', t('storyMap.changed'), changes.changed],
    ['gone', t('storyMap.gone'), changes.gone],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t('storyMap.findings')} id="map-findings" className="lg:col-span-2">
        {byPart.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('storyMap.none')}</p>
        ) : (
          <div className="space-y-3">
            {byPart.map(({ part, findings }) => (
              <div key={part.position} id={`findings-${part.position}`} data-testid="map-findings-part" tabIndex={-1}>
                <h3 className="font-semibold">{part.label}</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {findings.map((f, i) => (
                    <li key={f.key ?? i} lang={lang} data-testid="map-finding" data-kind={f.kind}>
                      {f.detail}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="btn-secondary mt-2 text-sm"
                  onClick={() => onOpenPart(part.position)}
                  data-testid="map-go-to-part"
                >
                  {t('storyMap.goTo', { part: part.label })}
                </button>
              </div>
            ))}
          </div>
        )}
      </Section>
      <Section title={t('storyMap.relations')} id="map-relations">
        {map.relations.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('storyMap.none')}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="map-relations">
            {map.relations.map((r, i) => (
              <li key={i}>
                <span lang={lang}>
                  {r.between.join(' – ')}: “{r.text}”
                </span>{' '}
                ({spanLine(r.since, r.until, t)})
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('storyMap.changesAt', { part: changes.at.label })} id="map-changes">
        {changes.before && (
          <p className="mb-1 text-sm text-gray-700 dark:text-gray-300">
            {t('storyMap.sinceBefore', { part: changes.before.label })}
          </p>
        )}
        {groups.every(([, , list]) => list.length === 0) ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('storyMap.none')}</p>
        ) : (
          groups
            .filter(([, , list]) => list.length)
            .map(([key, title, list]) => (
              <div key={key} className="mt-2">
                <h3 className="text-sm font-semibold">{title}</h3>
                <ul className="list-disc space-y-1 pl-5 text-sm" data-testid={`map-changes-${key}`}>
                  {list.map((c, i) => (
                    <ChangeItem key={i} change={c} t={t} lang={lang} />
                  ))}
                </ul>
              </div>
            ))
        )}
      </Section>
    </div>
  );
}
