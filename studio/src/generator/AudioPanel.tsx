// The Audio edition panel of a finished book: the synthetic voice disclosed, what making the edition costs before
// anything is spent (the server's figures), a button that asks to confirm, the run's progress while the server
// makes it (it answers at once and the panel asks how it stands), then a player for each file made and the whole
// edition to download. The server checks and charges; this panel only shows what it says. Words in `lang`.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Headphones, Download } from 'lucide-react';
import { durationIn, type AudiobookStatus, type Lang } from '../engine.js';
import { ApiError, call, fileHref } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { topUpHref } from '../lib/topup.js';
import { formatNumber } from '../i18n/index.js';
import { Spinner } from '../components/Spinner.js';
import { panelWord } from './panelWords.js';
import { useAudiobookStatus } from './useAudiobook.js';

export function AudioPanel({ bookId, lang }: { bookId: number; lang: Lang }) {
  const { user, isAdmin, refresh } = useAuth();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  const { status, setStatus, hasLoadFailed, isRunning } = useAudiobookStatus(bookId, refresh);

  const make = async () => {
    setIsConfirming(false);
    setFailure(null);
    try {
      setStatus(
        await call('POST /books/:id/audiobook', {
          params: { id: bookId },
          body: status?.edition ? { again: true } : {},
        }),
      );
      void refresh();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    }
  };

  const credits = user?.credits_available ?? 0;
  return (
    <section className="card mt-6 p-5" aria-labelledby={headingId} data-testid="audio-panel">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Headphones className="h-4 w-4" aria-hidden="true" />
        {panelWord('audioTitle', lang)}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{panelWord('audioIntro', lang)}</p>
      {hasLoadFailed ? (
        <p role="alert" className="error-box mt-3">
          {panelWord('audioLoadFailed', lang)}
        </p>
      ) : !status ? (
        <Spinner label={panelWord('audioLoading', lang)} />
      ) : (
        <>
          <p className="mt-2 text-sm" data-testid="audio-disclosure">
            {status.voice.kind === 'demo'
              ? panelWord('audioVoiceDemo', lang)
              : panelWord('audioVoiceServer', lang, { voice: status.voice.name })}
          </p>
          <p className="mt-2 text-sm font-medium" data-testid="audio-cost">
            {panelWord('audioCost', lang, {
              n: status.cost.credits,
              characters: formatNumber(status.cost.characters, lang),
              per: formatNumber(status.cost.characters_per_credit, lang),
            })}
          </p>
          <RunState status={status} lang={lang} />
          {failure && (
            <p role="alert" className="error-box mt-3">
              {failure}
            </p>
          )}
          {!isRunning && (!status.edition || !status.edition.is_current || isConfirming) && (
            <MakeButton
              status={status}
              lang={lang}
              shortOf={!isAdmin && credits < status.cost.credits ? credits : null}
              isConfirming={isConfirming}
              onAsk={() => setIsConfirming(true)}
              onCancel={() => setIsConfirming(false)}
              onMake={() => void make()}
            />
          )}
          {status.edition && <Edition bookId={bookId} edition={status.edition} lang={lang} />}
        </>
      )}
    </section>
  );
}

/** The run under way (waiting for a turn, its files made of all) or the one that failed, with why. */
function RunState({ status, lang }: { status: AudiobookStatus; lang: Lang }) {
  const job = status.job;
  if (!job) return null;
  if (job.state === 'failed')
    return (
      <p role="alert" className="error-box mt-3" data-testid="audio-failed">
        {panelWord('audioFailed', lang, { message: job.error?.message ?? '' })}
      </p>
    );
  return (
    <div className="mt-3" role="status" data-testid="audio-progress">
      <p className="text-sm">
        {job.state === 'waiting'
          ? panelWord('audioWaiting', lang)
          : panelWord('audioProgress', lang, { done: job.files_done, total: job.files_total })}
      </p>
      <progress
        className="mt-1 w-full"
        max={job.files_total}
        value={job.files_done}
        aria-label={panelWord('audioProgressLabel', lang)}
      />
    </div>
  );
}

/** "Make the audio edition", then its confirmation naming the cost; a writer short of credits is sent to Top Up. */
function MakeButton(props: {
  status: AudiobookStatus;
  lang: Lang;
  shortOf: number | null;
  isConfirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onMake: () => void;
}) {
  const { status, lang, shortOf } = props;
  if (shortOf !== null)
    return (
      <p className="mt-3 text-sm">
        {panelWord('audioShort', lang, { have: shortOf })}{' '}
        <Link className="font-medium text-brand-700 underline dark:text-brand-400" to={topUpHref()}>
          {panelWord('topUpToContinue', lang)}
        </Link>
      </p>
    );
  if (!props.isConfirming) {
    return (
      <button type="button" className="btn-primary mt-3" onClick={props.onAsk} data-testid="audio-make">
        {panelWord(status.edition ? 'audioMakeAgain' : 'audioMake', lang)}
      </button>
    );
  }
  return (
    <div
      className="mt-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      role="group"
      aria-label={panelWord('audioMake', lang)}
    >
      <p className="text-sm">{panelWord('audioConfirm', lang, { n: status.cost.credits })}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-primary" onClick={props.onMake} data-testid="audio-confirm" autoFocus>
          {panelWord('audioConfirmYes', lang)}
        </button>
        <button type="button" className="btn-secondary" onClick={props.onCancel}>
          {panelWord('cancel', lang)}
        </button>
      </div>
    </div>
  );
}

/** The edition made: how long and what it cost, a player for each file, the download. */
function Edition({
  bookId,
  edition,
  lang,
}: {
  bookId: number;
  edition: NonNullable<AudiobookStatus['edition']>;
  lang: Lang;
}) {
  return (
    <div className="mt-4" data-testid="audio-edition">
      <p className="text-sm">
        {panelWord('audioMade', lang, { time: durationIn(edition.seconds, lang), credits: edition.credits_charged })}
      </p>
      {!edition.is_current && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">{panelWord('audioStale', lang)}</p>
      )}
      <h3 className="mt-3 text-sm font-semibold">{panelWord('audioChapters', lang)}</h3>
      <ul className="mt-2 space-y-3">
        {edition.files.map((f) => (
          <li key={f.file}>
            <p className="text-sm" aria-hidden="true">
              {f.title}
            </p>
            <audio
              controls
              preload="metadata"
              className="mt-1 w-full"
              src={fileHref('GET /books/:id/audiobook/files/:file', { params: { id: bookId, file: f.file } })}
              aria-label={panelWord('audioListen', lang, { title: f.title })}
              data-testid="audio-player"
            />
          </li>
        ))}
      </ul>
      <a
        className="btn-secondary mt-4 inline-flex items-center gap-2"
        href={fileHref('GET /books/:id/audiobook/download', { params: { id: bookId } })}
        download
        data-testid="audio-download"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        {panelWord('audioDownload', lang)}
      </a>
    </div>
  );
}
