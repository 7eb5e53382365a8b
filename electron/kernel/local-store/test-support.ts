/** Shared by the local store's tests: a temp folder and the collections they write. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defineCollection } from './collection';

export const tempStoreDir = () => mkdtemp(path.join(tmpdir(), 'packbench-store-'));

export const marks = defineCollection(
  'marks',
  z.object({ id: z.number().int(), note: z.string() }),
  (m) => String(m.id),
);

/** The crash test's records: each transaction writes one `a` and one `b` with the same n. */
export const pairs = defineCollection(
  'pairs',
  z.object({ side: z.enum(['a', 'b']), n: z.number().int(), pad: z.string() }),
  (p) => `${p.side}${p.n}`,
);
