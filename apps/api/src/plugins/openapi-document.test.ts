import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/suite.ts';
import { documentPath } from './openapi.ts';

const execFileAsync = promisify(execFile);

describe('API conventions', () => {
  const t = suiteApp();

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.paths['/login/partner'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'partner_id',
    );
  });

  it('documents every route: its operation id, a summary, who may call it, and its errors in the envelope', () => {
    const { paths } = t.app.swagger() as unknown as OpenapiDocument;
    const problems: string[] = [];
    const operationIds = new Set<string>();
    const visible = t.app.routeTable.filter((route) => !route.schema?.hide);
    for (const route of visible) {
      const name = `${route.method} ${route.url}`;
      const operation = paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      if (!/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? '')) problems.push(`${name}: operation id`);
      if (operationIds.has(operation.operationId!)) problems.push(`${name}: operation id used twice`);
      operationIds.add(operation.operationId!);
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      const security = route.access === 'public' ? [] : [{ bearer: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(security)) problems.push(`${name}: security`);
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      const expected = ['422', '500', ...(route.access === 'public' ? [] : ['401', '403'])];
      for (const status of expected.filter((s) => !errors.includes(s))) problems.push(`${name}: no ${status}`);
      for (const status of errors) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorEnvelope') problems.push(`${name}: ${status} not the envelope`);
      }
    }
    expect(visible.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  it('documents the content types the routes really send', () => {
    const { paths } = t.app.swagger() as unknown as OpenapiDocument;
    const csv = paths['/analytics/slot_quantity/{partnerId}']!.get!.responses['200']!;
    expect(Object.keys(csv.content ?? {})).toEqual(['text/csv']);
    // Whatever is neither JSON nor text (a PDF, an image) is documented as bytes.
    const binary = Object.values(paths)
      .flatMap((item) => Object.values(item ?? {}))
      .flatMap((operation) => Object.values(operation.responses))
      .flatMap((response) => Object.entries(response.content ?? {}))
      .filter(([type]) => !/json|^text\//.test(type));
    for (const [type, media] of binary) expect(media.schema, type).toEqual({ type: 'string', format: 'binary' });
    // Google's sign-in is a browser navigation: a redirect without a body, never JSON.
    const start = paths['/identity/google/start']!.get!.responses;
    expect(start['302']).toEqual({ description: expect.any(String) });
    expect(start['200']).toBeUndefined();
    // Errors a route declares beside the derived ones.
    expect(Object.keys(paths['/public/checkout']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '402', '409', '413', '415', '422']),
    );
    expect(paths['/identity/sign-in']!.post!.responses['429']).toBeDefined();
  });

  // Two runs of the CLI side by side, each a few seconds on an idle machine: hence the longer timeout.
  it('passes the OpenAPI linter with no error or warning, whose rules catch a broken document', async () => {
    const doc = t.app.swagger() as unknown as OpenapiDocument;
    const broken = structuredClone(doc);
    delete broken.paths['/events']!.get!.summary;
    delete broken.paths['/identity/google/start']!.get!.responses['302'];
    const [mine, probe] = await Promise.all([redoclyLint(doc), redoclyLint(broken)]);
    expect(mine.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual(
      [],
    );
    expect(mine.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(probe.problems.map((p) => `${p.severity} ${p.ruleId}`).sort()).toEqual([
      'error operation-summary',
      'error rule/operation-success-response',
    ]);
  }, 90_000);
});

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: { $ref?: string; type?: string; format?: string } }> }
  >;
};
type OpenapiDocument = { paths: Record<string, Record<string, Operation> | undefined> };

type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** Runs the Redocly CLI on a document with the repository's redocly.yaml, as `npx redocly lint` would. */
async function redoclyLint(document: unknown): Promise<LintReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const cli = path.join(repositoryRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const config = path.join(repositoryRoot, 'redocly.yaml');
  try {
    // The CLI exits with 1 when it finds errors; the report on stdout says which.
    const { stdout } = await execFileAsync(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return JSON.parse(stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
