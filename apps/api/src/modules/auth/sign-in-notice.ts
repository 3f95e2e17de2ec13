import type { MailMessage } from '@pricehunt/notifications';
import type { NewDevicesPaused } from './sign-in-guard';

/** Where each audience chooses a new password (the pages the reset mails link to). */
export interface ResetPages {
  business: string;
  shopper: string;
}

/**
 * The owner's notice that sign-ins to the account from new devices are paused: sent once per pause, when the hour's
 * guesses from unknown devices are spent. It says what still works (a browser that signed in before) and what to do
 * if the attempts were not the owner's.
 */
export function newDevicesPausedEmail(event: NewDevicesPaused, resetPages: ResetPages): MailMessage {
  const until = new Date(event.until).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const kind = event.audience === 'business' ? 'business account' : 'account';
  return {
    to: event.email,
    subject: 'Sign-ins to your PriceHunt account from new devices are paused',
    text: [
      `Someone tried to sign in to your PriceHunt ${kind} with a wrong password ${event.failures} times within the last hour, from devices that have not signed in to it before.`,
      '',
      `To protect the account, sign-ins from new devices are paused until ${until}.`,
      'A browser you have signed in with before still signs in as usual.',
      '',
      'If these attempts were yours, wait until then or use that browser. If they were not, your password was not',
      'accepted, but someone may be guessing it: choose a new one that you use nowhere else (this also ends the pause):',
      resetPages[event.audience],
    ].join('\n'),
  };
}
