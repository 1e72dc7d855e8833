/** Sent to the OLD address when a member changes their e-mail, so a hijacked session cannot move an account silently. */
export function emailChangedMail(associationName: string, newEmail: string) {
  return {
    subject: `${associationName} Portal: your e-mail address was changed`,
    text: `The e-mail address of your ${associationName} Portal account was changed to ${newEmail}.\n\nIf you made this change, there is nothing to do.\n\nIf you did not, log in, change your password and set your e-mail address back, or contact the association.`,
  };
}
