// The words of a kept package's editor (PackageEdit.tsx: its keywords, description and categories edited and checked
// again, free) and of a failed publish kept on the page (PublishPanel.tsx), every language's in
// languages/<code>/studio-package-edit.yaml.
// Part of the panels' words (panelWords.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PACKAGE_EDIT_WORDS = studioCatalogue('studio-package-edit', [
  'packageEditTitle',
  'packageEditKeywords',
  'packageEditKeywordsHint',
  'packageEditDescription',
  'packageEditDescriptionHint',
  'packageEditCategories',
  'packageEditCategoriesHint',
  'packageEditBackCover',
  'packageEditSave',
  'packageEditSaving',
  'packageEditFree',
  'packageEditSaved',
  'packageEditFailed',
  'packageEditKeywordsButton',
  'packageEditDescriptionButton',
  'packageEditCategoriesButton',
  'publishFailureTitle',
  'publishFailureNext',
  'publishFailureNextCredits',
  'publishFailureNextRunning',
  'publishFailureNextOffline',
  'publishFailureDismiss',
]);
