/**
 * Whether a snapshot carries the "Change your Happy Hours time slot" link (design §4.5: for participants).
 * Happy Hours participation is stored by the offers domain (design §4.7), which is built separately; until it
 * is part of this codebase no account is a participant, so the link is never shown. The offers domain
 * replaces this function's body with its participant lookup (docs/email-snapshots.md).
 */
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';

export type HappyHoursLookup = (db: Database, account: AccountRow) => Promise<boolean>;

export const isHappyHoursParticipant: HappyHoursLookup = async () => false;
