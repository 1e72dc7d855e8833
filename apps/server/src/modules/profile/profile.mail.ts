/** Sent to the OLD address when a member changes their e-mail, so a hijacked session cannot move an account silently. */
export function emailChangedMail(associationName: string, newEmail: string) {
  return {
    subject: `${associationName} Portal: your e-mail address was changed`,
    text: `The e-mail address of your ${associationName} Portal account was changed to ${newEmail}.\n\nIf you made this change, there is nothing to do.\n\nIf you did not, log in, change your password and set your e-mail address back, or contact the association.`,
  };
}

/** Sent to the NEW address: the change happens only when its owner follows this link. */
export function confirmEmailChangeMail(associationName: string, newEmail: string, link: string, hours: number) {
  return {
    subject: `${associationName} Portal: confirm your new e-mail address`,
    text: `Someone asked to use ${newEmail} as the e-mail address of an ${associationName} Portal account.\n\nTo confirm that it is yours, open this link within ${hours} hours:\n${link}\n\nIf you did not ask for this, ignore this message: nothing changes.`,
  };
}

/** Sent to the CURRENT address when a change is requested, before anything has changed. */
export function emailChangeRequestedMail(associationName: string, newEmail: string) {
  return {
    subject: `${associationName} Portal: a change of your e-mail address was requested`,
    text: `Someone signed in to your ${associationName} Portal account asked to change its e-mail address to ${newEmail}. Nothing has changed yet: the change happens only when the link we sent to ${newEmail} is followed.\n\nIf you did not ask for this, log in and change your password now: that cancels the change and signs out every other session.`,
  };
}
