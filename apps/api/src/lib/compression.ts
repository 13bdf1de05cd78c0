/**
 * Answers smaller than this go out uncompressed: they fit the first flight of a new TCP connection's
 * window (ten segments) either way, so compressing them saves the reader no round trip.
 */
export const compressFrom = 8 * 1024;

/** Levels that cost little CPU for most of the saving: brotli's quality and gzip's level. */
export const brotliQuality = 4;
export const gzipLevel = 4;
