// The route table's routes of saved books (routes.ts joins the tables): the writer's books, their exports, an
// imported manuscript, editions, the audio edition, the story map, series, publishing and the cover.
import * as audiobook from './audiobook.js';
import * as bilingual from './bilingual.js';
import * as books from './books.js';
import { MessageResponseSchema, NumericIdParamsSchema, modelWaitEvents } from './common.js';
import * as editions from './editions.js';
import * as manuscripts from './import.js';
import * as myBooks from './my-books.js';
import * as cover from './cover.js';
import * as packageFiles from './package-files.js';
import * as publish from './publish.js';
import type { RouteDef } from './route-def.js';
import * as series from './series.js';
import * as storyMap from './story-map.js';

export const BOOK_ROUTES = {
  'GET /books': { response: myBooks.MyBooksResponseSchema },
  'GET /books/:bookType/export': { params: books.BookTypeParamsSchema, query: books.ExportQuerySchema, file: true },
  'GET /books/:id/export': { params: NumericIdParamsSchema, query: books.ExportQuerySchema, file: true },
  'DELETE /books/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  // The manuscript's bytes are the raw body (any content type), at most 20 MB.
  'POST /books/import/preview': {
    replyHeaders: ['Retry-After'],
    upload: manuscripts.MANUSCRIPT_UPLOAD,
    query: manuscripts.ImportPreviewQuerySchema,
    response: manuscripts.ImportPreviewSchema,
    events: modelWaitEvents(manuscripts.ImportPreviewSchema),
  },
  'POST /books/import': {
    replyHeaders: ['Retry-After'],
    upload: manuscripts.MANUSCRIPT_UPLOAD,
    query: manuscripts.ImportBookQuerySchema,
    response: manuscripts.ImportBookResponseSchema,
    events: modelWaitEvents(manuscripts.ImportBookResponseSchema),
  },
  'POST /books/:id/continue': { params: NumericIdParamsSchema, response: myBooks.ContinueBookResponseSchema },
  'GET /books/:id/editions': { params: NumericIdParamsSchema, response: editions.BookEditionsResponseSchema },
  'POST /books/:id/editions': {
    params: NumericIdParamsSchema,
    replyHeaders: ['Retry-After'],
    body: editions.StartEditionBodySchema,
    response: editions.EditionDoneSchema,
    events: editions.EditionEventSchemas,
  },
  'GET /books/:id/editions/:lang/glossary': {
    params: editions.EditionParamsSchema,
    response: editions.GlossaryResponseSchema,
  },
  'PUT /books/:id/editions/:lang/glossary': {
    params: editions.EditionParamsSchema,
    body: editions.GlossaryBodySchema,
    response: editions.GlossaryResponseSchema,
  },
  'GET /books/:id/side-by-side': { params: NumericIdParamsSchema, response: editions.SideBySideResponseSchema },
  'GET /books/:id/bilingual': {
    params: NumericIdParamsSchema,
    replyHeaders: ['Retry-After'],
    query: bilingual.BilingualExportQuerySchema,
    file: true,
  },
  'GET /books/:id/source': { params: NumericIdParamsSchema, response: manuscripts.SourceResponseSchema },
  'PUT /books/:id/source': {
    params: NumericIdParamsSchema,
    body: manuscripts.SourceBodySchema,
    response: manuscripts.SourceResponseSchema,
  },
  'PUT /books/:id/edition-title': {
    params: NumericIdParamsSchema,
    body: editions.EditionTitleBodySchema,
    response: editions.EditionTitleResponseSchema,
  },
  'PUT /books/:id/edition-chapter-title': {
    params: NumericIdParamsSchema,
    body: editions.EditionChapterTitleBodySchema,
    response: editions.EditionChapterTitleResponseSchema,
  },
  // A finished book's audio edition: its cost and state, made as a job (202), a chapter listened to, the whole
  // downloaded.
  'GET /books/:id/audiobook': { params: NumericIdParamsSchema, response: audiobook.AudiobookStatusSchema },
  'POST /books/:id/audiobook': {
    params: NumericIdParamsSchema,
    replyHeaders: ['Retry-After'],
    body: audiobook.MakeAudiobookBodySchema,
    response: audiobook.AudiobookStatusSchema,
    status: 202,
  },
  'GET /books/:id/audiobook/files/:file': {
    params: audiobook.AudiobookFileParamsSchema,
    replyHeaders: ['Accept-Ranges', 'Content-Range'],
    file: true,
  },
  'GET /books/:id/audiobook/download': { params: NumericIdParamsSchema, file: true },
  'GET /books/:id/story-map': {
    params: NumericIdParamsSchema,
    query: storyMap.StoryMapQuerySchema,
    response: storyMap.StoryMapSchema,
  },
  'GET /series': { response: series.SeriesListResponseSchema },
  'POST /series': {
    body: series.CreateSeriesBodySchema,
    response: series.SeriesResponseSchema,
    status: 201,
    events: modelWaitEvents(series.SeriesResponseSchema),
  },
  'GET /series/:id': { params: NumericIdParamsSchema, response: series.SeriesResponseSchema },
  'POST /series/:id/next': {
    params: NumericIdParamsSchema,
    body: series.NextBookBodySchema,
    response: series.NextBookResponseSchema,
    events: modelWaitEvents(series.NextBookResponseSchema),
  },
  'DELETE /series/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /books/:bookType/publish': { params: books.BookTypeParamsSchema, response: publish.PublishQuoteSchema },
  'POST /books/:bookType/publish': {
    params: books.BookTypeParamsSchema,
    body: publish.PublishBodySchema,
    response: publish.PublishResponseSchema,
    events: modelWaitEvents(publish.PublishResponseSchema),
  },
  'GET /books/:bookType/publish/package': { params: books.BookTypeParamsSchema, file: true },
  'PUT /books/:bookType/publish/package': {
    params: books.BookTypeParamsSchema,
    body: packageFiles.PackageEditBodySchema,
    response: packageFiles.PackageEditResponseSchema,
  },
  'GET /books/:bookType/publish/package/:file': { params: packageFiles.PackageFileParamsSchema, file: true },
  // The writer's own cover picture: its bytes are the raw body (a JPEG or PNG), at most 10 MB.
  'PUT /books/:id/cover': {
    params: NumericIdParamsSchema,
    upload: cover.COVER_UPLOAD,
    query: cover.CoverQuerySchema,
    response: cover.CoverResponseSchema,
  },
  'GET /books/:id/cover': { params: NumericIdParamsSchema, file: true },
  'DELETE /books/:id/cover': { params: NumericIdParamsSchema, response: cover.CoverResponseSchema },
} as const satisfies Record<string, RouteDef>;
