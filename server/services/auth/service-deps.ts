import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { PasswordWork } from './password-work';

/** What the account services share: they hash passwords and mail links into the app. */
export type AccountMailDeps = {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  now: () => Date;
  passwordWork?: PasswordWork;
};
