/** Unguessable public ids for real accounts (docs/access.md): 128 random bits, URL-safe. */
import { randomBytes } from 'node:crypto';

export const generatePublicId = (): string => randomBytes(16).toString('base64url');
