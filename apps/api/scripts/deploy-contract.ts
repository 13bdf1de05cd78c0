import { deployPortalTickets } from '../src/adapters/chain/index.ts';
import { ticketContract } from './contracts.ts';

// `npm run chain:deploy -w apps/api`: puts the ticket contract on the chain at CHAIN_RPC_URL, owned by
// the key in CHAIN_OPERATOR_KEY, and prints the CHAIN_CONTRACT_ADDRESS to set (docs/chain.md).
const rpcUrl = process.env.CHAIN_RPC_URL;
const operatorKey = process.env.CHAIN_OPERATOR_KEY;
if (!rpcUrl || !operatorKey || !/^0x[0-9a-fA-F]{64}$/.test(operatorKey)) {
  console.error('Set CHAIN_RPC_URL, and CHAIN_OPERATOR_KEY to the operator’s private key (0x and 64 hex digits).');
  process.exit(1);
}
const { bytecode } = await ticketContract();
const address = await deployPortalTickets({ rpcUrl, operatorKey: operatorKey as `0x${string}` }, bytecode);
console.log(`CHAIN_CONTRACT_ADDRESS=${address}`);
