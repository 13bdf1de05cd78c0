/** The product's messages, word for word from the specification. */
export const messages = {
  loginFailed: 'Account information incorrect. Try again.',
  requestFailed: 'Request failed',
  nameRequired: 'name is required',
  emailRequired: 'email is required',
  invalidEmail: 'invalid email',
  passwordRequired: 'Password is required',
  passwordsDontMatch: "Passwords don't match",
  royaltyRange: '* Value must be between 0 and 100',
  somethingWentWrong: 'Something went wrong! We were unable to perform this action',
  daySold: 'You have already sold tickets for this day. You cannot delete days with existing tickets.',
  slotSold: 'You have already sold tickets for this timeslot. You cannot delete timeslots with existing tickets.',
  lastSlot: 'Unable to delete timeslot. Events must have at least one timeslot, you may not delete this slot.',
  ticketImageRequired: 'You need to add a ticket image first.',
  promoNameUsed: 'Promocode name already used',
  widgetSaved: 'Your changes have been saved',
  widgetLive: 'These changes are now live on your site.',
} as const;
