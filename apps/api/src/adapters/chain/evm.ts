import {
  BaseError,
  concat,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  numberToHex,
  parseAbi,
  slice,
  toBytes,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { EvmChainSettings } from '../../config.ts';
import type { Chain, ChainRecord } from './port.ts';

/**
 * The calls the portal makes on its ticket contract (apps/api/contracts/PortalTickets.sol), written
 * here so that the server needs no compiler output; a test checks each against the compiled contract.
 */
export const portalTicketsAbi = parseAbi([
  'function mintBatch(address[] to, uint256[] tokenIds)',
  'function move(address from, address to, uint256 tokenId)',
  'function burn(uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function owner() view returns (address)',
  'function minted() view returns (uint256)',
  'function burned(uint256 tokenId) view returns (bool)',
  'error LengthMismatch()',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error OwnableUnauthorizedAccount(address account)',
]);

/** Mints per transaction: about 50,000 gas each, so one stays far under any chain's block gas limit. */
const MINTS_PER_TRANSACTION = 100;
/**
 * A batch's gas limit, set rather than estimated (a node estimates by running the batch several
 * times): a mint writes at most two new storage slots, a counter and an event, under 50,000 gas, and
 * what a transaction does not use is not paid for.
 */
const mintGasLimit = (mints: number) => BigInt(60_000 + 60_000 * mints);

/**
 * A holder's custodial address: the last 20 bytes of keccak256(keccak256(secret) ‖ user id). No key
 * exists for it, so only the operator moves its tokens; without the secret nobody can tell whose it is.
 */
export function holderAddress(holderSecret: string, userId: number): Address {
  const hash = keccak256(concat([keccak256(toBytes(holderSecret)), numberToHex(userId, { size: 32 })]));
  return getAddress(slice(hash, 12));
}

/** A ticket's token id on the contract: the ticket's id. */
export function evmTokenId(tokenId: string): bigint {
  const id = /^tkt-(\d+)$/.exec(tokenId)?.[1];
  if (!id) throw new Error(`${tokenId} is not a ticket's token`);
  return BigInt(id);
}

/**
 * viem's errors run to many lines, the node's URL among them (a hosted node's holds its key): the
 * pass logs, and the queue keeps, one line.
 */
function briefly(err: unknown): Error {
  if (!(err instanceof BaseError)) return err instanceof Error ? err : new Error(String(err));
  const first = err.shortMessage.split('\n')[0]!;
  return new Error(err.details ? `${first} (${err.details})` : first);
}

/**
 * The chain as an ERC-721 contract on an EVM network, reached over JSON-RPC and written by the
 * operator's key. Each write waits for its receipt, so a record the pass marks done is on the chain;
 * one that fails (a node that is down, a transaction that reverts) throws, and the pass tries again.
 * Several processes sharing the key may collide on a nonce: the loser fails and is retried.
 */
export function createEvmChain(settings: EvmChainSettings, { pollingIntervalMs = 1_000 } = {}): Chain {
  const transport = http(settings.rpcUrl, { timeout: 20_000, retryCount: 1 });
  const account = privateKeyToAccount(settings.operatorKey);
  const reader = createPublicClient({ transport, pollingInterval: pollingIntervalMs });
  const writer = createWalletClient({ account, transport });
  const contract = { address: settings.contractAddress, abi: portalTicketsAbi } as const;
  const holder = (userId: number) => holderAddress(settings.holderSecret, userId);

  const confirmed = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, timeout: 120_000 });
    // viem answers with the receipt of whatever took this transaction's nonce: another write from the
    // same key is no confirmation of this one, which is then retried.
    if (receipt.transactionHash !== hash) throw new Error(`transaction ${hash} was replaced`);
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };
  const mint = async (mints: Extract<ChainRecord, { kind: 'mint' }>[]) => {
    for (let i = 0; i < mints.length; i += MINTS_PER_TRANSACTION) {
      const chunk = mints.slice(i, i + MINTS_PER_TRANSACTION);
      const to = chunk.map((m) => holder(m.payload.owner));
      const ids = chunk.map((m) => evmTokenId(m.tokenId));
      const gas = mintGasLimit(chunk.length);
      await confirmed(
        await writer.writeContract({ ...contract, functionName: 'mintBatch', args: [to, ids], gas, chain: null }),
      );
    }
  };
  const apply = async (entry: Exclude<ChainRecord, { kind: 'mint' }>) => {
    const id = evmTokenId(entry.tokenId);
    const hash =
      entry.kind === 'transfer'
        ? await writer.writeContract({
            ...contract,
            functionName: 'move',
            args: [holder(entry.payload.from), holder(entry.payload.to), id],
            chain: null,
          })
        : await writer.writeContract({ ...contract, functionName: 'burn', args: [id], chain: null });
    await confirmed(hash);
  };

  const recordAll: Chain['recordAll'] = async (entries) => {
    // Runs of mints go out together; everything keeps its order.
    let mints: Extract<ChainRecord, { kind: 'mint' }>[] = [];
    for (const entry of entries) {
      if (entry.kind === 'mint') {
        mints.push(entry);
        continue;
      }
      await mint(mints);
      mints = [];
      await apply(entry);
    }
    await mint(mints);
  };

  const plainly =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    (...args: A) =>
      f(...args).catch((err: unknown) => {
        throw briefly(err);
      });
  return {
    kind: 'evm',
    recordAll: plainly(recordAll),
    record: plainly((entry: ChainRecord) => recordAll([entry])),
    verify: plainly(async () => {
      const [owner, minted] = await Promise.all([
        reader.readContract({ ...contract, functionName: 'owner' }),
        reader.readContract({ ...contract, functionName: 'minted' }),
      ]);
      return { ok: isAddressEqual(owner, account.address), records: Number(minted) };
    }),
  };
}

/** Puts the compiled contract on the chain from the operator's key; answers its address. */
export async function deployPortalTickets(
  settings: Pick<EvmChainSettings, 'rpcUrl' | 'operatorKey'>,
  bytecode: Hex,
  { pollingIntervalMs = 1_000 } = {},
): Promise<Address> {
  const transport = http(settings.rpcUrl);
  const writer = createWalletClient({ account: privateKeyToAccount(settings.operatorKey), transport });
  const reader = createPublicClient({ transport, pollingInterval: pollingIntervalMs });
  const hash = await writer.deployContract({ abi: portalTicketsAbi, bytecode, chain: null });
  const receipt = await reader.waitForTransactionReceipt({ hash, timeout: 120_000 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment ${hash} failed`);
  return receipt.contractAddress;
}
