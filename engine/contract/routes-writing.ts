// The route table's writing routes (routes.ts joins the tables): the generators, a generation and everything done
// to a book in progress (its parts, outline, passages, versions, drafts, bible and voice).
import * as books from './books.js';
import * as bookEdits from './book-edits.js';
import { MessageResponseSchema, modelWaitEvents } from './common.js';
import * as drafts from './drafts.js';
import * as generators from './generators.js';
import * as passage from './passage.js';
import type { RouteDef } from './route-def.js';

export const WRITING_ROUTES = {
  'GET /generators': { response: generators.GeneratorsResponseSchema },
  'GET /generators/:id': { params: generators.GeneratorIdParamsSchema, response: generators.GeneratorFormSchema },

  'POST /generators/:id/generate': {
    params: generators.GeneratorIdParamsSchema,
    headers: books.GenerateHeadersSchema,
    replyHeaders: ['Retry-After', books.IDEMPOTENT_REPLAYED_HEADER],
    body: books.GenerateBodySchema,
    response: books.DonePayloadSchema,
    events: books.GenerationEventSchemas,
  },
  'GET /progress/:bookType': { params: books.BookTypeParamsSchema, response: books.SavedProgressResponseSchema },
  'PUT /progress/:bookType/part': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.PartEditBodySchema,
    response: bookEdits.PartEditResponseSchema,
  },
  'PUT /progress/:bookType/outline': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.OutlineEditBodySchema,
    response: bookEdits.OutlineEditResponseSchema,
  },
  'POST /progress/:bookType/more': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.WriteMoreBodySchema,
    response: bookEdits.WriteMoreResponseSchema,
    events: bookEdits.WriteMoreEventSchemas,
  },
  'POST /progress/:bookType/rewrite': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.RewriteBodySchema,
    response: bookEdits.RewriteResponseSchema,
    events: bookEdits.RewriteEventSchemas,
  },
  'POST /progress/:bookType/passage': {
    params: books.BookTypeParamsSchema,
    body: passage.PassageBodySchema,
    response: passage.PassageResponseSchema,
    events: passage.PassageEventSchemas,
  },
  'POST /progress/:bookType/passage/keep': {
    params: books.BookTypeParamsSchema,
    body: passage.PassageKeepBodySchema,
    response: passage.PassageKeepResponseSchema,
  },
  'GET /progress/:bookType/versions': {
    params: books.BookTypeParamsSchema,
    query: bookEdits.VersionsQuerySchema,
    response: bookEdits.VersionsResponseSchema,
  },
  'POST /progress/:bookType/versions/restore': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.RestoreVersionBodySchema,
    response: bookEdits.RestoreVersionResponseSchema,
  },
  'POST /progress/:bookType/stop': {
    params: books.BookTypeParamsSchema,
    body: drafts.StopBodySchema,
    response: drafts.StopResponseSchema,
  },
  'POST /progress/:bookType/stopped': {
    params: books.BookTypeParamsSchema,
    body: drafts.FinishStoppedBodySchema,
    response: drafts.FinishStoppedResponseSchema,
    events: modelWaitEvents(drafts.FinishStoppedResponseSchema),
  },
  'GET /progress/:bookType/drafts': { params: books.BookTypeParamsSchema, response: drafts.PartDraftsResponseSchema },
  'PUT /progress/:bookType/drafts': {
    params: books.BookTypeParamsSchema,
    body: drafts.PartDraftBodySchema,
    response: drafts.PartDraftResponseSchema,
  },
  'DELETE /progress/:bookType/drafts/:position': {
    params: drafts.PartDraftParamsSchema,
    response: MessageResponseSchema,
  },
  'PUT /progress/:bookType/characters': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.CharacterDetailsBodySchema,
    response: bookEdits.BibleEditResponseSchema,
  },
  'PUT /progress/:bookType/chapters': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.ChapterCountBodySchema,
    response: bookEdits.BibleEditResponseSchema,
  },
  'PUT /progress/:bookType/bible': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.BibleEditBodySchema,
    response: bookEdits.BibleEditResponseSchema,
  },
  'PUT /progress/:bookType/continuity/intended': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.IntendedFindingBodySchema,
    response: bookEdits.BibleEditResponseSchema,
  },
  'PUT /progress/:bookType/voice': {
    params: books.BookTypeParamsSchema,
    body: bookEdits.VoiceBodySchema,
    response: bookEdits.VoiceResponseSchema,
  },
  'POST /progress/:bookType/bible/update': {
    params: books.BookTypeParamsSchema,
    response: bookEdits.BibleUpdateResponseSchema,
    events: modelWaitEvents(bookEdits.BibleUpdateResponseSchema),
  },
  'DELETE /progress/:bookType': { params: books.BookTypeParamsSchema, response: MessageResponseSchema },
} as const satisfies Record<string, RouteDef>;
