// The signed-out pages: sign in, forgot password, sign up, reset password, and the public landings
// (success, redeem, claim).
import { studioCatalogue } from './catalogue.js';

export const AUTH = studioCatalogue('studio-auth', [
  'auth.email', 'auth.password', 'auth.confirmPassword', 'auth.rememberMe', 'auth.forgotPassword', 'auth.signIn',
  'auth.signingIn', 'auth.signInTitle', 'auth.signInSubtitle', 'auth.noAccount', 'auth.signUpLink', 'auth.trouble',
  'auth.contactAdmin', 'auth.forgotTitle', 'auth.resetYourPassword', 'auth.resetIntro', 'auth.sendReset',
  'auth.sending', 'auth.backToSignIn', 'auth.resetSent', 'auth.invalidEmail', 'auth.resetFailed',
  'auth.emailRequired', 'auth.invalidCredentials', 'auth.signedIn', 'auth.signInFailed', 'auth.signUpTitle',
  'auth.signUpSubtitle', 'auth.signUp', 'auth.creatingAccount', 'auth.haveAccount', 'auth.signInLink',
  'auth.passwordHint', 'auth.passwordTooShort', 'auth.passwordsDontMatch', 'auth.invalidPlan', 'auth.planBanner',
  'auth.accountCreated', 'auth.signUpFailed', 'auth.resetTitle', 'auth.resetSubtitle', 'auth.newPassword',
  'auth.confirmNewPassword', 'auth.resetPassword', 'auth.updating', 'auth.invalidResetLink', 'auth.passwordMin6',
  'auth.passwordUpdated', 'auth.passwordUpdateFailed',
  // Public landings
  'landing.thankYou', 'landing.paymentReceived', 'landing.goToDashboard', 'landing.backToDashboard',
  'landing.signInToRedeem', 'landing.signInToRedeemCode', 'landing.signInToRedeemAny', 'landing.redeeming',
  'landing.redeemTitle', 'landing.purchaseTitle', 'landing.purchaseBody', 'landing.signInRequired',
  'landing.signInToClaim', 'landing.claiming', 'landing.congratulations', 'landing.received', 'landing.toProfile',
  'credits.claimed', 'credits.invalidLink', 'credits.linkAlreadyClaimed', 'credits.claimFailed', 'credits.redeemed',
  'credits.invalidCode', 'credits.codeAlreadyRedeemed', 'credits.redeemFailed', 'credits.redeemTitle',
  'credits.codeLabel', 'credits.codePlaceholder', 'credits.redeem', 'credits.redeemingButton',
  // Shared pieces
  'common.loading', 'common.checkingSession', 'common.close', 'common.cancel', 'common.somethingWrong',
  'common.unexpected', 'common.reload',
]);
