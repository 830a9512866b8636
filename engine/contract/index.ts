// The typed HTTP contract between the server and the studio: zod schemas of every /api request, answer,
// server-sent event and error, grouped by area, with their inferred types, and the route table.
// Pure zod: it imports in the browser, in Node and in tests.
export {
  ApiErrorBodySchema, type ApiErrorEnvelope, ApiErrorEnvelopeSchema, ASSIGNABLE_ROLES, type AssignableRole,
  AssignableRoleSchema, DisplayNameSchema, HealthResponseSchema, LangSchema, MessageResponseSchema,
  NumericIdParamsSchema, PartHashSchema, type Profile, ProfileSchema, ReadyResponseSchema, type Role, ROLES,
  RoleSchema, type RunSoFar, RunSoFarSchema, runSoFar, TimestampSchema, WriterTextSchema, type ModelWaitingEvent, ModelWaitingEventSchema,
} from './common.js';
export { failsWith, VALIDATION_CODES } from './messages.js';
export {
  EmailSchema, GetSessionResponseSchema, MAX_PASSWORD, MIN_PASSWORD, NewPasswordSchema, ResetPasswordBodySchema,
  ResetRequestBodySchema, type SessionInfo, SessionInfoSchema, SIGN_UP_PLANS, SignedInResponseSchema,
  SignInBodySchema, SignUpBodySchema,
} from './auth.js';
export {
  LangBodySchema, MeResponseSchema, PasswordChangeBodySchema, ProfilePatchBodySchema, ProfileUpdatedResponseSchema,
  type SignInNotice, SignInNoticeSchema,
} from './me.js';
export {
  ClaimBodySchema, type CreditsGrantedResponse, CreditsGrantedResponseSchema, RedeemBodySchema,
} from './credits.js';
export {
  CheckoutBodySchema, CheckoutResponseSchema, CheckoutSessionParamsSchema, isPurchasePackage, type PaymentOptions,
  PaymentOptionsSchema, PURCHASE_CURRENCY, PURCHASE_PACKAGE_IDS, PURCHASE_PACKAGES, type PurchasePackageId,
  PurchaseStatusSchema, TOPUP_CREDITS, type TopUpCredits, WebhookResponseSchema,
} from './payments.js';
export { type TopUpOffer, type TopUpOfferPackage, topUpOffer } from './topup.js';
export { ROLE_CREDITS } from './roles.js';
export {
  API_ROLES, type ApiKey, type ApiKeyCreated, ApiKeyCreatedSchema, ApiKeySchema, ApiKeysResponseSchema,
  MAX_API_KEY_NAME, MAX_API_KEYS, NewApiKeyBodySchema,
} from './api-keys.js';
export {
  type HistoryItem, HistoryItemSchema, type HistoryListItem, HistoryListItemSchema, HistoryQuerySchema,
  type HistoryResponse, HistoryResponseSchema, type HistoryType, HistoryTypeSchema,
} from './history.js';
export {
  ImportBookQuerySchema, ImportBookResponseSchema, ImportedPartPreviewSchema, type ImportPreview,
  ImportPreviewQuerySchema, ImportPreviewSchema, MANUSCRIPT_UPLOAD,
} from './import.js';
export {
  FinishStoppedBodySchema, FinishStoppedResponseSchema, PartDraftBodySchema, PartDraftParamsSchema,
  PartDraftResponseSchema, PartDraftSchema, PartDraftsResponseSchema, StopBodySchema, StoppedPartSchema,
  StopResponseSchema,
} from './drafts.js';
export {
  CreateSeriesBodySchema, NextBookBodySchema, type NextBookResponse, NextBookResponseSchema, SeriesBookSchema,
  type SeriesDetail, SeriesDetailSchema, SeriesListResponseSchema, SeriesNameSchema, SeriesResponseSchema,
  SeriesSummarySchema,
} from './series.js';
export {
  PassageBodySchema, PassageEventSchemas, PassageKeepBodySchema, PassageKeepResponseSchema, type PassageResponse,
  PassageResponseSchema,
} from './passage.js';
export { AUDIO_FILE_TYPES, AudiobookStatusSchema, MakeAudiobookBodySchema, AudiobookFileParamsSchema, AudiobookCostSchema, AudiobookFileSchema, AudiobookJobSchema, type AudiobookStatus } from './audiobook.js';
export {
  type BookEditionsResponse, type EditionOffer, type EditionDone, EditionEventSchemas, type EditionPartEvent, type EditionProgressEvent, type EditionWaitingEvent,
  type EditionSummary, type GlossaryResponse, MAX_GLOSSARY_TERM_CHARS, type SideBySideResponse,
} from './editions.js';
export {
  AdminUserEventSchemas, AdminUsersResponseSchema, AIConfigBodySchema, type AIConfigResponse, AIConfigResponseSchema,
  AIConfigUpdatedResponseSchema, AIProviderConfigSchema, type ClaimsResponse, ClaimsResponseSchema, CodeClaimSchema,
  CreatedCreditLinkSchema, type CreditCode, type CreditCodeCreatedResponse, CreditCodeCreatedResponseSchema,
  CreditCodeSchema, CreditCodesResponseSchema, type CreditLink, type CreditLinkCreatedResponse,
  CreditLinkCreatedResponseSchema, CreditLinkSchema, CreditLinksResponseSchema, type Deployment, DeploymentSchema,
  type DeploymentsResponse, DeploymentsResponseSchema, LinkClaimSchema, NewCreditCodeBodySchema,
  NewCreditLinkBodySchema, NewUserBodySchema, RollbackBodySchema, RollbackResponseSchema, UserAddedResponseSchema,
  UserChangeEventSchema, UserIdParamsSchema, UserPatchBodySchema, UsersEventSchema, UserUpdatedResponseSchema,
} from './admin.js';
export { StoryMapQuerySchema, StoryMapSchema, type StoryMap } from './story-map.js';
export {
  type GeneratorForm, GeneratorFormSchema, GeneratorIdParamsSchema, type GeneratorsResponse, GeneratorsResponseSchema,
  type GeneratorSummary, GeneratorSummarySchema,
} from './generators.js';
export {
  type EventsOf, type FileRouteKey, type JsonRouteKey, type RequestOf, type ResponseOf, type RouteDef, type RouteKey, type UploadLimit,
  type Routes, ROUTES, type StreamRouteKey,
} from './routes.js';
// The book routes: POST /generators/:id/generate with its delta/done/error events, /progress/:bookType.
export {
  AnswerNotesSchema, BookTypeParamsSchema, type BookView, BookViewSchema, DeltaEventSchema, type DonePayload,
  DonePayloadSchema, EXPORT_FILE_TYPES, EXPORT_FORMATS, exportFileName, type ExportFormat, ExportQuerySchema,
  type GenerateBody, GenerateBodySchema, GenerateHeadersSchema, GenerationEventSchemas, IDEMPOTENT_REPLAYED_HEADER,
  LabelledStepSchema, NoSavedProgressSchema, ProgressSchema, type SavedProgress, savedProgressOf,
  SavedProgressResponseSchema, SavedProgressSchema, StreamErrorEventSchema,
} from './books.js';
export {
  BibleEditBodySchema, BibleEditResponseSchema, BibleUpdateResponseSchema, CharacterDetailsBodySchema,
  IntendedFindingBodySchema, MAX_VOICE_SAMPLE_CHARS, OutlineEditBodySchema, OutlineEditResponseSchema,
  PartEditBodySchema, PartEditResponseSchema, PartVersionSchema, type PartVersionView, RestoreVersionBodySchema,
  RestoreVersionResponseSchema, RewriteBodySchema, RewriteResponseSchema, VersionsQuerySchema,
  VersionsResponseSchema, type VoiceBody, VoiceBodySchema, VoiceResponseSchema, WriteMoreBodySchema,
  WriteMoreResponseSchema,
} from './book-edits.js';
export { ContinueBookResponseSchema, type MyBook, MyBookSchema, MyBooksResponseSchema } from './my-books.js';
// The publishing routes: a KDP package's quote, its making, its readiness and files.
export {
  ChannelReadinessSchema, type KdpPackage, KdpPackageSchema, PACKAGE_EDIT_LIMITS, type PackageEditBody, PackageEditBodySchema, PACKAGE_FILE_CONTENT_TYPES, PACKAGE_FILE_TYPE,
  packageFileName, PackageFileParamsSchema, PAPERBACK_PAPERS, PAPERBACK_TRIMS, PUBLISH_AI_TEXT_LEVELS,
  PUBLISH_CHANNELS, PUBLISH_FACT_FIELDS, PublishBodySchema, PublishFactsSchema, type PublishQuote, PublishQuoteSchema,
  type PublishResponse, PublishResponseSchema, type PublishStepInfo, PublishStepSchema, ReadinessCheckSchema,
  ReadinessTextSchema, type BookCover, BookCoverSchema, COVER_UPLOAD, CoverQuerySchema, CoverResponseSchema,
} from './publish.js';
