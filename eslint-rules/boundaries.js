// The repository's own import boundaries. Each rule resolves what an import names to the file it
// reaches, so a boundary holds however the path is written: relative at any depth, through the
// folder of another part, or by a workspace package's name (node_modules/@portal/web/src/...).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Workspace packages by name, with their folders, read from the root package.json (one read per root). */
const workspacesByRoot = new Map();
function workspaces(root) {
  let found = workspacesByRoot.get(root);
  if (found) return found;
  found = [];
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  for (const pattern of read(path.join(root, 'package.json')).workspaces ?? []) {
    // The root names its workspaces as 'folder/*' or 'folder'.
    const parent = pattern.endsWith('/*') ? pattern.slice(0, -2) : null;
    const folders = parent
      ? readdirNames(path.join(root, parent)).map((name) => path.join(root, parent, name))
      : [path.join(root, pattern)];
    for (const folder of folders) {
      try {
        found.push({ name: read(path.join(folder, 'package.json')).name, folder });
      } catch {
        // A folder without a package.json is no workspace.
      }
    }
  }
  workspacesByRoot.set(root, found);
  return found;
}

function readdirNames(folder) {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** The absolute path an import names, or null for a package outside the workspace. */
function resolveImport(source, filename, root) {
  if (source.startsWith('.') || path.isAbsolute(source)) return path.resolve(path.dirname(filename), source);
  const workspace = workspaces(root).find(({ name }) => source === name || source.startsWith(`${name}/`));
  return workspace ? path.join(workspace.folder, source.slice(workspace.name.length)) : null;
}

/** Calls `check(sourceNode, text)` for every import, re-export, dynamic import and type import. */
function eachImport(check) {
  const literal = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string') check(node, node.value);
    else if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
      check(node, node.quasis[0].value.cooked);
  };
  return {
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    TSImportType: (node) => literal(node.source),
  };
}

/** The repository's root, which the rules' folders are relative to: settings.boundaries.root, else the cwd. */
const rootOf = (context) => context.settings.boundaries?.root ?? context.cwd;

/** Where `file` sits among the parts of `folder`: the part's name and the path inside it, or null. */
function placeIn(folder, file) {
  const inside = path.relative(folder, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const [part, ...rest] = inside.split(path.sep);
  return { part, rest: rest.join('/') };
}

/** A part's entry: the folder itself, or a file named `entry` with any extension. */
const isEntry = (rest, entry) => entry !== undefined && (rest === '' || rest.replace(/\.[cm]?[jt]sx?$/, '') === entry);

const partsSchema = [
  {
    type: 'object',
    properties: {
      folder: { type: 'string' },
      entry: { type: 'string' },
      openTo: { type: 'array', items: { type: 'string' } },
      message: { type: 'string' },
    },
    required: ['folder', 'message'],
    additionalProperties: false,
  },
];

/**
 * The parts of `folder` (each of its sub-folders) are sealed: a file outside a part may import only
 * its `entry` (with no entry, nothing), unless that file is under one of the `openTo` folders.
 */
const sealedParts = {
  meta: {
    type: 'problem',
    docs: { description: 'A part of a folder is reached only through its entry, or not at all from outside.' },
    schema: partsSchema,
    messages: { sealed: "'{{source}}' reaches inside {{part}}. {{message}}" },
  },
  create(context) {
    const { folder, entry, openTo = [], message } = context.options[0];
    const root = rootOf(context);
    const sealed = path.resolve(root, folder);
    const open = openTo.map((dir) => path.resolve(root, dir));
    const importer = path.resolve(root, context.filename);
    if (open.some((dir) => placeIn(dir, importer) !== null)) return {};
    const home = placeIn(sealed, importer)?.part;
    return eachImport((node, source) => {
      const target = resolveImport(source, importer, root);
      const place = target && placeIn(sealed, target);
      if (!place || place.part === home || isEntry(place.rest, entry)) return;
      const part = path.relative(root, path.join(sealed, place.part)).split(path.sep).join('/');
      context.report({ node, messageId: 'sealed', data: { source, part, message } });
    });
  },
};

/**
 * A part's own files never import its entry: the entry imports them (it picks an adapter's backend,
 * re-exports a module's face), so the two would import each other. What both need lives beside them.
 */
const noEntryFromInside = {
  meta: {
    type: 'problem',
    docs: { description: "A part's files do not import the part's own entry." },
    schema: [
      {
        type: 'object',
        properties: { folders: { type: 'array', items: { type: 'string' } }, entry: { type: 'string' } },
        required: ['folders', 'entry'],
        additionalProperties: false,
      },
    ],
    messages: {
      entryFromInside:
        "'{{source}}' is the entry of {{part}}, which imports this file's neighbours: take what both need from a file beside them.",
    },
  },
  create(context) {
    const { folders, entry } = context.options[0];
    const root = rootOf(context);
    const importer = path.resolve(root, context.filename);
    const home = folders
      .map((folder) => ({ folder: path.resolve(root, folder), place: placeIn(path.resolve(root, folder), importer) }))
      .find(({ place }) => place !== null);
    if (!home || isEntry(home.place.rest, entry)) return {};
    return eachImport((node, source) => {
      const target = resolveImport(source, importer, root);
      const place = target && placeIn(home.folder, target);
      if (!place || place.part !== home.place.part || !isEntry(place.rest, entry)) return;
      const part = path.relative(root, path.join(home.folder, place.part)).split(path.sep).join('/');
      context.report({ node, messageId: 'entryFromInside', data: { source, part } });
    });
  },
};

/** Every folder and file name below the root in kebab-case; a file's name may carry dotted parts (x.test.ts). */
const kebabCaseNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Folder and file names are kebab-case.' },
    schema: [],
    messages: { notKebab: "'{{name}}' is not kebab-case: lower-case words joined by '-'." },
  },
  create(context) {
    const relative = path.relative(rootOf(context), context.filename);
    if (relative.startsWith('..')) return {};
    const word = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    const bad = relative.split(path.sep).find(
      (name) =>
        !name
          .replace(/^\./, '')
          .split('.')
          .every((piece) => word.test(piece)),
    );
    if (!bad) return {};
    return {
      Program: (node) =>
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'notKebab', data: { name: bad } }),
    };
  },
};

/** The file a relative import loads, trying the extensions and index files a bundler would; null if none. */
function loadedFile(target) {
  for (const candidate of [target, ...['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'].map((end) => target + end)]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

// `import … from './x'`, `import './x'`, `export … from './x'`: a static import of a neighbour. Type-only
// ones (`import type`, `export type`) are erased at build time and load nothing, so they cannot cycle.
const staticImport = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"](\.[^'"]+)['"]/g;

/** What a file on disk imports statically, as files; read once per lint run and file version. */
const importsByFile = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = importsByFile.get(file);
  if (known?.mtime === mtime) return known.imports;
  const imports = [];
  for (const [, typeOnly, source] of readFileSync(file, 'utf8').matchAll(staticImport)) {
    const target = !typeOnly && loadedFile(path.resolve(path.dirname(file), source));
    if (target) imports.push(target);
  }
  importsByFile.set(file, { mtime, imports });
  return imports;
}

/**
 * The chain of static imports from `start` back to `goal`, or null when none leads there. `cleared`
 * holds files already shown not to lead there: a walk that finds nothing adds every file it saw, so
 * the importer's other imports do not walk the same graph again.
 */
function pathBack(start, goal, cleared) {
  const seen = new Set();
  const walk = (file) => {
    if (file === goal) return [file];
    if (seen.has(file) || cleared.has(file)) return null;
    seen.add(file);
    for (const next of importsOf(file)) {
      const rest = walk(next);
      if (rest) return [file, ...rest];
    }
    return null;
  };
  const chain = walk(start);
  if (!chain) for (const file of seen) cleared.add(file);
  return chain;
}

/**
 * No file imports, through any chain of static imports, a file that imports it back: a cycle loads
 * one of its files half-initialised (an undefined import at start-up, a constant read before it is
 * set). Lazy `import()` and type-only imports load nothing at start and are let through.
 */
const noCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Static imports never form a cycle.' },
    schema: [],
    messages: { cycle: "'{{source}}' leads back to this file: {{chain}}." },
  },
  create(context) {
    const root = rootOf(context);
    const importer = path.resolve(root, context.filename);
    const cleared = new Set();
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = loadedFile(path.resolve(path.dirname(importer), source));
      const chain = target && pathBack(target, importer, cleared);
      if (!chain) return;
      const names = [importer, ...chain].map((file) => path.relative(root, file).split(path.sep).join('/'));
      context.report({ node: node.source, messageId: 'cycle', data: { source, chain: names.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export { kebabCaseNames, noCycles, noEntryFromInside, sealedParts };
