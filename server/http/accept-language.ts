// The language a caller asks for by Accept-Language: the first tag whose primary subtag is a language of the
// table (`ms-MY,ms;q=0.9` → ms, `id-ID` → id), else the table's first language (English).
import { isLang, langs, type Lang } from '../../engine/index.js';

export function acceptedLang(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const primary = part.trim().split(/[-;]/)[0]?.toLowerCase();
    if (isLang(primary)) return primary;
  }
  return langs()[0]!;
}
