/** What the payment modal needs from a card field, whichever provider is behind it. */
export interface CardEntry {
  /** Confirms the payment with the card as entered; resolves with the intent id, or throws an
   * Error whose message is the provider's, to show under the card field. */
  confirm(clientSecret: string, billing: { email: string }): Promise<string>;
}
