import { createServer, type Server } from 'node:http';
import { ports } from './ports.ts';

/** A partner's own website: another origin (a port of its own) than the portal. */
export const partnerSite = `http://localhost:${ports.partnerSite}`;

/**
 * Serves the partner's website: for each path, a page with the body `bodyAt` answers and the page's
 * own style sheet. It listens on every interface, so the same pages are also another origin at
 * 127.0.0.1. Answers the server, for the spec to close.
 */
export async function servePartnerSite(bodyAt: (path: string) => string, style = ''): Promise<Server> {
  const page = (path: string) =>
    `<!doctype html><html lang="en"><head><title>Harbour Lights</title><style>${style}</style></head><body>${bodyAt(path)}</body></html>`;
  const server = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url ?? '/')),
  );
  await new Promise<void>((resolve) => server.listen(ports.partnerSite, resolve));
  return server;
}
