// The YAML format of a book's publish block (`karya publish`): the parts of a KDP package in order, the book's
// text and data its publishing steps may use, and each part's generator and settings. Part of format.ts's format.
import * as z from 'zod';
import { LAYOUT_NAMES, type LayoutName } from '../print.js';
import { Scalar } from './format-fields.js';

/** The parts of a KDP package (`karya publish`), written in this order by the publishing generators. */
export const PUBLISH_PARTS = ['title', 'author', 'description', 'keywords', 'copyright', 'cover'] as const;
/** What a book passes to its publishing steps as {{context}} and {{bookContext}}. */
export const PUBLISH_CONTEXT_PARTS = ['outline', 'introduction', 'characterDetails'] as const;
/** The book's data a publishing setting may use in {{…}}; `settings` and `labels` take a field name of the book. */
export const PUBLISH_VARIABLES = [
  'title',
  'subtitle',
  'author',
  'lang',
  'bookName',
  'context',
  'mainCharacter',
  'publicDomain',
  'settings',
  'labels',
] as const;

export const PublishPartDef = z
  .object({
    generator: z
      .string()
      .optional()
      .describe('the publishing generator that writes this part, e.g. book-title, amazon-pdp, kids-book-cover'),
    settings: z
      .record(z.string(), z.union([Scalar, z.array(z.string())]))
      .optional()
      .describe(
        "that generator's settings; text may use the book's {{title}}, {{subtitle}}, {{author}}, {{lang}}, " +
          '{{bookName}}, ' +
          '{{context}}, {{mainCharacter}}, {{publicDomain}} (yes for a public-domain text), {{settings.<field>}} and ' +
          '{{labels.<field>}} (with {{#if}}); a value that renders empty is left out',
      ),
    withContext: z
      .boolean()
      .optional()
      .describe("pass the book's text to the prompt as {{bookContext}} (default false)"),
  })
  .strict();

export const PublishDef = z
  .object({
    context: z
      .object({
        parts: z
          .array(z.enum(PUBLISH_CONTEXT_PARTS))
          .min(1)
          .optional()
          .describe('which parts of the book, in this order'),
        maxWords: z.number().int().positive().optional().describe('cut the text to this many words'),
      })
      .strict()
      .optional()
      .describe("the book's text given to the publishing steps ({{context}} in settings, {{bookContext}} in prompts)"),
    categories: z
      .array(z.string().min(1))
      .min(1)
      .max(3)
      .optional()
      .describe('suggested KDP categories (up to 3), e.g. "Fiction / Romance / Contemporary"'),
    layout: z
      .enum(LAYOUT_NAMES as [LayoutName, ...LayoutName[]])
      .optional()
      .describe(
        "how the paperback's pages are set: book (default: a novel's 6 x 9 in, 10.5 pt) or children (a " +
          "children's chapter book: 5.5 x 8.5 in, 14 pt ragged right, room for a picture over each chapter's opening)",
      ),
    title: PublishPartDef.optional().describe(
      'title and subtitle options (book-title); the first that KDP accepts is used',
    ),
    author: PublishPartDef.optional().describe('a pen name (author-name) when --author is not given'),
    description: PublishPartDef.optional().describe(
      'the Amazon description (amazon-pdp), kept to the HTML KDP accepts',
    ),
    keywords: PublishPartDef.optional().describe('search keywords (amazon-keywords), up to 7 of at most 50 characters'),
    copyright: PublishPartDef.optional().describe('the copyright page (copyright), placed before the book'),
    cover: PublishPartDef.optional().describe(
      'the front cover (book-cover, kids-book-cover), at its image.publishSize',
    ),
  })
  .strict()
  .describe(
    'how `karya publish` makes a KDP package of this book: the publishing generator and settings of each ' +
      'part; merged key by key over _shared.yaml publish.default and publish.<family>',
  );
export type AuthoredPublish = z.infer<typeof PublishDef>;
