// The e-mails Karya sends to an account, in the account's language (users.lang: the studio language it
// chose, kept from sign-up and changed with PUT /api/me/lang). Malaysian Malay: e-mel, kata laluan, pautan.
// Other languages' words: languages/<code>/server-emails.yaml.
import { catalogue, sayer, type Lang } from '../../engine/index.js';
import type { MailMessage } from '../core/mail.js';

const MAILS = catalogue('server-emails', {
  resetSubject: { en: 'Reset your Karya password', ms: 'Tetapkan semula kata laluan Karya anda' },
  resetText: {
    en:
      'Someone asked to reset the password of your Karya account.\n\n' +
      'Open this link within one hour to choose a new password (it works once):\n{link}\n\n' +
      'If it was not you, ignore this e-mail; your password stays as it is.\n',
    ms:
      'Seseorang telah meminta untuk menetapkan semula kata laluan akaun Karya anda.\n\n' +
      'Buka pautan ini dalam tempoh satu jam untuk memilih kata laluan baharu (pautan ini hanya boleh digunakan sekali):\n{link}\n\n' +
      'Jika bukan anda yang membuat permintaan ini, abaikan e-mel ini; kata laluan anda kekal seperti sedia ada.\n',
  },
});

const mailWord = sayer(MAILS);

/** The password-reset e-mail: a single-use link that works for one hour. */
export function resetPasswordMail(input: { to: string; link: string; lang: Lang }): MailMessage {
  const { to, link, lang } = input;
  return { to, subject: mailWord('resetSubject', lang), text: mailWord('resetText', lang, { link }) };
}
