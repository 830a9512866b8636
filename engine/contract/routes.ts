// The route table: every /api route of the areas above, keyed `"METHOD /path"` (the path after /api,
// with Express-style `:params`), with the schemas of its params, query, body and answer (or its
// server-sent events, or a file). The studio's client is typed from it; tests/contract checks the server
// against it. The generation route answers JSON, or its events with Accept: text/event-stream.
import type * as z from 'zod';
import type { CatalogueCode } from '../errors.js';
import * as admin from './admin.js';
import * as books from './books.js';
import * as bookEdits from './book-edits.js';
import * as myBooks from './my-books.js';
import * as bilingual from './bilingual.js';
import * as publish from './publish.js';
import * as auth from './auth.js';
import { HealthResponseSchema, MessageResponseSchema, NumericIdParamsSchema, ReadyResponseSchema, modelWaitEvents } from './common.js';
import * as credits from './credits.js';
import * as generators from './generators.js';
import * as history from './history.js';
import * as manuscripts from './import.js';
import * as me from './me.js';
import * as payments from './payments.js';
import * as apiKeys from './api-keys.js';
import * as drafts from './drafts.js';
import * as series from './series.js';
import * as passage from './passage.js';
import * as editions from './editions.js';
import * as storyMap from './story-map.js';
import * as audiobook from './audiobook.js';

/** What the contract says about one route. */
/**
 * A file route's bound: its bytes at most, the types it takes, and the catalogue's refusal of a larger file (the studio
 * refuses one before it sends it).
 */
export interface UploadLimit {
  readonly maxBytes: number;
  readonly types: readonly string[];
  readonly tooLarge: CatalogueCode;
}

export interface RouteDef {
  readonly params?: z.ZodType;
  /** Request headers the route reads (names in lower case), beyond the cookie and Content-Type. */
  readonly headers?: z.ZodType;
  /** Response headers the route may answer with, beyond Content-Type and Set-Cookie. */
  readonly replyHeaders?: readonly string[];
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer on success (absent for an event stream). */
  readonly response?: z.ZodType;
  /** The success status when it is not 200. */
  readonly status?: 201 | 202;
  /** An event stream: event name → schema of its data. */
  readonly events?: Readonly<Record<string, z.ZodType>>;
  /**
   * A file download: the body is the file, with its Content-Type and `Content-Disposition: attachment;
   * filename="…"` (the export routes: engine/contract/books.ts EXPORT_FILE_TYPES).
   */
  readonly file?: true;
  /**
   * The request's body is a file's bytes as they are (any content type but JSON), at most `maxBytes`:
   * an imported manuscript (engine/contract/import.ts).
   */
  readonly upload?: UploadLimit;
}

export const ROUTES = {
  'GET /health': { response: HealthResponseSchema },
  'GET /ready': { response: ReadyResponseSchema },

  'POST /auth/sign-up/email': { body: auth.SignUpBodySchema, response: auth.SignedInResponseSchema, status: 201 },
  'POST /auth/sign-in/email': { replyHeaders: ['Retry-After'], body: auth.SignInBodySchema, response: auth.SignedInResponseSchema },
  'POST /auth/sign-out': { response: MessageResponseSchema },
  'GET /auth/get-session': { response: auth.GetSessionResponseSchema },
  'POST /auth/request-password-reset': { body: auth.ResetRequestBodySchema, response: MessageResponseSchema },
  'POST /auth/reset-password': { body: auth.ResetPasswordBodySchema, response: MessageResponseSchema },

  'GET /me': { response: me.MeResponseSchema },
  'PATCH /me': { body: me.ProfilePatchBodySchema, response: me.ProfileUpdatedResponseSchema },
  'POST /me/password': { body: me.PasswordChangeBodySchema, response: MessageResponseSchema },
  'PUT /me/lang': { body: me.LangBodySchema, response: me.MeResponseSchema },
  'GET /me/sign-in-notice': { response: me.SignInNoticeSchema },
  'DELETE /me/sign-in-notice': { response: me.SignInNoticeSchema },

  'GET /generators': { response: generators.GeneratorsResponseSchema },
  'GET /generators/:id': { params: generators.GeneratorIdParamsSchema, response: generators.GeneratorFormSchema },

  'POST /generators/:id/generate': { params: generators.GeneratorIdParamsSchema, headers: books.GenerateHeadersSchema, replyHeaders: ['Retry-After', books.IDEMPOTENT_REPLAYED_HEADER], body: books.GenerateBodySchema, response: books.DonePayloadSchema, events: books.GenerationEventSchemas },
  'GET /progress/:bookType': { params: books.BookTypeParamsSchema, response: books.SavedProgressResponseSchema },
  'PUT /progress/:bookType/part': { params: books.BookTypeParamsSchema, body: bookEdits.PartEditBodySchema, response: bookEdits.PartEditResponseSchema },
  'PUT /progress/:bookType/outline': { params: books.BookTypeParamsSchema, body: bookEdits.OutlineEditBodySchema, response: bookEdits.OutlineEditResponseSchema },
  'POST /progress/:bookType/more': { params: books.BookTypeParamsSchema, body: bookEdits.WriteMoreBodySchema, response: bookEdits.WriteMoreResponseSchema, events: bookEdits.WriteMoreEventSchemas },
  'POST /progress/:bookType/rewrite': { params: books.BookTypeParamsSchema, body: bookEdits.RewriteBodySchema, response: bookEdits.RewriteResponseSchema, events: bookEdits.RewriteEventSchemas },
  'POST /progress/:bookType/passage': { params: books.BookTypeParamsSchema, body: passage.PassageBodySchema, response: passage.PassageResponseSchema, events: passage.PassageEventSchemas },
  'POST /progress/:bookType/passage/keep': { params: books.BookTypeParamsSchema, body: passage.PassageKeepBodySchema, response: passage.PassageKeepResponseSchema },
  'GET /progress/:bookType/versions': { params: books.BookTypeParamsSchema, query: bookEdits.VersionsQuerySchema, response: bookEdits.VersionsResponseSchema },
  'POST /progress/:bookType/versions/restore': { params: books.BookTypeParamsSchema, body: bookEdits.RestoreVersionBodySchema, response: bookEdits.RestoreVersionResponseSchema },
  'POST /progress/:bookType/stop': { params: books.BookTypeParamsSchema, body: drafts.StopBodySchema, response: drafts.StopResponseSchema },
  'POST /progress/:bookType/stopped': { params: books.BookTypeParamsSchema, body: drafts.FinishStoppedBodySchema, response: drafts.FinishStoppedResponseSchema, events: modelWaitEvents(drafts.FinishStoppedResponseSchema) },
  'GET /progress/:bookType/drafts': { params: books.BookTypeParamsSchema, response: drafts.PartDraftsResponseSchema },
  'PUT /progress/:bookType/drafts': { params: books.BookTypeParamsSchema, body: drafts.PartDraftBodySchema, response: drafts.PartDraftResponseSchema },
  'DELETE /progress/:bookType/drafts/:position': { params: drafts.PartDraftParamsSchema, response: MessageResponseSchema },
  'PUT /progress/:bookType/characters': { params: books.BookTypeParamsSchema, body: bookEdits.CharacterDetailsBodySchema, response: bookEdits.BibleEditResponseSchema },
  'PUT /progress/:bookType/chapters': { params: books.BookTypeParamsSchema, body: bookEdits.ChapterCountBodySchema, response: bookEdits.BibleEditResponseSchema },
  'PUT /progress/:bookType/bible': { params: books.BookTypeParamsSchema, body: bookEdits.BibleEditBodySchema, response: bookEdits.BibleEditResponseSchema },
  'PUT /progress/:bookType/continuity/intended': { params: books.BookTypeParamsSchema, body: bookEdits.IntendedFindingBodySchema, response: bookEdits.BibleEditResponseSchema },
  'PUT /progress/:bookType/voice': { params: books.BookTypeParamsSchema, body: bookEdits.VoiceBodySchema, response: bookEdits.VoiceResponseSchema },
  'POST /progress/:bookType/bible/update': { params: books.BookTypeParamsSchema, response: bookEdits.BibleUpdateResponseSchema, events: modelWaitEvents(bookEdits.BibleUpdateResponseSchema) },
  'DELETE /progress/:bookType': { params: books.BookTypeParamsSchema, response: MessageResponseSchema },
  'GET /books': { response: myBooks.MyBooksResponseSchema },
  'GET /books/:bookType/export': { params: books.BookTypeParamsSchema, query: books.ExportQuerySchema, file: true },
  'GET /books/:id/export': { params: NumericIdParamsSchema, query: books.ExportQuerySchema, file: true },
  'DELETE /books/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  // The manuscript's bytes are the raw body (any content type), at most 20 MB.
  'POST /books/import/preview': { replyHeaders: ['Retry-After'], upload: manuscripts.MANUSCRIPT_UPLOAD, query: manuscripts.ImportPreviewQuerySchema, response: manuscripts.ImportPreviewSchema, events: modelWaitEvents(manuscripts.ImportPreviewSchema) },
  'POST /books/import': { replyHeaders: ['Retry-After'], upload: manuscripts.MANUSCRIPT_UPLOAD, query: manuscripts.ImportBookQuerySchema, response: manuscripts.ImportBookResponseSchema, events: modelWaitEvents(manuscripts.ImportBookResponseSchema) },
  'POST /books/:id/continue': { params: NumericIdParamsSchema, response: myBooks.ContinueBookResponseSchema },
  'GET /books/:id/editions': { params: NumericIdParamsSchema, response: editions.BookEditionsResponseSchema },
  'POST /books/:id/editions': { params: NumericIdParamsSchema, replyHeaders: ['Retry-After'], body: editions.StartEditionBodySchema, response: editions.EditionDoneSchema, events: editions.EditionEventSchemas },
  'GET /books/:id/editions/:lang/glossary': { params: editions.EditionParamsSchema, response: editions.GlossaryResponseSchema },
  'PUT /books/:id/editions/:lang/glossary': { params: editions.EditionParamsSchema, body: editions.GlossaryBodySchema, response: editions.GlossaryResponseSchema },
  'GET /books/:id/side-by-side': { params: NumericIdParamsSchema, response: editions.SideBySideResponseSchema },
  'GET /books/:id/bilingual': { params: NumericIdParamsSchema, replyHeaders: ['Retry-After'], query: bilingual.BilingualExportQuerySchema, file: true },
  'GET /books/:id/source': { params: NumericIdParamsSchema, response: manuscripts.SourceResponseSchema },
  'PUT /books/:id/source': { params: NumericIdParamsSchema, body: manuscripts.SourceBodySchema, response: manuscripts.SourceResponseSchema },
  'PUT /books/:id/edition-title': { params: NumericIdParamsSchema, body: editions.EditionTitleBodySchema, response: editions.EditionTitleResponseSchema },
  'PUT /books/:id/edition-chapter-title': { params: NumericIdParamsSchema, body: editions.EditionChapterTitleBodySchema, response: editions.EditionChapterTitleResponseSchema },
  // A finished book's audio edition: its cost and state, made as a job (202), a chapter listened to, the whole
  // downloaded.
  'GET /books/:id/audiobook': { params: NumericIdParamsSchema, response: audiobook.AudiobookStatusSchema },
  'POST /books/:id/audiobook': { params: NumericIdParamsSchema, replyHeaders: ['Retry-After'], body: audiobook.MakeAudiobookBodySchema, response: audiobook.AudiobookStatusSchema, status: 202 },
  'GET /books/:id/audiobook/files/:file': { params: audiobook.AudiobookFileParamsSchema, replyHeaders: ['Accept-Ranges', 'Content-Range'], file: true },
  'GET /books/:id/audiobook/download': { params: NumericIdParamsSchema, file: true },
  'GET /books/:id/story-map': { params: NumericIdParamsSchema, query: storyMap.StoryMapQuerySchema, response: storyMap.StoryMapSchema },
  'GET /series': { response: series.SeriesListResponseSchema },
  'POST /series': { body: series.CreateSeriesBodySchema, response: series.SeriesResponseSchema, status: 201, events: modelWaitEvents(series.SeriesResponseSchema) },
  'GET /series/:id': { params: NumericIdParamsSchema, response: series.SeriesResponseSchema },
  'POST /series/:id/next': { params: NumericIdParamsSchema, body: series.NextBookBodySchema, response: series.NextBookResponseSchema, events: modelWaitEvents(series.NextBookResponseSchema) },
  'DELETE /series/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /books/:bookType/publish': { params: books.BookTypeParamsSchema, response: publish.PublishQuoteSchema },
  'POST /books/:bookType/publish': { params: books.BookTypeParamsSchema, body: publish.PublishBodySchema, response: publish.PublishResponseSchema, events: modelWaitEvents(publish.PublishResponseSchema) },
  'GET /books/:bookType/publish/package': { params: books.BookTypeParamsSchema, file: true },
  'PUT /books/:bookType/publish/package': { params: books.BookTypeParamsSchema, body: publish.PackageEditBodySchema, response: publish.PackageEditResponseSchema },
  'GET /books/:bookType/publish/package/:file': { params: publish.PackageFileParamsSchema, file: true },
  // The writer's own cover picture: its bytes are the raw body (a JPEG or PNG), at most 10 MB.
  'PUT /books/:id/cover': { params: NumericIdParamsSchema, upload: publish.COVER_UPLOAD, query: publish.CoverQuerySchema, response: publish.CoverResponseSchema },
  'GET /books/:id/cover': { params: NumericIdParamsSchema, file: true },
  'DELETE /books/:id/cover': { params: NumericIdParamsSchema, response: publish.CoverResponseSchema },

  'GET /history': { query: history.HistoryQuerySchema, response: history.HistoryResponseSchema },
  'GET /history/:id': { params: NumericIdParamsSchema, response: history.HistoryItemSchema },
  'DELETE /history/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },

  'POST /credits/redeem': { replyHeaders: ['Retry-After'], body: credits.RedeemBodySchema, response: credits.CreditsGrantedResponseSchema },
  'POST /credits/claim': { replyHeaders: ['Retry-After'], body: credits.ClaimBodySchema, response: credits.CreditsGrantedResponseSchema },

  'POST /checkout': { body: payments.CheckoutBodySchema, response: payments.CheckoutResponseSchema },
  'GET /checkout/sessions/:sessionId': { params: payments.CheckoutSessionParamsSchema, response: payments.PurchaseStatusSchema },
  // Called by Stripe with its signed event as the raw body (never by the studio).
  'POST /payments/webhook': { response: payments.WebhookResponseSchema },
  'GET /payments/options': { response: payments.PaymentOptionsSchema },

  'GET /api-keys': { response: apiKeys.ApiKeysResponseSchema },
  'POST /api-keys': { body: apiKeys.NewApiKeyBodySchema, response: apiKeys.ApiKeyCreatedSchema, status: 201 },
  'DELETE /api-keys/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },

  'GET /admin/users': { response: admin.AdminUsersResponseSchema },
  'POST /admin/users': { body: admin.NewUserBodySchema, response: admin.UserAddedResponseSchema, status: 201 },
  'GET /admin/users/events': { events: admin.AdminUserEventSchemas },
  'PATCH /admin/users/:id': { params: admin.UserIdParamsSchema, body: admin.UserPatchBodySchema, response: admin.UserUpdatedResponseSchema },
  'DELETE /admin/users/:id': { params: admin.UserIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/credit-links': { response: admin.CreditLinksResponseSchema },
  'POST /admin/credit-links': { body: admin.NewCreditLinkBodySchema, response: admin.CreditLinkCreatedResponseSchema, status: 201 },
  'DELETE /admin/credit-links/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/credit-codes': { response: admin.CreditCodesResponseSchema },
  'POST /admin/credit-codes': { body: admin.NewCreditCodeBodySchema, response: admin.CreditCodeCreatedResponseSchema, status: 201 },
  'DELETE /admin/credit-codes/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/claims': { response: admin.ClaimsResponseSchema },
  'GET /admin/deployments': { response: admin.DeploymentsResponseSchema },
  'POST /admin/deployments/:id/rollback': { params: NumericIdParamsSchema, body: admin.RollbackBodySchema, response: admin.RollbackResponseSchema, status: 201 },
  'GET /admin/ai-config': { response: admin.AIConfigResponseSchema },
  'PUT /admin/ai-config': { body: admin.AIConfigBodySchema, response: admin.AIConfigUpdatedResponseSchema },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;
/** Routes answered with JSON (not an event stream). */
export type JsonRouteKey = { [K in RouteKey]: Routes[K] extends { response: z.ZodType } ? K : never }[RouteKey];
/** Routes answered with a file download. */
export type FileRouteKey = { [K in RouteKey]: Routes[K] extends { file: true } ? K : never }[RouteKey];
/** Routes answered with server-sent events only. */
export type StreamRouteKey = Exclude<RouteKey, JsonRouteKey | FileRouteKey>;

type InputOf<D, Part extends 'params' | 'query' | 'body'> = D extends { [P in Part]: infer S extends z.ZodType } ? z.input<S> : never;

/** What a client sends to a route: `params` and `body` when the route has them, `query` optionally. */
export type RequestOf<K extends RouteKey> = ([InputOf<Routes[K], 'params'>] extends [never] ? unknown : { params: InputOf<Routes[K], 'params'> }) &
  ([InputOf<Routes[K], 'query'>] extends [never] ? unknown : { query?: InputOf<Routes[K], 'query'> }) &
  ([InputOf<Routes[K], 'body'>] extends [never] ? unknown : { body: InputOf<Routes[K], 'body'> });

/** The JSON answer of a route on success. */
export type ResponseOf<K extends JsonRouteKey> = Routes[K] extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** The events of a streaming route: event name → data. */
export type EventsOf<K extends StreamRouteKey> = Routes[K] extends { events: infer E extends Readonly<Record<string, z.ZodType>> } ? { [N in keyof E]: z.output<E[N]> } : never;

