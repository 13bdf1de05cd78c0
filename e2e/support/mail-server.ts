import { createServer } from 'node:http';
import { startMailCatcher } from '../../apps/api/test/mail-catcher.ts';
import { ports } from './ports.ts';

// The portal under test sends its mail here over SMTP; the tests read it back over HTTP.
const catcher = await startMailCatcher(ports.smtp);
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? catcher.mails.filter((m) => m.to === to) : catcher.mails;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(mails));
}).listen(ports.mailbox, '127.0.0.1');
console.log(`mail catcher: smtp ${ports.smtp}, http ${ports.mailbox}`);
