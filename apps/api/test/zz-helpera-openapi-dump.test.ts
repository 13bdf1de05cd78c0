import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { buildTestApp } from './helper.ts';

it('dumps', async () => {
  const t = await buildTestApp();
  writeFileSync(process.env.DUMP_TO!, JSON.stringify(t.app.swagger(), null, 1));
  writeFileSync(process.env.DUMP_TO! + '.routes', t.app.printRoutes({ commonPrefix: false }));
  await t.close();
});
