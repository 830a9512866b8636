// Relations between two characters, read from the story bible: a character's state that names another
// ("engaged to Daniel") and a fact that names two ("Aisyah and Daniel: rivals since school"), each with the
// parts it was true in (a replaced value from its part until the part that replaced it). A character is named
// by their whole name or by the first word of it that is a name (not a title such as "Captain" or "Encik").
import type { StoryBible } from '../bible/index.js';
import { isNotName } from '../continuity/index.js';
import type { MapPlace } from './place.js';
import type { CharacterLane, MapPart, Relation } from './schema.js';
import { escapeRegExp as escaped } from '../../markup.js';

/** A pattern that finds a character's name in a text (whole words only). */
function namePattern(name: string): RegExp | undefined {
  const word = name.split(/\s+/).find((w) => w.length >= 3 && !isNotName(w));
  const names = [name.trim(), ...(word && word !== name.trim() ? [word] : [])].filter(Boolean);
  return names.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escaped).join('|')})(?![\\p{L}\\p{N}])`, 'u')
    : undefined;
}

interface Said {
  text: string;
  source: Relation['source'];
  /** The character whose state it is (a state names its own character without saying so). */
  owner?: string;
  since: MapPart | null;
  until: MapPart | null;
}

/** Every state and fact the bible holds or held, with when it was true. */
function saidOf(p: MapPlace, bible: StoryBible): Said[] {
  const past = (bible.replaced ?? []).filter((r) => r.since !== r.until);
  return [
    ...bible.characters.map((c): Said => ({
      text: c.state,
      source: 'state',
      owner: c.name,
      since: p.ref(c.since ?? c.lastSeen),
      until: null,
    })),
    ...past
      .filter((r) => r.kind === 'character')
      .map((r): Said => ({
        text: r.value.split('|').map((s) => s.trim())[1] ?? '',
        source: 'state',
        owner: r.subject,
        since: r.since ? p.ref(r.since) : null,
        until: p.ref(r.until),
      })),
    ...bible.facts.map((f): Said => ({
      text: f,
      source: 'fact',
      since: bible.factSince?.[f] ? p.ref(bible.factSince[f]) : null,
      until: null,
    })),
    ...past
      .filter((r) => r.kind === 'fact')
      .map((r): Said => ({
        text: r.value,
        source: 'fact',
        since: r.since ? p.ref(r.since) : null,
        until: p.ref(r.until),
      })),
  ];
}

/** The relations between the map's characters, in the order of the character lanes, oldest first for each pair. */
export function relationsOf(p: MapPlace, bible: StoryBible, characters: readonly CharacterLane[]): Relation[] {
  const patterns = characters.flatMap((c) => {
    const pattern = namePattern(c.name);
    return pattern ? [{ name: c.name, pattern }] : [];
  });
  const relations: Relation[] = [];
  const seen = new Set<string>();
  for (const said of saidOf(p, bible)) {
    if (!said.text.trim()) continue;
    const named = patterns.filter((c) => c.name !== said.owner && c.pattern.test(said.text)).map((c) => c.name);
    const owner =
      said.owner !== undefined
        ? characters.find((c) => c.name.toLowerCase() === said.owner!.toLowerCase())?.name
        : undefined;
    const pairs: Array<[string, string]> = owner
      ? named.map((n) => [owner, n])
      : named.flatMap((a, i) => named.slice(i + 1).map((b): [string, string] => [a, b]));
    for (const between of pairs) {
      const key = `${between.join('\u0000')}\u0000${said.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      relations.push({ between, text: said.text, source: said.source, since: said.since, until: said.until });
    }
  }
  const order = (name: string) => characters.findIndex((c) => c.name === name);
  return relations.sort(
    (a, b) =>
      order(a.between[0]) - order(b.between[0]) ||
      order(a.between[1]) - order(b.between[1]) ||
      (a.since?.position ?? -1) - (b.since?.position ?? -1),
  );
}
