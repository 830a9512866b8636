// The admin portal (the Admin portal page) and the shared dialog's words.
import { studioCatalogue } from './catalogue.js';

export const ADMIN = studioCatalogue('studio-admin', [
  'admin.title',
  // AI configuration
  'admin.aiTitle', 'admin.aiLoadFailed', 'admin.aiLoading', 'admin.aiUpdateFailed', 'admin.aiUpdated',
  'admin.activeService', 'admin.offlineWriter', 'admin.offlineDemo', 'admin.cloudService', 'admin.noKeyNeeded',
  'admin.keyConfigured', 'admin.contextWindow', 'admin.noKey', 'admin.active', 'admin.inactive', 'admin.useAzure',
  'admin.keysStay',
  // Credit links
  'admin.linksTitle', 'admin.linksLoadFailed', 'admin.invalidAmount', 'admin.linkCreated', 'admin.linkCreateFailed',
  'admin.linkDeleted', 'admin.linkDeleteFailed', 'admin.credits', 'admin.presetCredits', 'admin.custom',
  'admin.customAmount', 'admin.description', 'admin.generateLink', 'admin.linksLoading', 'admin.noLinks',
  'admin.linkCredits', 'admin.claimCount', 'admin.copyLink', 'admin.linkCopied', 'admin.linkCopyFailed',
  'admin.deleteNamed', 'admin.deleteLinkTitle', 'admin.deleteLinkBody', 'admin.delete',
  // Credit codes
  'admin.codesTitle', 'admin.codeFormat', 'admin.capRange', 'admin.expiryFuture', 'admin.codeCreated',
  'admin.codeCreateFailed', 'admin.codeDeactivated', 'admin.codeDeactivateFailed', 'admin.codeLabel',
  'admin.expires', 'admin.maxRedemptions', 'admin.createCode', 'admin.codesLoading', 'admin.noCodes',
  'admin.claimsOf', 'admin.expired', 'admin.expiresOn', 'admin.codeInactive', 'admin.deactivate',
  'admin.deactivateNamed', 'admin.deactivateTitle', 'admin.deactivateBody',
  // Claims
  'admin.claimsTitle', 'admin.claimsLoadFailed', 'admin.claimsTabs', 'admin.codeClaims', 'admin.linkClaims',
  'admin.claimsLoading', 'admin.noClaims', 'admin.colUser', 'admin.colCode', 'admin.colLink', 'admin.colCredits',
  'admin.colClaimed',
  // Deployments
  'admin.deploymentsTitle', 'admin.deploymentsLoadFailed', 'admin.rolledBack', 'admin.rollbackFailed',
  'admin.deploymentsLoading', 'admin.noDeployments', 'admin.statusSuccess', 'admin.running', 'admin.rollBack',
  'admin.rollBackNamed', 'admin.rollBackTitle', 'admin.rollBackBody',
  // Users
  'admin.usersTitle', 'admin.usersLoadFailed', 'admin.usersLoading', 'admin.addUser', 'admin.adding',
  'admin.userAdded', 'admin.userAddFailed', 'admin.email', 'admin.password', 'admin.role', 'admin.roleOf',
  'admin.roleFree', 'admin.rolePro', 'admin.roleBusiness', 'admin.roleAdmin', 'admin.adjustTitle',
  'admin.adjustIntro', 'admin.wholeNumber', 'admin.creditsUpdated', 'admin.creditsUpdateFailed', 'admin.saveCredits',
  'admin.roleUpdated', 'admin.roleUpdateFailed', 'admin.roleChangeTitle', 'admin.roleChangeBody', 'admin.changeRole',
  'admin.userDeleted', 'admin.userDeleteFailed', 'admin.colEmail', 'admin.colRole', 'admin.colUsage',
  'admin.colJoined', 'admin.colActions', 'admin.creditsButton', 'admin.adjustOf', 'admin.deleteUserTitle',
  'admin.deleteUserBody',
]);
