// The words of the Publish panel of a finished book, in every language of the table (a package for KDP, Google Play Books, Kobo
// and a KDP paperback: PublishPanel.tsx and PackageReport.tsx). Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PUBLISH_WORDS = studioCatalogue('studio-publish', [
  'publishTitle', 'publishIntro', 'publishAuthor', 'publishAuthorHint', 'publishOwnTitle', 'publishOwnTitleHint',
  'ownEndingNote', 'moreChaptersLabel', 'moreChaptersButton', 'moreChaptersDone', 'publishTrim', 'publishPaper',
  'paperWhite', 'paperCream', 'publishCost', 'publishShort', 'publishButton', 'publishAgain', 'publishing',
  'publishLoading', 'publishToday', 'publishAiText', 'publishAiTextHint', 'aiTextDerived', 'aiTextDerivedPlain',
  'aiTextNone', 'aiTextSome', 'aiTextMost', 'aiTextEntirely', 'packagePublishOn', 'publishLoadFailed',
  'publishFailed', 'publishDone', 'readinessTitle', 'readinessReady', 'readinessNotReady', 'readinessNone',
  'channelReady', 'channelNotReady', 'checkPass', 'checkFail', 'checkWarn', 'checkSkipped', 'checkCheck', 'checkFix',
  'checkSource', 'sourceKarya', 'checksToAct', 'checksPassed', 'packageCover', 'packageDescription',
  'packageKeywords', 'packageFiles', 'downloadPackage',
]);
