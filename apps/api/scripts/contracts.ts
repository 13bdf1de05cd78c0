import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const contractsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contracts');
const main = 'PortalTickets.sol';

/** Generated, never committed (`dist/` is ignored): built by `npm run build -w apps/api`, or on demand. */
export const artifactPath = path.join(contractsDir, 'dist/PortalTickets.json');

/**
 * Cancun, the EVM every main chain runs since 2024: OpenZeppelin 5's ERC721 compiles for nothing older
 * (its Bytes library uses MCOPY). The tests' node, anvil, runs it whole.
 */
const settings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { [main]: { PortalTickets: ['abi', 'evm.bytecode.object'] } },
};

export type ContractArtifact = {
  contract: 'PortalTickets';
  compiler: string;
  settings: typeof settings;
  /** Every source the compiler read, by its import path, with the SHA-256 of its text. */
  sources: Record<string, string>;
  abi: { type: string; name?: string }[];
  bytecode: `0x${string}`;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const solcVersion = () => (require('solc/package.json') as { version: string }).version;
/** The contract's own files, then OpenZeppelin's from node_modules. */
const sourcePath = (importPath: string) =>
  importPath.startsWith('@') ? require.resolve(importPath) : path.join(contractsDir, importPath);

/** Compiles the ticket contract with the `solc` package (its compiler is bundled: nothing is downloaded). */
export async function compileTicketContract(): Promise<ContractArtifact> {
  const { default: solc } = await import('solc');
  const sources: Record<string, string> = {};
  const read = (importPath: string) => {
    const text = readFileSync(sourcePath(importPath), 'utf8');
    sources[importPath] = sha256(text);
    return text;
  };
  const input = { language: 'Solidity', sources: { [main]: { content: read(main) } }, settings };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (importPath: string) => {
        try {
          return { contents: read(importPath) };
        } catch (err) {
          return { error: String(err) };
        }
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: ContractArtifact['abi']; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  const compiled = output.contracts?.[main]?.PortalTickets;
  if (errors.length > 0 || !compiled) {
    throw new Error(`${main} does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  return {
    contract: 'PortalTickets',
    compiler: solcVersion(),
    settings,
    sources,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
}

/** Writes the artifact whole or not at all: a reader never sees half of it. */
export function writeArtifact(artifact: ContractArtifact) {
  mkdirSync(path.dirname(artifactPath), { recursive: true });
  const partial = `${artifactPath}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(artifact, null, 2)}\n`);
  renameSync(partial, artifactPath);
}

/** Whether the artifact was built by this compiler, with these settings, from the sources as they are now. */
function isCurrent(artifact: ContractArtifact): boolean {
  if (artifact.compiler !== solcVersion() || JSON.stringify(artifact.settings) !== JSON.stringify(settings)) {
    return false;
  }
  try {
    return Object.entries(artifact.sources).every(([p, hash]) => sha256(readFileSync(sourcePath(p), 'utf8')) === hash);
  } catch {
    return false;
  }
}

/** The compiled contract: the artifact when it is current, else compiled now and written for next time. */
export async function ticketContract(): Promise<ContractArtifact> {
  try {
    const saved = JSON.parse(readFileSync(artifactPath, 'utf8')) as ContractArtifact;
    if (isCurrent(saved)) return saved;
  } catch {
    // Not built yet.
  }
  const artifact = await compileTicketContract();
  writeArtifact(artifact);
  return artifact;
}
