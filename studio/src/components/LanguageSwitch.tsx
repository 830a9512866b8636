// The studio language switch, one option per language of the table, each named in its own words: in the
// shell's sidebar and on the signed-out pages. Signed in, the choice is saved to the account; signed out, it is
// kept in this browser.
import { useId } from 'react';
import { Languages } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { isLang, langs, languageTable } from '../engine.js';
import { translate, useT, useLang } from '../i18n/index.js';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useT();
  const { lang, setLang } = useLang();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <Languages className="h-4 w-4 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('shell.language')}
      </label>
      <select
        id={id}
        data-testid="language-switch"
        className="input h-8 min-w-0 flex-1 py-0 text-sm"
        value={lang}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLang(next)) return;
          setLang(next).catch(() => toast.error(translate('shell.langSaveFailed', next)));
        }}
      >
        {langs().map((code) => (
          <option key={code} value={code} lang={code}>
            {languageTable(code).autonym}
          </option>
        ))}
      </select>
    </div>
  );
}
