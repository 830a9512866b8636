// The profile (the Profile page) and change password. The history section has its own
// table (history.ts); "My books" uses the generator pages' words (generator/words.ts).
import { studioCatalogue } from './catalogue.js';

export const PROFILE = studioCatalogue('studio-profile', [
  'profile.title',
  'profile.section',
  'profile.email',
  'profile.displayName',
  'profile.bio',
  'profile.changePassword',
  'profile.save',
  'profile.saving',
  'profile.updated',
  'profile.updateFailed',
  'profile.signInSlowed',
  'profile.signInSlowedDismiss',
  'password.title',
  'password.current',
  'password.new',
  'password.confirm',
  'password.keepKeys',
  'password.update',
  'password.updating',
  'password.enterCurrent',
  'password.mismatch',
  'password.tooShort',
  'password.updated',
  'password.failed',
]);
