// The dashboard (the Dashboard page) and the relative ages of Recent Updates.
import { studioCatalogue } from './catalogue.js';

export const DASHBOARD = studioCatalogue('studio-dashboard', [
  'dashboard.welcomeBack', 'dashboard.welcomeNew', 'dashboard.intro', 'dashboard.introNew',
  'dashboard.chaptersGenerated', 'dashboard.creditsAvailable', 'dashboard.plan', 'dashboard.types',
  'dashboard.planFree', 'dashboard.planPro', 'dashboard.planBusiness', 'dashboard.planAdmin',
  'dashboard.recentUpdates', 'dashboard.overview', 'dashboard.newFeatures', 'dashboard.improvements',
  'dashboard.notes', 'dashboard.categoryNewFeature', 'dashboard.categoryImprovement',
  'dashboard.categoryAnnouncement', 'dashboard.costPerChapter', 'dashboard.costPerGeneration', 'age.today',
  'age.yesterday', 'age.days', 'age.weeks', 'age.months', 'age.years',
]);
