import path from 'node:path';
import { artifactPath, compileTicketContract, writeArtifact } from './contracts.ts';

// `npm run build -w apps/api`: compiles the ticket contract into its artifact (ABI and bytecode).
const artifact = await compileTicketContract();
writeArtifact(artifact);
console.log(`${path.relative(process.cwd(), artifactPath)}: ${artifact.contract}, solc ${artifact.compiler}`);
