import { randomUUID } from 'node:crypto';
import {
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUuid } from '../common/ids';
import { parseDocumentKey } from './document-files';
import {
  DocumentStorage,
  type StagedUpload,
  type StoredDocumentContent,
  type StoredDocumentInfo,
} from './document-storage';

const STAGING = '.staging';

/**
 * Documents as files under one directory: `<root>/<meetingId>/<objectId>` with a JSON sidecar
 * `<objectId>.json`. Uploads stream into `<root>/.staging` (same file system, so committing is
 * an atomic rename). Paths are built only from validated UUIDs.
 */
export class DirectoryDocumentStorage extends DocumentStorage {
  constructor(private readonly root: string) {
    super();
  }

  async stage(content: Readable): Promise<StagedUpload> {
    const stagingId = randomUUID();
    const path = this.stagingPath(stagingId);
    await mkdir(join(this.root, STAGING), { recursive: true });
    // Opened before streaming, so a failed upload always has a file to remove.
    const handle = await open(path, 'wx', 0o600);
    try {
      await pipeline(content, handle.createWriteStream());
      return { stagingId, size: (await stat(path)).size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
  }

  async commit(
    stagingId: string,
    key: string,
    info: { contentType: string; name: string },
  ): Promise<void> {
    const paths = this.objectPaths(key);
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.meta, JSON.stringify(info), { mode: 0o600 });
    await rename(this.stagingPath(stagingId), paths.bytes);
  }

  async discard(stagingId: string): Promise<void> {
    await rm(this.stagingPath(stagingId), { force: true });
  }

  async stat(key: string): Promise<StoredDocumentInfo | null> {
    const paths = this.objectPathsOrNull(key);
    if (!paths) return null;
    try {
      const [bytes, meta] = await Promise.all([
        stat(paths.bytes),
        readFile(paths.meta, 'utf8'),
      ]);
      const info = JSON.parse(meta) as {
        contentType?: unknown;
        name?: unknown;
      };
      return {
        size: bytes.size,
        contentType:
          typeof info.contentType === 'string'
            ? info.contentType
            : 'application/octet-stream',
        name: typeof info.name === 'string' ? info.name : 'document',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<StoredDocumentContent | null> {
    const paths = this.objectPathsOrNull(key);
    if (!paths) return null;
    let handle;
    try {
      handle = await open(paths.bytes, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const paths = this.objectPathsOrNull(key);
    if (!paths) return;
    await rm(paths.bytes, { force: true });
    await rm(paths.meta, { force: true });
  }

  private stagingPath(stagingId: string): string {
    if (!isUuid(stagingId)) throw new Error('invalid staging id');
    return join(this.root, STAGING, stagingId);
  }

  private objectPaths(key: string) {
    const paths = this.objectPathsOrNull(key);
    if (!paths) throw new Error('invalid document key');
    return paths;
  }

  private objectPathsOrNull(key: string) {
    const parts = parseDocumentKey(key);
    if (!parts) return null;
    const dir = join(this.root, parts.meetingId);
    return {
      dir,
      bytes: join(dir, parts.objectId),
      meta: join(dir, `${parts.objectId}.json`),
    };
  }
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'ENOENT';
}
