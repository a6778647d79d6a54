/**
 * Files only the portal's user can read (docs/access.md, "Files on the server"). DATA_DIR holds every public id
 * (the links are the credentials), email address, NMI and read, and the link-signing key: its folders are
 * 0700 and its files 0600, whatever the umask, and an older DATA_DIR made readable by all is tightened when the
 * server or a command starts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The group's and others' permission bits. */
const SHARED_BITS = 0o077;

/**
 * Files and folders this process creates from now on are its user's alone, even those created without a mode
 * (by a library). Called first by the server (main.ts) and the CLI (bin/portal.mjs), never by a library.
 */
export function restrictNewFiles(): void {
  process.umask(SHARED_BITS);
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Takes the group's and others' bits off one entry (not through a symbolic link). */
function tighten(entry: string, stats: fs.Stats): void {
  if ((stats.mode & SHARED_BITS) !== 0) fs.chmodSync(entry, stats.mode & 0o7700);
}

/**
 * The folder, if it exists, and everything in it: no bit for the group or others (folders 0700, files 0600).
 * Symbolic links are neither changed nor followed: what they point to is not the portal's to change. The
 * folder is tightened before its contents, so that no one else can swap an entry meanwhile. An entry removed
 * meanwhile (by the process that owns it) is passed over.
 */
export function tightenTree(dir: string): void {
  try {
    // The folder itself may be a link (DATA_DIR=./data pointing at a volume): that one is followed.
    const stats = fs.statSync(dir);
    tighten(dir, stats);
    if (!stats.isDirectory()) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) tightenTree(child);
      else if (!entry.isSymbolicLink()) tighten(child, fs.lstatSync(child));
    }
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/** Creates the folder (and its missing parents) 0700, or takes an existing one's group and other bits off. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, fs.statSync(dir));
}

/**
 * Writes the file whole, 0600, replacing any file of that name: first under a random name created exclusively
 * (O_EXCL, which never follows a link planted there), then renamed, so a reader never sees half of it.
 */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(8).toString('hex')}.partial`,
  );
  const handle = await fs.promises.open(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
