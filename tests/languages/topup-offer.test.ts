// Each language's top-up offer is data (languages/<code>/topup.yaml: engine/contract/topup.ts), checked when the
// table is read, so a server never starts with an offer it cannot honour: a currency Intl does not know, a package
// the payment links do not have (150, 300, 600), a price that is not a positive number, a price format without its
// amount, an offer without its payment methods are each refused naming the language, the file and the key. The
// repository's offers: English and Malay the platform requirements' (§9: 150 credits RM45, 300 RM75, 600 RM97 best
// value; FPX or bank transfer), Indonesian the same ringgit charge paid by card and said plainly; an operator's own
// rupiah offer (currency IDR, prices of their own) is read as it is written.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLanguages, LanguageWordsError, setLanguageSource, type LanguageSource } from '../../engine/index.js';
import { yamlData } from '../../engine/yaml.js';
import { topUpOffer } from '../../engine/contract/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { fourthLanguage } from './fourth-language.js';

const readWith = (dir: string) => setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));

/**
 * The fixture's table, read from its folder once for the refusals: reading it parses the folder's ~160 YAML files
 * (0.2 s of CPU alone, 0.7–2.3 s at a CI run's load), and any edit of one file is a new key of the parsed-table cache.
 */
let fixture: { dir: string; sources: LanguageSource[] } | undefined;

/** The table with the fixture's topup.yaml edited: the edited text parsed as the folder's reading parses it. */
function refusal(edit: (yaml: string) => string): LanguageWordsError {
  fixture ??= ((dir) => ({ dir, sources: readLanguages([...languageFolders({}), dir], {}) }))(fourthLanguage());
  const { data, errors } = yamlData(edit(readFileSync(path.join(fixture.dir, 'xx/topup.yaml'), 'utf8')));
  expect(errors).toEqual([]);
  const xx = path.join(fixture.dir, 'xx.yaml');
  const sources = fixture.sources.map((src) =>
    path.resolve(src.file) === xx ? { ...src, words: { ...src.words, topup: data as Record<string, unknown> } } : src,
  );
  setLanguageSource(() => sources);
  try {
    ensureLanguages();
  } catch (e) {
    expect(e).toBeInstanceOf(LanguageWordsError);
    expect((e as Error).message).toContain('languages/xx/topup.yaml');
    return e as LanguageWordsError;
  }
  throw new Error('the offer was read');
}

afterAll(() => setLanguageSource(() => readLanguages()));

describe('the top-up offer of each language', () => {
  it(
    "English and Malay offer the requirements' ringgit packages by FPX " +
      'or bank transfer; Indonesian the same charge by card, said plainly',
    () => {
      setLanguageSource(() => readLanguages());
      const ringgit = [
        { credits: 150, price: 45, isBestValue: false },
        { credits: 300, price: 75, isBestValue: false },
        { credits: 600, price: 97, isBestValue: true },
      ];
      for (const lang of ['en', 'ms']) {
        expect(topUpOffer(lang)).toMatchObject({ currency: 'MYR', priceFormat: 'RM{amount}', packages: ringgit });
        expect(topUpOffer(lang).paymentMethods).toMatch(/^FPX /);
      }
      expect(topUpOffer('id')).toMatchObject({
        currency: 'MYR',
        packages: ringgit,
        paymentMethods: 'Kartu debit atau kredit',
      });
      expect(topUpOffer('id').priceFormat).toBeUndefined();
      expect(topUpOffer('id').chargeNote).toContain('ringgit Malaysia (MYR)');
    },
  );

  // One case a test: seven in one test passed its 30 s under two runs at once, when each refusal read the fixture's
  // folder again (0.7–2 s each at a CI run's load).
  it.each([
    ['a currency Intl does not know', (y: string) => y.replace(/^currency: .*$/m, 'currency: RMX'), 'currency'],
    ['a package the links do not have', (y: string) => y.replace('credits: 300', 'credits: 200'), 'packages.1.credits'],
    ['a package twice', (y: string) => y.replace('credits: 300', 'credits: 150'), 'packages.1.credits'],
    ['a price below zero', (y: string) => y.replace('price: 75', 'price: -75'), 'packages.1.price'],
    ['a price that is text', (y: string) => y.replace('price: 75', 'price: "75"'), 'packages.1.price'],
    ['a price format without its amount', (y: string) => `${y}\npriceFormat: "Rp"\n`, 'priceFormat'],
    ['no payment methods', (y: string) => y.replace(/^paymentMethods: .*$/m, ''), 'paymentMethods'],
  ] as const)('refuses an offer it could not honour, naming the key: %s', (_, edit, key) => {
    expect(refusal(edit).params).toEqual({ language: 'xx', catalogue: 'topup', key });
  });

  it("reads an operator's own rupiah offer as written", () => {
    const dir = fourthLanguage();
    const file = path.join(dir, 'xx/topup.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^currency: .*$/m, 'currency: IDR')
        .replace('price: 45', 'price: 150000')
        .replace('price: 75', 'price: 250000')
        .replace('price: 97', 'price: 320000'),
    );
    readWith(dir);
    ensureLanguages();
    expect(topUpOffer('xx')).toMatchObject({
      currency: 'IDR',
      packages: [
        { credits: 150, price: 150000 },
        { credits: 300, price: 250000 },
        { credits: 600, price: 320000 },
      ],
    });
  });
});
