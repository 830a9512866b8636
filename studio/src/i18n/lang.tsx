// The studio language: the signed-in account's choice (users.lang, changed with PUT /api/me/lang), or
// before sign-in the choice kept in this browser (sent with sign-up), or the browser's preference.
// `<html lang>` follows it, and API calls send it so the server answers errors in it.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { LANGS, type Lang } from '../engine.js';
import { setRequestLang } from '../lib/api.js';
import { browserLang } from '../lib/lang.js';
import { keepChoice, storedChoice } from '../lib/stored.js';
import type { MessageKey } from './messages.js';
import { translate, type Vars } from './translate.js';

export const LANG_KEY = 'karya.lang';

/** The language kept in this browser, or null. */
export function storedLang(): Lang | null {
  return storedChoice(LANG_KEY, LANGS);
}

/** The language a page shows before anything is known: this browser's choice, else its preference. */
export function initialLang(): Lang {
  return storedLang() ?? browserLang();
}

interface LangValue {
  lang: Lang;
  /** Switch the studio language: kept in the browser, and saved to the account when signed in. */
  setLang(lang: Lang): Promise<void>;
}

const LangContext = createContext<LangValue>({ lang: 'en', setLang: async () => undefined });

export function LangProvider({
  accountLang,
  saveAccountLang,
  children,
}: {
  /** The signed-in account's language, or null when signed out. */
  accountLang: Lang | null;
  /** Save a language to the account (rejects when the server refused). */
  saveAccountLang(lang: Lang): Promise<void>;
  children: ReactNode;
}) {
  const [localLang, setLocalLang] = useState<Lang>(initialLang);
  const lang = accountLang ?? localLang;

  // The account's choice is also this browser's from now on (the sign-in page after sign-out keeps it).
  useEffect(() => {
    if (accountLang) setLocalLang(accountLang);
  }, [accountLang]);

  // Before any page's own effects run (layout effects come first): a page that asks the server again when the
  // language changes (Top Up's offer) sends the new language, once the account's has landed, never the old one.
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
    setRequestLang(lang);
    keepChoice(LANG_KEY, lang);
  }, [lang]);

  const setLang = useCallback(
    async (next: Lang) => {
      setLocalLang(next);
      keepChoice(LANG_KEY, next);
      if (accountLang !== null && accountLang !== next) await saveAccountLang(next);
    },
    [accountLang, saveAccountLang],
  );

  const value = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

/** The studio language and its switch. */
export function useLang(): LangValue {
  return useContext(LangContext);
}

/** `t(key, vars)` in the studio language, and the language itself. */
export function useT(): { t: (key: MessageKey, vars?: Vars) => string; lang: Lang } {
  const { lang } = useLang();
  const t = useCallback((key: MessageKey, vars?: Vars) => translate(key, lang, vars), [lang]);
  return { t, lang };
}
