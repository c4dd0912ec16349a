import type { Db } from '../../db/database';
import { readSetting, writeSetting } from './settings.repository';

/** Settings the owner changes; only these names are ever read or written here (app_settings also holds secrets). */
const REQUIRE_TWO_FACTOR = 'require_two_factor';

/** Whether the owner requires two-factor sign-in of every admin account. */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  return (await readSetting(db, REQUIRE_TWO_FACTOR)) === '1';
}

export async function setTwoFactorRequired(db: Db, required: boolean): Promise<void> {
  await writeSetting(db, REQUIRE_TWO_FACTOR, required ? '1' : '0');
}
