import { emailSchema, passwordSchema } from '@pricehunt/contracts';
import { loadConfig } from '../config';
import { databaseLabel, openStorage } from '@pricehunt/storage';
import { createSignInGuard } from '../modules/auth/sign-in-guard';
import { createBusinessAccountsService } from '../modules/business-auth/service';
import { createOutboxMailer } from '@pricehunt/notifications';
import { newPasswordProblem } from '../lib/password-policy';
import type { Logger } from '../lib/logger';

/**
 * `npm run admin:create -- --email <email>`: creates an admin business, or promotes an existing business and
 * sets its password. The password comes from ADMIN_PASSWORD or, when absent, from a hidden prompt.
 */
export interface CreateAdminIo {
  argv: string[];
  env: Record<string, string | undefined>;
  prompt: (question: string) => Promise<string>;
  out: (line: string) => void;
}

export async function runCreateAdmin(io: CreateAdminIo): Promise<number> {
  const index = io.argv.indexOf('--email');
  const inline = io.argv.find((arg) => arg.startsWith('--email='));
  const rawEmail = inline ? inline.slice('--email='.length) : index >= 0 ? io.argv[index + 1] : undefined;
  const email = emailSchema.safeParse(rawEmail ?? '');
  if (!email.success) {
    io.out(`email: ${email.error.issues[0]?.message ?? 'Enter a valid email address'} (usage: npm run admin:create -- --email <email>)`);
    return 2;
  }
  const rawPassword = io.env.ADMIN_PASSWORD ?? (await io.prompt(`Password for ${email.data}: `));
  const password = passwordSchema.safeParse(rawPassword);
  const problem = password.success ? newPasswordProblem(password.data, email.data) : (password.error.issues[0]?.message ?? 'Invalid password');
  if (!password.success || problem) {
    io.out(`password: ${problem}`);
    return 2;
  }
  const config = loadConfig(io.env);
  const { storage, close } = await openStorage(config.database);
  try {
    const log: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    const service = createBusinessAccountsService({
      repo: storage.businessAccounts,
      confirmations: storage.emailConfirmations,
      log,
      config,
      mailer: createOutboxMailer({ outbox: storage.outbox, log, printToLog: false }),
      // Nobody signs in here: the limits are off.
      signInGuard: createSignInGuard({ repo: storage.signInGuard, enabled: false, freeFailures: 5, freeFailuresPerAddress: 20, accountFreeFailures: 5, accountMaxPerHour: 15, deviceMaxPerHour: 10, maxWaitSeconds: 900 }),
    });
    const { business, created } = await service.createOrPromoteAdmin(email.data, password.data);
    io.out(`${created ? 'Created' : 'Promoted'} admin ${business.email} (${business.id}) in ${databaseLabel(config.database)}`);
    return 0;
  } finally {
    await close();
  }
}

/** Reads a line from the terminal without echoing it. */
function hiddenPrompt(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    if (!stdin.isTTY) {
      let data = '';
      stdin.setEncoding('utf8');
      stdin.on('data', (chunk) => (data += chunk));
      stdin.on('end', () => resolve(data.split(/\r?\n/)[0] ?? ''));
      stdin.on('error', reject);
      return;
    }
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (char: string) => {
      if (char === '\r' || char === '\n' || char === '\u0004') {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        stdout.write('\n');
        resolve(value);
      } else if (char === '\u0003') {
        stdin.setRawMode(false);
        reject(new Error('cancelled'));
      } else if (char === '\u007f') {
        value = value.slice(0, -1);
      } else {
        value += char;
      }
    };
    stdin.on('data', onData);
  });
}

if (require.main === module) {
  runCreateAdmin({ argv: process.argv.slice(2), env: process.env, prompt: hiddenPrompt, out: (line) => console.log(line) })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
