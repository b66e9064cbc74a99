import type { Readable } from 'node:stream';

/** Bytes received but not yet addressable by a key (the upload's tenancy is not checked yet). */
export interface StagedUpload {
  stagingId: string;
  size: number;
}

export interface StoredDocumentInfo {
  size: number;
  contentType: string;
  name: string;
}

export interface StoredDocumentContent {
  stream: Readable;
  size: number;
}

/**
 * Where document bytes live. Keys are `<meetingId>/<objectId>` (see document-files.ts);
 * an adapter may rely on that shape and must refuse anything else.
 */
export abstract class DocumentStorage {
  /** Streams content into a staging area; the staged bytes are committed or discarded later. */
  abstract stage(content: Readable): Promise<StagedUpload>;

  /** Makes staged bytes the object at key, with the metadata needed to serve them. */
  abstract commit(
    stagingId: string,
    key: string,
    info: { contentType: string; name: string },
  ): Promise<void>;

  /** Removes staged bytes; a no-op when they are gone. */
  abstract discard(stagingId: string): Promise<void>;

  /** The object at key, or null when there is none. */
  abstract stat(key: string): Promise<StoredDocumentInfo | null>;

  /** A stream of the object's bytes, or null when there is none. */
  abstract open(key: string): Promise<StoredDocumentContent | null>;

  /** Removes the object; a no-op when it is gone. */
  abstract delete(key: string): Promise<void>;
}
