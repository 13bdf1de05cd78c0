import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A partner's own website (another origin than the portal): its server, for the spec to close, and its origin. */
export type PartnerSite = { server: Server; origin: string };

/**
 * Serves the partner's website: for each path, a page with the body `bodyAt` answers and the page's
 * own style sheet. It listens on every interface, so the same pages are also another origin at
 * 127.0.0.1, on a port the system picks, so that specs running side by side each have their own.
 */
export async function servePartnerSite(bodyAt: (path: string) => string, style = ''): Promise<PartnerSite> {
  const page = (path: string) =>
    `<!doctype html><html lang="en"><head><title>Harbour Lights</title><style>${style}</style></head><body>${bodyAt(path)}</body></html>`;
  const server = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url ?? '/')),
  );
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}
