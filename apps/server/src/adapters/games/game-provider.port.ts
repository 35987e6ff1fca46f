// The game-provider port (decision 020). Amounts are bigint minor units; every transfer carries our
// transfer id so the provider applies it at most once and can tell us later what became of it.

export type ProviderCredentials = {
  username: string;
  password: string;
  /** Form state for the UFABET login; null for other games. */
  event: Record<string, string> | null;
};

export type ProviderTransfer = { username: string; amount: bigint; transferId: string };

/** What the provider's books say about one of our transfer ids. */
export type ProviderTransferState = 'APPLIED' | 'NOT_FOUND' | 'CANCELLED';

/** One player's settled bets over a range, as the provider reports them (minor units). */
export type PlayerTurnover = { username: string; validBet: bigint; bets: number };

export type GameProvider = {
  createPlayer(input: { gameCode: string; memberId: number; currency: string }): Promise<ProviderCredentials>;
  /** The player's balance at the provider, in minor units. */
  balance(input: { gameCode: string; username: string }): Promise<bigint>;
  /** Moves money into the player's game balance. Resolves when applied. */
  deposit(input: ProviderTransfer & { gameCode: string }): Promise<void>;
  /** Moves money out of the player's game balance. Resolves when applied. */
  withdraw(input: ProviderTransfer & { gameCode: string }): Promise<void>;
  transferStatus(input: { gameCode: string; transferId: string }): Promise<ProviderTransferState>;
  /**
   * Voids a transfer id so a late request carrying it is refused. Answers the final state:
   * CANCELLED, or APPLIED when the transfer had already gone through.
   */
  cancelTransfer(input: { gameCode: string; transferId: string }): Promise<'CANCELLED' | 'APPLIED'>;
  resetPassword(input: { gameCode: string; username: string }): Promise<ProviderCredentials>;
  /** A one-time auto-login link for the player. */
  launchLink(input: { gameCode: string; username: string }): Promise<string>;
  /** Each player's valid bets settled with their time in [from, to) at this game (decision 055). */
  turnover(input: { gameCode: string; from: Date; to: Date }): Promise<PlayerTurnover[]>;
};

/** The provider refused: nothing was applied (unknown player, not enough balance, void id…). */
export class ProviderRejected extends Error {
  constructor(readonly reason: string) {
    super(`provider rejected: ${reason}`);
    this.name = 'ProviderRejected';
  }
}

/** No definite answer (timeout, 5xx, lost response): the call may or may not have been applied. */
export class ProviderUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`provider unavailable: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}
