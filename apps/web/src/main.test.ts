import { expect, it } from 'vitest';
import entry from './main.tsx?raw';

it('turns off parsing by eval before anything else runs, as the Content-Security-Policy forbids it', () => {
  const firstImport = entry.split('\n').find((line) => line.startsWith('import'));
  expect(firstImport).toBe("import '@portal/contract/no-eval';");
});
