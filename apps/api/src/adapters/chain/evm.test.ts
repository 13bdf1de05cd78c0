import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketContract } from '../../../scripts/contracts.ts';
import { startEvmNode, strangerKey, testOperatorKey } from '../../../test/evm-node.ts';
import { createEvmChain, deployPortalTickets, evmTokenId, holderAddress, portalTicketsAbi } from './evm.ts';
import type { ChainRecord } from './index.ts';

const holderSecret = 'a holder secret of at least 32 characters';
const mint = (ticketId: number, owner: number): ChainRecord => ({
  kind: 'mint',
  tokenId: `tkt-${ticketId}`,
  payload: { owner, event: 1, ticket_type: 1 },
});

describe('the EVM chain, on a real node', () => {
  let node: Awaited<ReturnType<typeof startEvmNode>>;
  let address: Address;
  let chain: ReturnType<typeof createEvmChain>;
  let reader: ReturnType<typeof createPublicClient>;

  const read = { abi: portalTicketsAbi, address: '0x' as Address };
  const ownerOf = (ticketId: number) =>
    reader.readContract({ ...read, functionName: 'ownerOf', args: [BigInt(ticketId)] });
  const balanceOf = (userId: number) =>
    reader.readContract({ ...read, functionName: 'balanceOf', args: [holderAddress(holderSecret, userId)] });
  const holder = (userId: number) => holderAddress(holderSecret, userId);

  beforeAll(async () => {
    const [started, { bytecode }] = await Promise.all([startEvmNode(), ticketContract()]);
    node = started;
    address = await deployPortalTickets({ rpcUrl: node.rpcUrl, operatorKey: testOperatorKey }, bytecode, {
      pollingIntervalMs: 50,
    });
    read.address = address;
    const settings = { rpcUrl: node.rpcUrl, operatorKey: testOperatorKey, contractAddress: address, holderSecret };
    chain = createEvmChain(settings, { pollingIntervalMs: 50 });
    reader = createPublicClient({ transport: http(node.rpcUrl) });
  });
  afterAll(() => node.close());

  it('declares only calls the compiled contract has, with their parameters and results', async () => {
    type Item = {
      type: string;
      name?: string;
      inputs?: readonly { type: string }[];
      outputs?: readonly { type: string }[];
    };
    const shape = (item: Item) =>
      JSON.stringify([item.type, item.name, item.inputs?.map((p) => p.type), item.outputs?.map((p) => p.type)]);
    const compiled = new Set(((await ticketContract()).abi as Item[]).map(shape));
    expect(portalTicketsAbi.map(shape).filter((declared) => !compiled.has(declared))).toEqual([]);
  });

  it('gives each holder an address of its own, which only the secret leads to', () => {
    expect(holderAddress(holderSecret, 7)).toBe(holderAddress(holderSecret, 7));
    expect(holderAddress(holderSecret, 7)).not.toBe(holderAddress(holderSecret, 8));
    expect(holderAddress('another secret of at least 32 characters', 7)).not.toBe(holderAddress(holderSecret, 7));
    expect(evmTokenId('tkt-42')).toBe(42n);
    expect(() => evmTokenId('42')).toThrow("42 is not a ticket's token");
  });

  it('mints in batches to the holders, and a mint sent again mints nothing', async () => {
    const rush = Array.from({ length: 130 }, (_, i) => mint(1000 + i, 1 + (i % 3)));
    await chain.recordAll(rush);
    await chain.recordAll(rush.slice(0, 5));
    expect(await ownerOf(1000)).toBe(holder(1));
    expect(await ownerOf(1128)).toBe(holder(3));
    expect([await balanceOf(1), await balanceOf(2), await balanceOf(3)]).toEqual([44n, 43n, 43n]);
    expect(await chain.verify()).toEqual({ ok: true, records: 130 });
  });

  it('moves a token between holders once; a stale move from an earlier holder is refused', async () => {
    await chain.record(mint(2000, 10));
    const move = { kind: 'transfer', tokenId: 'tkt-2000', payload: { from: 10, to: 11 } } as const;
    await chain.record(move);
    await chain.record(move);
    expect(await ownerOf(2000)).toBe(holder(11));
    await chain.record({ kind: 'transfer', tokenId: 'tkt-2000', payload: { from: 11, to: 12, resale: 5 } });
    await expect(
      chain.record({ kind: 'transfer', tokenId: 'tkt-2000', payload: { from: 10, to: 11 } }),
    ).rejects.toThrow(/revert/);
    expect(await ownerOf(2000)).toBe(holder(12));
    expect(await balanceOf(10)).toBe(0n);
  });

  it('burns a token for good, and a burn that overtakes its mint keeps the token off the chain', async () => {
    await chain.record(mint(3000, 20));
    const burn = { kind: 'burn', tokenId: 'tkt-3000', payload: { refund: 1 } } as const;
    await chain.record(burn);
    await chain.record(burn);
    await expect(ownerOf(3000)).rejects.toThrow();
    expect(await balanceOf(20)).toBe(0n);
    await chain.record(mint(3000, 20));
    await expect(ownerOf(3000)).rejects.toThrow();

    await chain.record({ kind: 'burn', tokenId: 'tkt-3001', payload: { refund: 2 } });
    await chain.record(mint(3001, 21));
    await expect(ownerOf(3001)).rejects.toThrow();
    expect(await reader.readContract({ ...read, functionName: 'burned', args: [3001n] })).toBe(true);
  });

  it('runs the whole contract, as a wallet or an explorer reads it: its name, symbol and a ticket’s owner', async () => {
    const { abi } = await ticketContract();
    const call = (functionName: string, args: unknown[] = []) =>
      reader.readContract({ abi, address, functionName, args } as Parameters<typeof reader.readContract>[0]);
    expect(await call('name')).toBe('Partner Portal Ticket');
    expect(await call('symbol')).toBe('TICKET');
    expect(await call('supportsInterface', ['0x80ac58cd'])).toBe(true);
    expect(await call('ownerOf', [1000n])).toBe(holder(1));
  });

  it('lets nobody but the operator mint, move or burn', async () => {
    const stranger = createWalletClient({ account: privateKeyToAccount(strangerKey), transport: http(node.rpcUrl) });
    await expect(
      stranger.writeContract({ ...read, functionName: 'mintBatch', args: [[holder(30)], [4000n]], chain: null }),
    ).rejects.toThrow();
    await expect(
      stranger.writeContract({ ...read, functionName: 'burn', args: [1000n], chain: null }),
    ).rejects.toThrow();
    expect(await ownerOf(1000)).toBe(holder(1));
  });

  it('fails in one line while the node is down, and works again once it is back', async () => {
    await node.stop();
    const failed = await chain.record(mint(5000, 40)).catch((err: unknown) => err as Error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe('HTTP request failed. (fetch failed)');
    await node.start();
    await chain.record(mint(5000, 40));
    expect(await ownerOf(5000)).toBe(holder(40));
    // The chain kept its state while it could not be reached.
    expect(await ownerOf(2000)).toBe(holder(12));
  });
});
