export type StoredFile = { data: Buffer; contentType: string };

/** Where uploaded files live; the rest of the code sees only this. */
export interface Storage {
  /** Stores the bytes and answers the URL at which they are served. */
  put(data: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file stored for a change that was then refused, by the URL put answered. */
  remove(url: string): Promise<void>;
  /**
   * Moves the files an earlier version kept under DATA_DIR/files into this storage (each file, once
   * stored, goes to DATA_DIR/files-imported); answers how many it took in.
   */
  importOldFiles(): Promise<number>;
}

/** What a backend does: keep bytes under a key the port chose and checked. */
export interface FileStore {
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
