// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/**
 * The portal's tickets, one token per ticket, its id the ticket's id.
 *
 * Custody: fans have no wallets. Each holder is a custodial address the portal derives from its user
 * id and a server secret (no private key exists for it), so a holder's address shows which tickets
 * belong together without telling who holds them. Only the operator, the owner of this contract and
 * the portal's one signing key, mints, moves and burns, each time after the portal's own record of a
 * sale, a transfer, a resale or a refund; nobody can move a token from a custodial address but it.
 *
 * Every call is safe to repeat, because the portal retries what it could not confirm: a mint of a
 * token that exists or was burned changes nothing, a move to the token's holder changes nothing, a
 * burn of a burned token changes nothing. A move from someone who no longer holds the token reverts,
 * so a stale retry can never undo a later move.
 */
contract PortalTickets is ERC721, Ownable {
    /** Tokens ever minted, burned ones included. */
    uint256 public minted;
    /** A burned token is never minted again, even by a mint that was sent before the burn. */
    mapping(uint256 tokenId => bool) public burned;

    error LengthMismatch();

    constructor() ERC721("Partner Portal Ticket", "TICKET") Ownable(msg.sender) {}

    /** Mints each `tokenIds[i]` to `to[i]`, skipping the ones that exist or were burned. */
    function mintBatch(address[] calldata to, uint256[] calldata tokenIds) external onlyOwner {
        if (to.length != tokenIds.length) revert LengthMismatch();
        for (uint256 i = 0; i < tokenIds.length; ++i) {
            if (_ownerOf(tokenIds[i]) != address(0) || burned[tokenIds[i]]) continue;
            _mint(to[i], tokenIds[i]);
            ++minted;
        }
    }

    /** Moves a token between custodial addresses; `from` must hold it, unless `to` already does. */
    function move(address from, address to, uint256 tokenId) external onlyOwner {
        if (_ownerOf(tokenId) == to) return;
        _transfer(from, to, tokenId);
    }

    /** Burns a token for good; a token not minted yet is marked so that its mint never happens. */
    function burn(uint256 tokenId) external onlyOwner {
        if (burned[tokenId]) return;
        burned[tokenId] = true;
        if (_ownerOf(tokenId) != address(0)) _burn(tokenId);
    }
}
