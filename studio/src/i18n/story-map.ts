// The story map page (pages/StoryMap.tsx): who and what, part by part, in the studio's language; the book's own
// words (its names, states, threads and part labels) stay in the book's language.
import { studioCatalogue } from './catalogue.js';

export const STORY_MAP = studioCatalogue('studio-story-map', [
  'storyMap.link', 'storyMap.linkLabel', 'storyMap.title', 'storyMap.back', 'storyMap.intro', 'storyMap.loading',
  'storyMap.loadFailed', 'storyMap.asOf', 'storyMap.wholeBook', 'storyMap.caption', 'storyMap.tableRegion',
  'storyMap.lane', 'storyMap.characters', 'storyMap.threads', 'storyMap.facts', 'storyMap.relations',
  'storyMap.findings', 'storyMap.findingsIn', 'storyMap.goTo', 'storyMap.none', 'storyMap.span', 'storyMap.goneFrom',
  'storyMap.openedIn', 'storyMap.dueIn', 'storyMap.overdue', 'storyMap.from', 'storyMap.until', 'storyMap.changesAt',
  'storyMap.sinceBefore', 'storyMap.new', 'storyMap.changed', 'storyMap.gone', 'storyMap.fromTo',
  'storyMap.status.open', 'storyMap.status.advanced', 'storyMap.status.resolved', 'storyMap.status.dropped',
  'storyMap.kind.character', 'storyMap.kind.thread', 'storyMap.kind.fact', 'storyMap.legend', 'storyMap.mark.on',
  'storyMap.mark.first', 'storyMap.mark.change', 'storyMap.mark.gone', 'storyMap.mark.goneOn',
  'storyMap.mark.opened', 'storyMap.mark.due', 'storyMap.mark.overdue', 'storyMap.mark.advanced',
  'storyMap.mark.resolved', 'storyMap.mark.dropped', 'storyMap.mark.set', 'storyMap.mark.ended',
  'storyMap.mark.finding',
]);
