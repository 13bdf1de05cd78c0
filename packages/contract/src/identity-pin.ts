/** The digits of the PIN a fan reads out to confirm who they are. */
export const identityPinLength = 6;
