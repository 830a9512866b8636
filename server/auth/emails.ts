// The e-mails Karya sends to an account, in the account's language (users.lang: the studio language it
// chose, kept from sign-up and changed with PUT /api/me/lang). Malaysian Malay: e-mel, kata laluan, pautan.
// Other languages' words: languages/<code>/server-emails.yaml.
import { catalogue, sayer, type Lang } from '../../engine/index.js';
import type { MailMessage } from '../core/mail.js';

const MAILS = catalogue('server-emails', ['resetSubject', 'resetText']);

const mailWord = sayer(MAILS);

/** The password-reset e-mail: a single-use link that works for one hour. */
export function resetPasswordMail(input: { to: string; link: string; lang: Lang }): MailMessage {
  const { to, link, lang } = input;
  return { to, subject: mailWord('resetSubject', lang), text: mailWord('resetText', lang, { link }) };
}
