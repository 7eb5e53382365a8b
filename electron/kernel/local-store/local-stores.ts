/**
 * One local store per connection, opened on first use and kept open: each connection's pack
 * log, marks and batches are its own, so switching accounts never mixes them. A removed
 * connection's folder is left in place (it is the record of what was packed and printed).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { BridgeFailure } from '../failure';
import { LocalStoreError } from './collection';
import { type LocalStore, openLocalStore } from './local-store';

export class LocalStores {
  private readonly opened = new Map<string, Promise<LocalStore>>();

  constructor(
    /** `<configDir>/local`. */
    readonly rootDir: string,
    private readonly log?: (line: string) => void,
  ) {}

  forConnection(connectionId: string): Promise<LocalStore> {
    const known = this.opened.get(connectionId);
    if (known) return known;
    const opening = openLocalStore({
      dir: path.join(this.rootDir, connectionFolderName(connectionId)),
      onProblem: (message) => this.log?.(`local store: ${message}`),
    }).catch((error: unknown) => {
      // Its sentence (another console has it open, a newer Packbench wrote it) is for the
      // person, so it crosses the bridge as it is rather than as an internal error.
      if (error instanceof LocalStoreError) throw new BridgeFailure('file_error', error.message);
      throw error;
    });
    this.opened.set(connectionId, opening);
    // A folder that could not be opened (permissions, disk) is tried again next time.
    opening.catch(() => this.opened.delete(connectionId));
    return opening;
  }

  async closeAll(): Promise<void> {
    const stores = [...this.opened.values()];
    this.opened.clear();
    await Promise.all(stores.map((s) => s.then((store) => store.close()).catch(() => {})));
  }
}

/** A folder name for any connection id: the id itself when safe, else a readable part + hash. */
export function connectionFolderName(connectionId: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(connectionId)) return connectionId;
  const readable = connectionId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40);
  const hash = createHash('sha256').update(connectionId).digest('hex').slice(0, 12);
  return `${readable}-${hash}`;
}
